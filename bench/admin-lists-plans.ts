// The plan of each query behind the console's figures and its slowest lists, on the database that
// `node bench/admin-lists.mjs --large --keep` filled and kept: what docs/BENCHMARKS.md ("The console at scale") shows
// to say why a figure is fast or slow whatever the machine's load. Each request runs once through the app with the
// query log on; then each SELECT it ran is timed alone (best of 3) and explained: SQLite's EXPLAIN QUERY PLAN,
// PostgreSQL's EXPLAIN (ANALYZE) — the rows each step really read.
// Usage: npx tsx bench/admin-lists-plans.ts --db sqlite|postgres [--large | --goods N --orders N --members N] [--only dashboard]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CompiledQuery, type LogEvent } from 'kysely'
import { createDb, dialectOf } from '../server/src/db'
import { migrateToLatest } from '../server/src/db/migrate'
import { agentHome } from '../server/src/modules/agent/stats'
import { chinaDay } from '../server/src/services/chinaTime'
import { appWithOwner } from './admin-lists-setup'

const arg = (n: string, d: string) => (process.argv.includes(`--${n}`) ? process.argv[process.argv.indexOf(`--${n}`) + 1] : d)
const LARGE = process.argv.includes('--large')
const N = Number(arg('goods', LARGE ? '200000' : '100000'))
const name = `mall_bench_admin_lists_${N}_${arg('orders', String(LARGE ? 1_000_000 : N))}_${arg('members', LARGE ? '1000000' : '2000')}`
const dir = process.env.BENCH_KEEP_DIR || path.join(os.tmpdir(), 'mall-admin-lists-keep')
const pg = arg('db', 'sqlite') === 'postgres'
const fixture = path.join(dir, `${name}.${pg ? 'PostgreSQL' : 'SQLite'}.json`)
if (!fs.existsSync(fixture)) throw new Error(`no kept database (${fixture}): run node bench/admin-lists.mjs --keep first`)
const f = JSON.parse(fs.readFileSync(fixture, 'utf8'))

let logging = true
const ran: Array<{ sql: string; parameters: readonly unknown[] }> = []
const log = (e: LogEvent) => {
  if (logging && e.level === 'query') ran.push({ sql: e.query.sql, parameters: e.query.parameters })
}
async function main() {
  const admin = new URL(process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres')
  admin.pathname = `/${name}`
  const url = pg ? admin.toString() : ''
  const db = pg ? createDb({ databaseUrl: url, log }) : createDb({ sqliteFile: path.join(dir, `${name}.sqlite`), log })
  logging = false
  await migrateToLatest(db)
  const session = await appWithOwner(db, url)
  const day = 86400_000
  const requests: Array<[string, () => Promise<unknown>]> = [
    ['dashboard', () => get('/dashboard')],
    ['agents, page 1', () => get('/agents')],
    ['biggest agent', () => get(`/agents/${f.shops[0]}`)],
    ['agent home (service)', () => agentHome(db, f.shops[0])],
    [
      'reconcile yesterday',
      () => session.app.inject({ method: 'POST', url: '/admin/api/reconcile', payload: { date: chinaDay(f.t - day) }, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } }),
    ],
    ['orders: goods 保温杯', () => get('/orders', { goods: '保温杯' })],
    ['orders: completed, page 20', () => get('/orders', { status: 'completed', page: '20' })],
    ['members: all, page 1', () => get('/members')],
  ]
  const get = (route: string, query: Record<string, string> = {}) => session.app.inject({ method: 'GET', url: `/admin/api${route}`, query, headers: { cookie: session.cookie } })

  const only = arg('only', '')
  for (const [label, run] of requests) {
    if (only && !label.includes(only)) continue
    ran.length = 0
    logging = true
    const s = process.hrtime.bigint()
    await run()
    const total = Number(process.hrtime.bigint() - s) / 1e6
    logging = false
    console.log(`\n## ${label} (${dialectOf(db)}): ${ran.length} queries, ${total.toFixed(1)} ms the first time`)
    for (const q of ran) {
      if (!/^\s*(select|with)\b/i.test(q.sql)) continue
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const t = process.hrtime.bigint()
        await db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]))
        best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6)
      }
      if (best < 1 && !process.argv.includes('--all')) continue // the plans that matter: queries of 1 ms or more
      console.log(`\n${best.toFixed(1)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 400)}`)
      const plan = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${pg ? 'EXPLAIN (ANALYZE, COSTS OFF)' : 'EXPLAIN QUERY PLAN'} ${q.sql}`, [...q.parameters]))
      for (const r of plan.rows) console.log(`    ${pg ? Object.values(r)[0] : `${'  '.repeat(depth(plan.rows, r))}${r.detail}`}`)
    }
  }
  await session.app.close()
  await db.destroy()
}

/** SQLite's plan rows name their parent: the depth for indenting. */
function depth(rows: Array<Record<string, unknown>>, r: Record<string, unknown>): number {
  const parent = rows.find((x) => x.id === r.parent)
  return parent ? 1 + depth(rows, parent) : 0
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
