import fc from 'fast-check'
import { sql } from 'kysely'
import { routeRegistry, type RouteInfo } from '../src/plugins/auth'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { ledgerIdentity } from '../src/modules/balance/service'

/**
 * Property-based fuzz of every /h5 route: wrong types, missing fields, huge strings, negative and fractional
 * numbers, unicode, SQL and HTML injection, other members' ids. Every answer must be HTTP 200 with an envelope,
 * never code 500, every refusal with a message, and a refused request writes nothing (row counts and balances).
 */

// Tables a refusal may legitimately touch: rate-limit counters, code attempts, caches.
const MAY_CHANGE_ON_REFUSAL = new Set(['rate_counters', 'sms_codes', 'kv_cache', 'kysely_migration', 'kysely_migration_lock'])

const nasty = (ids: number[]) =>
  fc.oneof(
    fc.constantFrom(-1, 0, 1, 1.5, -0.01, 2 ** 31, 1e20, Number.MAX_SAFE_INTEGER, '', ' ', '0', '-1', '1.5', 'abc', 'null', 'true', '%00', '\u0000', '😀连衣裙', '../../etc/passwd'),
    fc.constantFrom("' OR 1=1 --", "'; DROP TABLE members; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '{"$gt":""}'),
    fc.constantFrom('x'.repeat(5000), '长'.repeat(3000)),
    fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }),
    fc.integer({ min: -1000, max: 100000 }),
    fc.double({ noNaN: false }),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    ids.length ? fc.constantFrom(...ids) : fc.constant(1),
    ids.length ? fc.constantFrom(...ids.map(String)) : fc.constant('1'),
    fc.array(ids.length ? fc.constantFrom(...ids) : fc.integer(), { maxLength: 5 }),
  )

function inputArb(schema: any, ids: number[]) {
  const keys = Object.keys(schema?.properties || {})
  const known = keys.length ? fc.dictionary(fc.constantFrom(...keys), nasty(ids), { maxKeys: keys.length + 1 }) : fc.constant({})
  return fc.tuple(known, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), nasty(ids), { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }))
}

async function tableNames(t: TestApp): Promise<string[]> {
  if (t.dialect === 'postgres') {
    const r = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(t.db)
    return r.rows.map((x) => x.name)
  }
  const r = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'`.execute(t.db)
  return r.rows.map((x) => x.name)
}

async function fingerprint(t: TestApp, tables: string[]): Promise<string> {
  const parts: string[] = []
  for (const name of tables) {
    const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(t.db)
    parts.push(`${name}:${Number(r.rows[0].n)}`)
  }
  const bal = await sql<{ p: number; c: number }>`SELECT coalesce(sum(points), 0) AS p, coalesce(sum(balance), 0) AS c FROM members`.execute(t.db)
  const stock = await sql<{ s: number }>`SELECT coalesce(sum(stock), 0) AS s FROM goods_skus`.execute(t.db)
  parts.push(`points:${Number(bal.rows[0].p)}`, `balance:${Number(bal.rows[0].c)}`, `stock:${Number(stock.rows[0].s)}`)
  return parts.join(',')
}

describe.each(DIALECTS)('fuzz of every route on %s', (dialect) => {
  let t: TestApp
  let tokens: string[]
  let ids: number[]
  let routes: RouteInfo[]
  let tables: string[]
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
    tokens = [await t.login('13800138000'), await t.login(nextPhone())]
    const owned = await t.db.selectFrom('members').select('id').where('phone', '=', '13800138000').executeTakeFirstOrThrow()
    ids = [owned.id, 1, 2, 3, 999999]
    routes = (routeRegistry.get(t.db) || []).filter((r) => !r.url.includes('*'))
    tables = (await tableNames(t)).filter((n) => !MAY_CHANGE_ON_REFUSAL.has(n))
  })
  afterAll(async () => t.close())

  it('knows the routes', () => {
    expect(routes.length).toBeGreaterThan(5)
  })

  // FUZZ_RUNS: more inputs per route for the figures of docs/BENCHMARKS.md (bench/security.mjs).
  const runs = Number(process.env.FUZZ_RUNS) || (dialect === 'postgres' ? 3 : 8)
  it('answers every input in the envelope, never 5xx, and a refusal writes nothing', async () => {
    const problems: string[] = []
    // Figures for docs/BENCHMARKS.md (bench/security.mjs): counted per kind of problem.
    const tally = { inputs: 0, http5xx: 0, notEnvelope: 0, code500: 0, refusedButWrote: 0, wireNameInMessage: 0 }
    for (const route of routes) {
      const schema = route.method === 'GET' ? route.schema.querystring : route.schema.body
      // A refusal is for people: it never shows a field's wire name (orderNo, skuId …), which goes to the log.
      const wireNames = Object.keys(schema?.properties || {}).filter((k) => k.length > 1)
      await fc.assert(
        fc.asyncProperty(inputArb(schema, ids), fc.constantFrom(0, 1, 2), async (input, who) => {
          const token = who === 2 ? undefined : tokens[who]
          const url = route.url.replace(/:(\w+)/g, '1')
          const before = await fingerprint(t, tables)
          const res =
            route.method === 'GET'
              ? await t.app.inject({
                  method: 'GET',
                  url,
                  query: { ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])), p: '4' },
                  headers: token ? { token } : {},
                })
              : await t.app.inject({ method: route.method as any, url: `${url}?p=3`, payload: input as any, headers: token ? { token } : {} })
          tally.inputs++
          if (res.statusCode >= 500) {
            tally.http5xx++
            problems.push(`${route.method} ${route.url} HTTP ${res.statusCode} for ${JSON.stringify(input).slice(0, 200)}`)
          }
          if (route.rawWire) return
          let body: any
          try {
            body = res.json()
          } catch {
            tally.notEnvelope++
            problems.push(`${route.method} ${route.url}: not JSON for ${JSON.stringify(input).slice(0, 200)}`)
            return
          }
          if (res.statusCode !== 200 || typeof body.code !== 'number' || typeof body.msg !== 'string') {
            tally.notEnvelope++
            problems.push(`${route.method} ${route.url}: not an envelope (${res.statusCode})`)
          }
          if (body.code === 500) {
            tally.code500++
            problems.push(`${route.method} ${route.url}: code 500 for ${JSON.stringify(input).slice(0, 200)}`)
          }
          if (body.code !== 200 && !body.msg) problems.push(`${route.method} ${route.url}: refusal without msg`)
          if (body.code !== 200 && wireNames.some((k) => new RegExp(`\\b${k}\\b`).test(String(body.msg)))) {
            tally.wireNameInMessage++
            problems.push(`${route.method} ${route.url}: refusal names a wire field: ${body.msg}`)
          }
          if (body.code !== 200 && (await fingerprint(t, tables)) !== before) {
            tally.refusedButWrote++
            problems.push(`${route.method} ${route.url}: refused (${body.code} ${body.msg}) but wrote to the database for ${JSON.stringify(input).slice(0, 200)}`)
          }
        }),
        { numRuns: runs, seed: 20261122 },
      )
    }
    if (process.env.SECURITY_SUMMARY)
      require('node:fs').appendFileSync(process.env.SECURITY_SUMMARY, JSON.stringify({ suite: 'fuzz', dialect, routes: routes.length, runsPerRoute: runs, ...tally }) + '\n')
    expect(problems.slice(0, 20)).toEqual([])
    // Whatever the fuzz did to balances, every member's ledger rows still add up to the balance (docs/balance.md).
    expect(await ledgerIdentity(t.db)).toMatchObject({ ok: true, mismatches: [] })
  }, 900_000)
})
