import fs from 'node:fs'

/**
 * `BUNDLE_STATS=/tmp/stats.json npm run build:h5` writes, for every chunk, its files and its modules with
 * their sizes before minification (inner modules of concatenated ones listed one by one): the list to read
 * when the first load grows (bench/bundle.mjs says which chunks the home page loads).
 */
export class BundleStatsPlugin {
  constructor(private file: string) {}
  apply(compiler: any) {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats: any) => {
      const c = stats.compilation
      const chunks = [...c.chunks].map((chunk: any) => {
        const modules: [number, string][] = []
        for (const m of c.chunkGraph.getChunkModulesIterable(chunk)) for (const inner of m.modules ? [...m.modules] : [m]) modules.push([inner.size(), inner.readableIdentifier(c.requestShortener)])
        return { id: chunk.id, files: [...chunk.files], modules: modules.sort((a, b) => b[0] - a[0]) }
      })
      fs.writeFileSync(this.file, JSON.stringify(chunks))
    })
  }
}
