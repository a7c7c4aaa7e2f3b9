// The shop server (server/src/main.ts) and its operator CLI (server/src/admin.ts) as two JS bundles for the e2e
// run (dist/e2e-server): every spec's shop then starts without tsx compiling the TypeScript again. Built by
// run.mjs at the start of each run, so it is never older than the sources; a spec started on its own (node --test)
// runs the sources through tsx as before. The packages in node_modules stay outside the bundle (loaded as npm start
// loads them), the same esbuild transform tsx applies (the root tsconfig.json, as tsx uses from the repository root),
// and `__dirname` in a source file keeps naming that file's folder (config.ts finds the repository root with it,
// demo/videoMedia.ts the committed media, app.ts the console's build).
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

export async function buildServerBundle(root, outdir) {
  const keepDirname = {
    name: 'keep-dirname',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const src = await fs.promises.readFile(args.path, 'utf8')
        return { contents: src.replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path))), loader: 'ts' }
      })
    },
  }
  fs.rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: { main: path.join(root, 'server', 'src', 'main.ts'), admin: path.join(root, 'server', 'src', 'admin.ts') },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepDirname],
  })
  return { main: path.join(outdir, 'main.cjs'), admin: path.join(outdir, 'admin.cjs') }
}
