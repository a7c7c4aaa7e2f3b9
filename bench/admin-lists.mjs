// The console's order list and goods list with filters over 100,000 rows each, SQLite and PostgreSQL.
// Each request goes through the whole console route (session, permission, validation, query, serialisation)
// by Fastify's inject: the server's time without the network. Target: p95 ≤ 100 ms.
// Usage: node bench/admin-lists.mjs [--rows 100000] [--rounds 10]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { freshPostgres, postgresAvailable, table, percentile } from './lib.mjs'

const arg = (n, d) => {
  const i = process.argv.indexOf(`--${n}`)
  return i > 0 ? Number(process.argv[i + 1]) : d
}
const N = arg('rows', 100_000)
const ROUNDS = arg('rounds', 10)
const TARGET_MS = 100
const setup = await tsImport('./admin-lists-setup.ts', import.meta.url)

function queries(f) {
  const day = 86400_000
  return [
    ['goods', 'all, page 1', '/goods', {}],
    ['goods', 'all, page 50', '/goods', { page: 50 }],
    ['goods', 'off shelf', '/goods', { status: 'off' }],
    ['goods', 'top category', '/goods', { categoryId: f.tops[3] }],
    ['goods', 'sub category + on', '/goods', { categoryId: f.subs[7], status: 'on' }],
    ['goods', 'brand', '/goods', { brandId: f.brands[5] }],
    ['goods', 'low stock ≤ 5', '/goods', { lowStock: 5 }],
    ['goods', 'keyword 保温杯', '/goods', { keyword: '保温杯' }],
    ['goods', 'keyword + category', '/goods', { keyword: '连衣裙', categoryId: f.tops[1] }],
    ['orders', 'all, page 1', '/orders', {}],
    ['orders', 'all, page 100', '/orders', { page: 100 }],
    ['orders', 'to ship', '/orders', { status: 'to_ship' }],
    ['orders', 'completed, page 20', '/orders', { status: 'completed', page: 20 }],
    ['orders', 'order number', '/orders', { orderNo: `2026${String(4242).padStart(16, '0')}` }],
    ['orders', 'phone', '/orders', { phone: '13900000042' }],
    ['orders', 'last 7 days', '/orders', { from: f.t - 7 * day, to: f.t + day }],
    ['orders', 'to ship, last 7 days', '/orders', { status: 'to_ship', from: f.t - 7 * day }],
    ['orders', 'goods 保温杯', '/orders', { goods: '保温杯' }],
  ]
}

async function measure(label, db, url) {
  const t0 = Date.now()
  const f = await setup.fill(db, N)
  const fillS = ((Date.now() - t0) / 1000).toFixed(1)
  const { app, cookie } = await setup.appWithOwner(db, url)
  const rows = []
  const all = { goods: [], orders: [] }
  for (const [list, name, route, query] of queries(f)) {
    const times = []
    let total = 0
    for (let round = 0; round <= ROUNDS; round++) {
      const s = process.hrtime.bigint()
      const res = await app.inject({ method: 'GET', url: `/admin/api${route}`, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { cookie } })
      const ms = Number(process.hrtime.bigint() - s) / 1e6
      const body = res.json()
      if (body.code !== 200) throw new Error(`${route} ${JSON.stringify(query)}: ${body.msg}`)
      total = body.data.total
      if (round > 0) times.push(ms) // the first round warms the statement caches
    }
    all[list].push(...times)
    rows.push({ db: label, list, filter: name, matches: total, 'p50 ms': percentile(times, 50).toFixed(1), 'p95 ms': percentile(times, 95).toFixed(1) })
  }
  for (const list of ['goods', 'orders']) rows.push({ db: label, list, filter: 'ALL', matches: '', 'p50 ms': percentile(all[list], 50).toFixed(1), 'p95 ms': percentile(all[list], 95).toFixed(1) })
  console.log(`${label}: ${N} goods and ${N} orders inserted in ${fillS} s`)
  await app.close()
  return rows
}

const rows = []
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-admin-lists-'))
const lite = setup.createDb({ sqliteFile: path.join(dir, 'bench.sqlite') })
await setup.migrateToLatest(lite)
rows.push(...(await measure('SQLite', lite, '')))
await lite.destroy()
fs.rmSync(dir, { recursive: true, force: true })
if (await postgresAvailable()) {
  const pg = await freshPostgres('mall_bench_admin_lists')
  const db = setup.createDb({ databaseUrl: pg.url })
  try {
    await setup.migrateToLatest(db)
    rows.push(...(await measure('PostgreSQL', db, pg.url)))
  } finally {
    await db.destroy()
    await pg.drop()
  }
} else console.log('PostgreSQL not reachable: skipped')
console.log(`\nConsole lists over ${N} goods and ${N} orders (page of 20 with the total), ${ROUNDS} rounds, through the route (inject), 2 cores\n`)
console.log(table(rows, ['db', 'list', 'filter', 'matches', 'p50 ms', 'p95 ms']))
let ok = true
for (const r of rows.filter((x) => x.filter === 'ALL')) {
  const meets = Number(r['p95 ms']) <= TARGET_MS
  ok &&= meets
  console.log(`${r.db} ${r.list}: p95 ${r['p95 ms']} ms → ${meets ? `meets target (≤ ${TARGET_MS} ms)` : `below target (≤ ${TARGET_MS} ms)`}`)
}
process.exit(ok ? 0 : 1)
