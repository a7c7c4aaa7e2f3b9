// The console at scale, SQLite and PostgreSQL: the order, member and goods lists with each filter (target p95 ≤ 100 ms),
// the figures (dashboard, agents list and the biggest agent's detail, that agent's own home page, the daily
// reconciliation: p95 ≤ 200 ms) and the order export (streamed: its time and how much the process grew).
// Each request goes through the whole console route (session, permission, validation, query, serialisation) by
// Fastify's inject — the server's time without the network — except the agent's home (the shop route's service call,
// agentHome) and the export (a real socket, read as it streams).
// Usage: node bench/admin-lists.mjs [--goods 100000] [--orders 100000] [--members 2000] [--rounds 10]
//        node bench/admin-lists.mjs --large   (200,000 goods, 1,000,000 orders, 1,000,000 members; issue 37)
//        --db sqlite | --db postgres: one database only
//        --keep: keep the filled databases (a file under $BENCH_KEEP_DIR or the temp folder, a PostgreSQL database
//        named by the sizes) and reuse them when the sizes match: migrations added since run on the kept data (the
//        time they took is printed), so one fill serves a before and an after.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { sql } from 'kysely'
import { freshPostgres, postgresAvailable, table, percentile } from './lib.mjs'

const arg = (n, d) => {
  const i = process.argv.indexOf(`--${n}`)
  return i > 0 ? Number(process.argv[i + 1]) : d
}
const LARGE = process.argv.includes('--large')
const ONLY = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : '' // sqlite | postgres
const N = arg('goods', arg('rows', LARGE ? 200_000 : 100_000))
const ORDERS = arg('orders', LARGE ? 1_000_000 : N)
const MEMBERS = arg('members', LARGE ? 1_000_000 : 2000)
const ROUNDS = arg('rounds', 10)
const KEEP = process.argv.includes('--keep')
const KEEP_NAME = `mall_bench_admin_lists_${N}_${ORDERS}_${MEMBERS}`
const KEEP_DIR = process.env.BENCH_KEEP_DIR || path.join(os.tmpdir(), 'mall-admin-lists-keep')
const TARGET = { goods: 100, orders: 100, members: 100, figures: 200 }
const setup = await tsImport('./admin-lists-setup.ts', import.meta.url)
const { chinaDay } = await tsImport('../server/src/services/chinaTime.ts', import.meta.url)
const { agentHome } = await tsImport('../server/src/modules/agent/stats.ts', import.meta.url)

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
    ['members', 'all, page 1', '/members', {}],
    ['members', 'all, page 100', '/members', { page: 100 }],
    ['members', 'phone', '/members', { keyword: '13800004242' }],
    ['members', 'member id', '/members', { keyword: String(f.members[4242]) }],
    ['members', 'nickname 会员4242', '/members', { keyword: '会员4242' }],
    ['members', 'disabled', '/members', { disabled: true }],
    ['figures', 'dashboard', '/dashboard', {}],
    ['figures', 'agents, page 1', '/agents', {}],
    ['figures', 'biggest agent', `/agents/${f.shops[0]}`, {}],
    ['figures', 'agent home (service)', null, () => agentHome(f.db, f.shops[0])],
    ['figures', 'reconcile yesterday', 'POST /reconcile', { date: chinaDay(f.t - day) }],
  ]
}

/** One request: through the route by inject, or the service call. Returns its total (rows matched) if any. */
async function once({ app, cookie, csrf }, route, query) {
  if (!route) {
    await query()
    return ''
  }
  const post = route.startsWith('POST ')
  const url = `/admin/api${post ? route.slice(5) : route}`
  const res = post
    ? await app.inject({ method: 'POST', url, payload: query, headers: { cookie, 'x-csrf-token': csrf } })
    : await app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { cookie } })
  const body = res.json()
  if (body.code !== 200) throw new Error(`${route} ${JSON.stringify(query)}: ${body.msg}`)
  return body.data?.total ?? body.data?.run?.payments ?? ''
}

/** The order export over a real socket, read as it streams: time, size, and the most the process grew meanwhile. */
async function exportRun(address, cookie, query) {
  global.gc?.()
  const rss0 = process.memoryUsage().rss
  let peak = rss0
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const s = process.hrtime.bigint()
  const res = await fetch(`${address}/admin/api/orders/export?${new URLSearchParams(query)}`, { headers: { cookie } })
  if (!res.ok) throw new Error(`export: ${res.status}`)
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body) {
    bytes += chunk.length
    for (const b of chunk) if (b === 10) lines++
  }
  const ms = Number(process.hrtime.bigint() - s) / 1e6
  clearInterval(timer)
  return { lines: lines - 1, mb: (bytes / 1048576).toFixed(1), s: (ms / 1000).toFixed(1), grew: ((peak - rss0) / 1048576).toFixed(0) }
}

/** The kept PostgreSQL database's URL (on the server freshPostgres uses). */
const keptPostgres = (name) => {
  const u = new URL(process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres')
  u.pathname = `/${name}`
  return { url: u.toString() }
}

/** The kept fill's figures (ids, its time) when it finished, else null. */
const keptFill = (label) => {
  const file = path.join(KEEP_DIR, `${KEEP_NAME}.${label}.json`)
  return KEEP && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null
}

async function measure(label, db, url, migrateS) {
  const t0 = Date.now()
  let f = keptFill(label)
  let fillS
  if (f) {
    // Migrations added since the fill ran (in migrateToLatest before this); statistics for their indexes.
    await (label === 'PostgreSQL' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db)
    fillS = `kept (filled in ${f.fillS} s; the migrations added since took ${migrateS} s)`
    f = { ...f, db }
  } else {
    f = { ...(await setup.fill(db, N, { orders: ORDERS, members: MEMBERS })), db }
    fillS = ((Date.now() - t0) / 1000).toFixed(1)
    if (KEEP) {
      fs.mkdirSync(KEEP_DIR, { recursive: true })
      fs.writeFileSync(path.join(KEEP_DIR, `${KEEP_NAME}.${label}.json`), JSON.stringify({ ...f, db: undefined, members: f.members.slice(0, 10_000), fillS }))
    }
  }
  const session = await setup.appWithOwner(db, url)
  const { app, cookie } = session
  const rows = []
  const all = Object.fromEntries(Object.keys(TARGET).map((k) => [k, []]))
  for (const [list, name, route, query] of queries(f)) {
    const times = []
    let total = ''
    for (let round = 0; round <= ROUNDS; round++) {
      const s = process.hrtime.bigint()
      total = await once(session, route, query)
      const ms = Number(process.hrtime.bigint() - s) / 1e6
      if (round > 0) times.push(ms) // the first round warms the statement caches
    }
    all[list].push(...times)
    rows.push({ db: label, list, filter: name, matches: total, 'p50 ms': percentile(times, 50).toFixed(1), 'p95 ms': percentile(times, 95).toFixed(1) })
  }
  for (const list of Object.keys(TARGET)) rows.push({ db: label, list, filter: 'ALL', matches: '', 'p50 ms': percentile(all[list], 50).toFixed(1), 'p95 ms': percentile(all[list], 95).toFixed(1) })
  const day = 86400_000
  const exports = []
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  for (const [name, query] of [
    ['last 7 days', { from: f.t - 7 * day, to: f.t + day }],
    ['to ship (all time)', { status: 'to_ship' }],
  ])
    exports.push({ db: label, export: name, ...(await exportRun(address, cookie, query)) })
  console.log(`${label}: ${N} goods, ${ORDERS} orders and ${MEMBERS} members ${f.fillS && fillS !== f.fillS ? fillS : `inserted in ${fillS} s`}`)
  await app.close()
  return { rows, exports }
}

const rows = []
const exports = []
const add = (r) => {
  rows.push(...r.rows)
  exports.push(...r.exports)
}
/** The migrations (on a kept database: those added since it was filled); seconds. */
const migrate = async (db) => {
  const s = Date.now()
  await setup.migrateToLatest(db)
  return ((Date.now() - s) / 1000).toFixed(1)
}
if (ONLY !== 'postgres') {
  const kept = keptFill('SQLite')
  const dir = KEEP ? KEEP_DIR : fs.mkdtempSync(path.join(os.tmpdir(), 'mall-admin-lists-'))
  const file = path.join(dir, KEEP ? `${KEEP_NAME}.sqlite` : 'bench.sqlite')
  fs.mkdirSync(dir, { recursive: true })
  if (!kept) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true }) // an unfinished fill
  const lite = setup.createDb({ sqliteFile: file })
  add(await measure('SQLite', lite, '', await migrate(lite)))
  await lite.destroy()
  if (!KEEP) fs.rmSync(dir, { recursive: true, force: true })
}
if (ONLY === 'sqlite') console.log('PostgreSQL: not asked for (--db sqlite)')
else if (await postgresAvailable()) {
  const pg = KEEP && keptFill('PostgreSQL') ? keptPostgres(KEEP_NAME) : await freshPostgres(KEEP ? KEEP_NAME : 'mall_bench_admin_lists')
  const db = setup.createDb({ databaseUrl: pg.url })
  try {
    add(await measure('PostgreSQL', db, pg.url, await migrate(db)))
  } finally {
    await db.destroy()
    if (!KEEP) await pg.drop()
  }
} else console.log('PostgreSQL not reachable: skipped')
console.log(`\nThe console over ${N} goods, ${ORDERS} orders and ${MEMBERS} members (lists: a page of 20 with the total), ${ROUNDS} rounds, 2 cores\n`)
console.log(table(rows, ['db', 'list', 'filter', 'matches', 'p50 ms', 'p95 ms']))
console.log('\nOrder export (CSV streamed over a socket; grew = the most the process RSS rose while it ran)\n')
console.log(table(exports, ['db', 'export', 'lines', 'mb', 's', 'grew']))
let ok = true
for (const r of rows.filter((x) => x.filter === 'ALL')) {
  const target = TARGET[r.list]
  const meets = Number(r['p95 ms']) <= target
  ok &&= meets
  console.log(`${r.db} ${r.list}: p95 ${r['p95 ms']} ms → ${meets ? `meets target (≤ ${target} ms)` : `below target (≤ ${target} ms)`}`)
}
process.exit(ok ? 0 : 1)
