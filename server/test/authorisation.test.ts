import { sql } from 'kysely'
import { routeRegistry, type RouteInfo } from '../src/plugins/auth'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'

/**
 * Broken object-level authorisation: for every route that takes an id (id, ids, xxxId, xxxIds, orderNo, payNo …),
 * a second member calls it with the ids of the seeded shopper's own records. Nothing of the shopper's may change,
 * and no answer may carry the shopper's private data (order numbers, address lines, phone, names on cards).
 */
const ID_KEY = /^(id|ids|\w+Id|\w+Ids|orderNo|payNo|\w+No)$/

type Owned = { table: string; rows: any[] }

// Public counters others legitimately move on a member's public content (a like, a comment, a view).
const PUBLIC_COUNTERS = new Set(['likes', 'comments', 'shares', 'views', 'sales', 'reviewCount', 'goodReviewCount', 'followers', 'following', 'followerCount', 'updatedAt'])
const withoutCounters = (rows: any[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !PUBLIC_COUNTERS.has(k))))

async function columnsByTable(t: TestApp): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  if (t.dialect === 'postgres') {
    const r = await sql<{ t: string; c: string }>`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()`.execute(t.db)
    for (const { t: tn, c } of r.rows) (out[tn] ||= []).push(c)
  } else {
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%'`.execute(t.db)
    for (const { name } of tables.rows) {
      const cols = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(t.db)
      out[name] = cols.rows.map((c) => c.name)
    }
  }
  return out
}

/** Every row the member owns directly (member_id) or through one of their orders (order_id). */
async function ownedRows(t: TestApp, memberId: number, columns: Record<string, string[]>): Promise<Owned[]> {
  const orders = columns.orders ? (await sql<{ id: number }>`SELECT id FROM orders WHERE member_id = ${memberId}`.execute(t.db)).rows.map((r) => r.id) : []
  const out: Owned[] = []
  for (const [table, cols] of Object.entries(columns).sort()) {
    if (['sessions', 'rate_counters', 'kv_cache', 'uploads', 'footprints', 'search_terms'].includes(table)) continue
    let rows: any[] = []
    // A stable order: the id, or the first column for tables keyed otherwise (shipping_uploads by order_id).
    const by = sql.ref(cols.includes('id') ? 'id' : cols[0])
    if (table === 'members') rows = (await sql`SELECT * FROM members WHERE id = ${memberId}`.execute(t.db)).rows
    else if (cols.includes('member_id')) rows = (await sql`SELECT * FROM ${sql.table(table)} WHERE member_id = ${memberId} ORDER BY ${by}`.execute(t.db)).rows
    else if (cols.includes('order_id') && orders.length) rows = (await sql`SELECT * FROM ${sql.table(table)} WHERE order_id IN (${sql.join(orders)}) ORDER BY ${by}`.execute(t.db)).rows
    if (rows.length) out.push({ table, rows: withoutCounters(rows) })
  }
  return out
}

function plausible(schema: any): unknown {
  if (!schema) return 'a'
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf) return plausible(schema.anyOf[0])
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'array':
      return [plausible(schema.items)]
    case 'object':
      return {}
    default:
      return schema.pattern && /\[0-9\]|\\d/.test(schema.pattern) ? '1'.repeat(Math.max(1, schema.minLength || 1)) : 'a'.repeat(Math.max(1, schema.minLength || 1))
  }
}

describe.each(DIALECTS)('object-level authorisation on %s', (dialect) => {
  let t: TestApp
  let ownerId: number
  let intruder: string
  let before: string
  let secrets: string[]
  let candidates: { ids: number[]; nos: string[] }
  let routes: RouteInfo[]
  let columns: Record<string, string[]>

  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
    ownerId = (await t.db.selectFrom('members').select('id').where('phone', '=', '13800138000').executeTakeFirstOrThrow()).id
    intruder = await t.login(nextPhone())
    columns = await columnsByTable(t)
    const owned = await ownedRows(t, ownerId, columns)
    before = JSON.stringify(owned)
    const ids = new Set<number>()
    const nos = new Set<string>()
    secrets = ['13800138000']
    for (const { table, rows } of owned) {
      for (const r of rows) {
        if (table !== 'members' && typeof r.id === 'number') ids.add(r.id)
        for (const [k, v] of Object.entries(r)) {
          if (/No$/.test(k) && typeof v === 'string' && v) nos.add(v)
          if (['orderNo', 'detail', 'receiverDetail', 'payNo', 'trackingNo'].includes(k) && typeof v === 'string' && v.length >= 6) secrets.push(v)
        }
      }
    }
    candidates = { ids: [...ids].slice(0, dialect === 'postgres' ? 15 : 40), nos: [...nos].slice(0, 10) }
    routes = (routeRegistry.get(t.db) || []).filter((r) => r.auth === 'member' || r.auth === 'agent' || r.auth === 'agentAccount')
  })
  afterAll(async () => t.close())

  it('the seeded shopper owns records to attack', () => {
    expect(candidates.ids.length).toBeGreaterThan(0)
  })

  it('a second member can neither change nor read the shopper records through any id-taking route', async () => {
    const leaks: string[] = []
    let tried = 0
    const idRoutes = new Set<string>()
    for (const route of routes) {
      const schema = route.method === 'GET' ? route.schema.querystring : route.schema.body
      const props: Record<string, any> = schema?.properties || {}
      const idKeys = Object.keys(props).filter((k) => ID_KEY.test(k))
      if (!idKeys.length) continue
      const base: Record<string, unknown> = {}
      for (const k of schema?.required || []) base[k] = plausible(props[k])
      for (const key of idKeys) {
        const values: unknown[] = /No$/.test(key) ? candidates.nos : candidates.ids
        for (const v of values) {
          const value = props[key]?.type === 'array' ? [v] : props[key]?.type === 'string' ? String(v) : v
          const input = { ...base, [key]: value }
          tried++
          idRoutes.add(`${route.method} ${route.url}`)
          const res =
            route.method === 'GET'
              ? await t.app.inject({ method: 'GET', url: route.url, query: { ...Object.fromEntries(Object.entries(input).map(([k, x]) => [k, String(x)])), p: '4' }, headers: { token: intruder } })
              : await t.app.inject({ method: route.method as any, url: `${route.url}?p=3`, payload: input as any, headers: { token: intruder } })
          const text = res.body
          for (const s of secrets) if (text.includes(s)) leaks.push(`${route.method} ${route.url} ${key}=${v} answered the shopper's data (${s.slice(0, 12)})`)
        }
      }
    }
    const after = await ownedRows(t, ownerId, columns)
    const was = JSON.parse(before) as Owned[]
    const changed: string[] = []
    for (const name of new Set([...was, ...after].map((o) => o.table))) {
      const a = JSON.stringify(was.find((o) => o.table === name)?.rows || [])
      const b = JSON.stringify(after.find((o) => o.table === name)?.rows || [])
      if (a !== b)
        changed.push(
          `${name}: ${a.length} → ${b.length} chars; first difference near ${[...a].findIndex((c, i) => c !== b[i])}: ${b.slice(Math.max(0, [...a].findIndex((c, i) => c !== b[i]) - 80), [...a].findIndex((c, i) => c !== b[i]) + 80)}`,
        )
    }
    // Figures for docs/BENCHMARKS.md (bench/security.mjs).
    if (process.env.SECURITY_SUMMARY)
      require('node:fs').appendFileSync(
        process.env.SECURITY_SUMMARY,
        JSON.stringify({ suite: 'authorisation', dialect, memberRoutes: routes.length, idTakingRoutes: idRoutes.size, requests: tried, leaks: leaks.length, changedTables: changed.length }) + '\n',
      )
    expect(tried).toBeGreaterThan(0)
    expect(leaks.slice(0, 10)).toEqual([])
    expect(changed).toEqual([])
  })
})
