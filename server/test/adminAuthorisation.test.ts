import { AdminCode, ROLES, type BuiltInRole } from '../../types/admin'
import { adminRouteRegistry, grants, type AdminRouteInfo } from '../src/admin/plugin'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { signIn, type StaffSession } from './adminHelpers'
import { createStaff, permissionsOf } from '../src/admin/staff'
import { makeGoods } from './tradeFixtures'

/**
 * Generated from the console's route list: every route refuses a caller without a session, with only the
 * shop's token, with a session whose role lacks the route's permission, and (writes) without the CSRF token;
 * a refused call writes nothing (no audit row, no change). A new route is covered the day it is added.
 */
const samplePath = (url: string) => url.replace(/:orderNo/g, '2026000000000000000001').replace(/:\w+/g, '1')

function plausible(schema: any): unknown {
  if (!schema) return {}
  if (schema.anyOf) return plausible(schema.anyOf[0])
  if (schema.const !== undefined) return schema.const
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'array':
      return [plausible(schema.items)].slice(0, Math.max(1, schema.minItems ?? 1))
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const k of schema.required || []) out[k] = plausible(schema.properties?.[k])
      return out
    }
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1))
  }
}

describe.each(DIALECTS)('console authorisation over every admin route (%s)', (dialect) => {
  let t: TestApp
  let routes: AdminRouteInfo[]
  const sessions = {} as Record<BuiltInRole, StaffSession>
  /** Each built-in role's permissions as its row (migration 092) has them. */
  const granted = {} as Record<BuiltInRole, string[]>
  let shopToken: string

  beforeAll(async () => {
    t = await makeTestApp(dialect)
    routes = adminRouteRegistry.get(t.db) || []
    // Record 1 of staff and members is a bystander: the allowed calls below act on sample id 1.
    await createStaff(t.db, { username: 'bystander', role: 'service', password: 'Bystander1' })
    await t.login(nextPhone())
    for (const role of ROLES) sessions[role] = await signIn(t, role)
    for (const role of ROLES) granted[role] = await permissionsOf(t.db, role)
    shopToken = await t.login(nextPhone())
  })
  afterAll(() => t.close())

  const call = async (r: AdminRouteInfo, headers: Record<string, string>) => {
    const write = r.method !== 'GET'
    const res = await t.app.inject({ method: r.method as 'GET', url: samplePath(r.url), payload: write ? (plausible(r.schema.body) as object) : undefined, headers })
    return String(res.headers['content-type']).includes('json') ? res.json() : { code: res.statusCode === 200 ? 200 : res.statusCode }
  }
  const auditCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('auditLogs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('knows the routes, each with a declared permission', () => {
    expect(routes.length).toBeGreaterThan(40)
    for (const r of routes) expect(r.permission).toBeTruthy()
    // Only sign-in is public.
    expect(routes.filter((r) => r.permission === 'public').map((r) => r.url)).toEqual(['/admin/api/auth/login'])
  })

  it('refuses every non-public route without a session, and with the shop token', async () => {
    const before = await auditCount()
    for (const r of routes.filter((x) => x.permission !== 'public')) {
      expect([r.method, r.url, (await call(r, {})).code]).toEqual([r.method, r.url, AdminCode.NOT_SIGNED_IN])
      expect([r.method, r.url, (await call(r, { token: shopToken })).code]).toEqual([r.method, r.url, AdminCode.NOT_SIGNED_IN])
    }
    expect(await auditCount()).toBe(before)
  })

  it('the goods picker (any area that picks goods) answers 客服 filtering reviews, while 商品 itself stays closed to them', async () => {
    const headers = { cookie: sessions.service.cookie }
    expect(granted.service).not.toContain('goods.read')
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/goods', headers })).json().code).toBe(AdminCode.FORBIDDEN)
    const g = await makeGoods(t, { name: '客服筛评价的毛巾' })
    const found = (await t.app.inject({ method: 'GET', url: '/admin/api/goods/pick', query: { keyword: '' }, headers })).json()
    expect(found.code).toBe(200)
    expect(Array.isArray(found.data.list)).toBe(true)
    expect(found.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: g.goodsId, name: '客服筛评价的毛巾' })]))
    const named = (await t.app.inject({ method: 'GET', url: '/admin/api/goods/pick', query: { ids: `${g.goodsId},999999` }, headers })).json()
    expect(named.data.list).toEqual([expect.objectContaining({ id: g.goodsId, name: '客服筛评价的毛巾' })])
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/goods/pick', query: { ids: 'a,b' }, headers })).json().code).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/goods/pick', query: { sort: 'x' }, headers })).json().code).toBe(400)
    // A role that picks goods nowhere (only 订单): refused.
    const now = Date.now()
    await t.db
      .insertInto('staffRoles')
      .values({ code: 'ordersonly', name: '只看订单', permissions: JSON.stringify(['orders.read']), builtIn: 0, createdAt: now, updatedAt: now })
      .execute()
    const clerk = await signIn(t, 'ordersonly' as BuiltInRole)
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/goods/pick', headers: { cookie: clerk.cookie } })).json().code).toBe(AdminCode.FORBIDDEN)
  })

  it('refuses every route to each role without its permission, and lets roles with it past the check', async () => {
    let refused = 0
    const auditedWrites = new Set<string>()
    for (const r of routes.filter((x) => x.permission !== 'public' && x.permission !== 'session')) {
      for (const role of ROLES) {
        const s = sessions[role]
        const before = await auditCount()
        const code = (await call(r, { cookie: s.cookie, 'x-csrf-token': s.csrf })).code
        if (grants(new Set(granted[role]), r.permission as Exclude<AdminRouteInfo['permission'], 'public' | 'session'>)) {
          expect([r.method, r.url, role, code === AdminCode.FORBIDDEN]).toEqual([r.method, r.url, role, false])
          // A refused write (sample input: mostly unknown ids) left no audit row; writes that went through are counted.
          if (r.method !== 'GET' && code !== 200) expect([r.method, r.url, code, await auditCount()]).toEqual([r.method, r.url, code, before])
          if (code === 200 && r.method !== 'GET') auditedWrites.add(`${r.method} ${r.url}`)
        } else {
          expect([r.method, r.url, role, code]).toEqual([r.method, r.url, role, AdminCode.FORBIDDEN])
          refused += 1
        }
      }
    }
    expect(refused).toBeGreaterThan(50)
    expect(auditedWrites.size).toBeGreaterThan(5)
  })

  it('refuses every write without the CSRF token (or with another session’s), even for the owner', async () => {
    const owner = sessions.owner
    for (const r of routes.filter((x) => x.method !== 'GET' && x.permission !== 'public')) {
      expect([r.method, r.url, (await call(r, { cookie: owner.cookie })).code]).toEqual([r.method, r.url, AdminCode.CSRF])
      expect([r.method, r.url, (await call(r, { cookie: owner.cookie, 'x-csrf-token': sessions.operator.csrf })).code]).toEqual([r.method, r.url, AdminCode.CSRF])
    }
  })

  it('refuses every write sent by another site (Origin or Sec-Fetch-Site), even with the right CSRF token, and writes nothing', async () => {
    const owner = sessions.owner
    const before = await auditCount()
    const writes = routes.filter((x) => x.method !== 'GET')
    expect(writes.length).toBeGreaterThan(40)
    for (const r of writes) {
      const headers = { cookie: owner.cookie, 'x-csrf-token': owner.csrf }
      expect([r.method, r.url, (await call(r, { ...headers, origin: 'https://evil.example' })).code]).toEqual([r.method, r.url, AdminCode.CSRF])
      expect([r.method, r.url, (await call(r, { ...headers, 'sec-fetch-site': 'cross-site' })).code]).toEqual([r.method, r.url, AdminCode.CSRF])
    }
    expect(await auditCount()).toBe(before)
  })
})
