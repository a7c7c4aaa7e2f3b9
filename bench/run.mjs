// npm run bench [-- part ...]: runs every benchmark (or the named parts) in turn; each prints its own table.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const parts = {
  api: 'bench/api.mjs',
  search: 'bench/search.ts',
  'flash-sale': 'bench/flash-sale.mjs',
  bundle: 'bench/bundle.mjs',
  lighthouse: 'bench/lighthouse.mjs',
  // Accessibility and best practices of every page, light and dark, logged in (issue 23; docs/accessibility.md).
  'lighthouse-a11y': 'bench/lighthouse-a11y.mjs',
  // The mini-program's package sizes (main ≤ 1 MB, each subpackage ≤ 2 MB): the weapp build and its check.
  weapp: 'test/weapp/check.mjs',
  // Bytes and setData calls of every mini-program page's first load (each page ≤ 32 KB).
  'weapp-setdata': 'bench/weapp-setdata.mjs',
  scale: 'bench/scale-out.mjs',
  soak: 'bench/soak.mjs',
  // Bad-input fuzz, authorisation, mass assignment and rate limits: the server suites' own counts.
  security: 'bench/security.mjs',
  // The merchant console: its goods and order lists over 100,000 rows, and its first-load JavaScript.
  'admin-lists': 'bench/admin-lists.mjs',
  'console-bundle': 'bench/console-bundle.mjs',
}
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(parts)
let failed = 0
for (const name of wanted) {
  const file = parts[name]
  if (!file) {
    console.error(`unknown bench part ${name}; parts: ${Object.keys(parts).join(', ')}`)
    process.exit(2)
  }
  if (!fs.existsSync(path.join(root, file))) {
    console.log(`\n### ${name}: ${file} not present, skipped`)
    continue
  }
  console.log(`\n### ${name}: node ${file}`)
  // TypeScript parts (which call the server's services directly) run through tsx.
  const argv = file.endsWith('.ts') ? [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), file] : [file]
  const r = spawnSync(process.execPath, argv, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
