// setData on each mini-program page's first load: bytes and calls, from the logic-layer harness
// (test/weapp/harness.mjs) against a seeded server, logged in, with real query parameters from the seed.
//   TARO_OUTPUT=dist/weapp WEAPP_TEST_BUILD=1 API_ORIGIN=https://mall.test npx taro build --type weapp
//   node bench/weapp-setdata.mjs [--out dist/weapp] [--origin https://mall.test] [--json file]
// The build's API origin is mapped to the local server. Prints a table (heaviest first) and the totals; exits
// non-zero when a page's first load sends more than 32 KB.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const out = path.resolve(root, arg('out', process.env.TARO_OUTPUT || 'dist/weapp'))
const apiOrigin = arg('origin', process.env.API_ORIGIN || 'https://mall.test')
const { checkBoot, SETDATA_PAGE_LIMIT } = await import('../test/weapp/boot.mjs')

// Only the logged-in pass with seed params is measured; the flows run first (they give the order pages an order).
process.env.WEAPP_PASSES = 'logged in, seed params'
const failures = []
const report = await checkBoot(out, (name, ok, detail) => !ok && failures.push(`${name}: ${detail}`), { apiOrigin })
const rows = (report.passes['logged in, seed params'] || []).slice().sort((a, b) => b.bytes - a.bytes)
const kb = (n) => (n / 1024).toFixed(1)
const width = Math.max(...rows.map((r) => r.route.length), 4)
console.log(`\n${'page'.padEnd(width)}  ${'calls'.padStart(5)}  ${'KB'.padStart(6)}`)
for (const r of rows) console.log(`${r.route.padEnd(width)}  ${String(r.calls).padStart(5)}  ${kb(r.bytes).padStart(6)}${r.bytes > SETDATA_PAGE_LIMIT ? '  over 32 KB' : ''}`)
const total = rows.reduce((a, r) => a + r.bytes, 0)
const calls = rows.reduce((a, r) => a + r.calls, 0)
console.log(`${'total'.padEnd(width)}  ${String(calls).padStart(5)}  ${kb(total).padStart(6)}`)
console.log(`\n${rows.length} pages, ${calls} setData calls, ${kb(total)} KB; heaviest ${rows[0]?.route} ${kb(rows[0]?.bytes || 0)} KB; median ${kb(rows[Math.floor(rows.length / 2)]?.bytes || 0)} KB`)
if (failures.length) console.log(`\nchecks that failed on the way:\n  ${failures.join('\n  ')}`)
const json = arg('json')
if (json) fs.writeFileSync(json, JSON.stringify({ pages: rows, total, calls }, null, 2))
process.exit(rows.some((r) => r.bytes > SETDATA_PAGE_LIMIT) ? 1 : 0)
