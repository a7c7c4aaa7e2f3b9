// npm start: build the H5 and the merchant console when their sources are newer than their builds, then serve
// H5 + console (/admin/) + API on one port (SQLite by default).
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const out = path.join(root, process.env.TARO_OUTPUT || 'dist/h5')

function newest(dir) {
  let t = 0
  if (!fs.existsSync(dir)) return t
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)
  }
  return t
}

const index = path.join(out, 'index.html')
const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0
const sources = Math.max(...['src', 'config', 'types'].map((d) => newest(path.join(root, d))), fs.statSync(path.join(root, 'package.json')).mtimeMs)
if (!built || sources > built || process.env.FORCE_BUILD) {
  console.log('Building the H5 shop (about a minute)…')
  const r = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
  if (r.status !== 0) process.exit(r.status || 1)
}

// The merchant console (admin/, Vite): admin/dist, rebuilt when admin/ or the shared types are newer.
const adminIndex = path.join(root, 'admin', 'dist', 'index.html')
const adminBuilt = fs.existsSync(adminIndex) ? fs.statSync(adminIndex).mtimeMs : 0
const adminSources = Math.max(
  ...['admin/src', 'types'].map((d) => newest(path.join(root, d))),
  ...['admin/index.html', 'admin/vite.config.ts', 'package.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
)
if (!adminBuilt || adminSources > adminBuilt || process.env.FORCE_BUILD) {
  console.log('Building the merchant console…')
  const r = spawnSync('npx', ['vite', 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) process.exit(r.status || 1)
}

const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, H5_DIR: out },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
