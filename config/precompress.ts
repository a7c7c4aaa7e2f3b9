import zlib from 'node:zlib'

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the H5 build (after the content
 * hashes are final), so the server sends them compressed without compressing on each request
 * (@fastify/static `preCompressed`). Files under 1 KB are left alone.
 */
export class PrecompressPlugin {
  apply(compiler: any) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation: any) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets: Record<string, any>) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue
          const buf: Buffer = source.buffer()
          if (buf.length < 1024) continue
          const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })
          const gz = zlib.gzipSync(buf, { level: 9 })
          if (br.length < buf.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br), { compressed: true })
          if (gz.length < buf.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), { compressed: true })
        }
      })
    })
  }
}
