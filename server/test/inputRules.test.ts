import { sql } from 'kysely'
import { routeRegistry, type RouteInfo } from '../src/plugins/auth'
import { schemaErrorMessage } from '../src/plugins/schema'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { ADDRESS, makeGoods, requestId, shopper } from './tradeFixtures'

/**
 * What a route accepts: JSON bodies keep their types (no coercion, item 12), carry only their declared fields
 * (mass assignment, item 11), and a refusal tells people what is wrong in plain Chinese without wire names (item 2).
 */

/** Fields a client might add to any body to choose what the server must decide. Sentinels are easy to find in the database. */
const SENTINEL_TEXT = 'ZZinjected'
const SENTINEL_NUMBER = 987_654_321
const EXTRA_FIELDS: Record<string, unknown> = {
  orderType: `${SENTINEL_TEXT}Type`,
  status: `${SENTINEL_TEXT}Status`,
  afterSaleStatus: `${SENTINEL_TEXT}AfterSale`,
  memberId: SENTINEL_NUMBER,
  payAmount: SENTINEL_NUMBER + 1,
  price: SENTINEL_NUMBER + 2,
  goodsAmount: SENTINEL_NUMBER + 3,
  couponDiscount: SENTINEL_NUMBER + 4,
  pointsDiscount: SENTINEL_NUMBER + 5,
  freightAmount: SENTINEL_NUMBER + 6,
  points: SENTINEL_NUMBER + 7,
  balanceWithdrawable: SENTINEL_NUMBER + 8,
  commission: SENTINEL_NUMBER + 9,
  balance: SENTINEL_NUMBER + 10,
  createdAt: SENTINEL_NUMBER + 11,
  disabledAt: SENTINEL_NUMBER + 12,
  role: `${SENTINEL_TEXT}Role`,
  isAdmin: true,
  shopId: SENTINEL_NUMBER + 13,
  boundBusinessId: SENTINEL_NUMBER + 14,
}
const isSentinel = (v: unknown) =>
  (typeof v === 'string' && v.includes(SENTINEL_TEXT)) || (typeof v === 'number' && v >= SENTINEL_NUMBER && v <= SENTINEL_NUMBER + 20) || (typeof v === 'string' && /98765432\d/.test(v))

/** A value the route will likely accept for a declared key (real ids of the caller's records where known). */
function validValue(key: string, schema: any, known: Record<string, unknown>): unknown {
  if (key in known) return known[key]
  if (schema?.enum) return schema.enum[0]
  if (schema?.anyOf) return validValue(key, schema.anyOf[0], known)
  switch (schema?.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return false
    case 'array':
      return schema.minItems ? [validValue(key, schema.items, known)] : []
    case 'object':
      return {}
    default:
      return schema?.pattern ? '1'.repeat(Math.max(1, schema.minLength || 1)) : '测试内容，写得足够长一些'.slice(0, Math.max(schema?.minLength || 0, Math.min(12, schema?.maxLength ?? 12)))
  }
}

async function everyRow(t: TestApp): Promise<Array<{ table: string; row: Record<string, unknown> }>> {
  const names =
    t.dialect === 'postgres'
      ? (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(t.db)).rows
      : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'`.execute(t.db)).rows
  const out: Array<{ table: string; row: Record<string, unknown> }> = []
  for (const { name } of names) for (const row of (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(t.db)).rows) out.push({ table: name, row })
  return out
}

describe.each(DIALECTS)('input rules on %s', (dialect) => {
  let t: TestApp
  let me: { token: string; memberId: number; addressId: number }
  let goods: { goodsId: number; skuId: number }
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
    me = await shopper(t)
    goods = await makeGoods(t, { skus: [{ price: 5000, stock: 100 }] })
  })
  afterAll(async () => t.close())

  describe('JSON bodies are not coerced (query strings are)', () => {
    it('refuses a body with a wrong type instead of turning it into a number', async () => {
      for (const quantity of [true, '2', [2], null, 1.5]) {
        const r = await t.post('/api/cart/add', { skuId: goods.skuId, quantity }, me.token)
        expect([quantity, r.code]).toEqual([quantity, 400])
      }
      expect((await t.post('/api/cart/add', { skuId: String(goods.skuId), quantity: 1 }, me.token)).code).toBe(400)
      expect((await t.post('/api/cart/select', { ids: [], selected: 'true' }, me.token)).code).toBe(400)
      const lines = await t.db.selectFrom('cartItems').select('id').where('memberId', '=', me.memberId).execute()
      expect(lines).toEqual([])
      const ok = await t.post('/api/cart/add', { skuId: goods.skuId, quantity: 2 }, me.token)
      expect(ok.code).toBe(200)
    })

    it('still reads numbers and booleans from a query string, and sharer ids from links as numbers or text', async () => {
      const list = await t.get('/api/order/list', { page: '1', pageSize: '5' }, me.token)
      expect(list).toMatchObject({ code: 200, data: { page: 1, pageSize: 5 } })
      const visit = await t.post('/api/business/visit', { bUid: '1', page: '/pages/home/index' })
      expect(visit.code).toBe(200)
    })
  })

  describe('refusals read as plain Chinese, the field detail goes to the log', () => {
    it('names no wire field and says what to do', async () => {
      const missing = await t.get('/api/order/detail', {}, me.token)
      expect(missing.code).toBe(400)
      expect(missing.msg).not.toMatch(/[A-Za-z]/)
      const badNo = await t.get('/api/order/detail', { orderNo: '../x' }, me.token)
      expect(badNo.msg).not.toMatch(/[A-Za-z]/)
      expect((await t.post('/api/member/phoneRegister', { verificationCode: '123456' })).msg).toBe('请填写手机号')
      expect((await t.post('/api/memberAddress/add', { ...ADDRESS, detail: '' }, me.token)).msg).toBe('请填写详细地址')
      expect((await t.post('/api/cart/add', { skuId: goods.skuId, quantity: 0 }, me.token)).msg).toBe('数量超出允许范围')
      expect((await t.get('/api/order/list', { p: '3' }, me.token)).msg).not.toMatch(/[A-Za-z]/)
    })

    it('every schema rule has a message without the field name', () => {
      const keywords = ['required', 'type', 'minLength', 'maxLength', 'minimum', 'maximum', 'enum', 'pattern', 'format', 'maxItems', 'minItems', 'anyOf', 'const']
      for (const keyword of keywords) {
        for (const field of ['orderNo', 'id', 'phone', 'quantity', 'skuId']) {
          const msg = schemaErrorMessage([{ keyword, instancePath: keyword === 'required' ? '' : `/${field}`, params: { missingProperty: field, limit: 1 } }], 'body')
          expect([keyword, field, msg]).toEqual([keyword, field, expect.not.stringMatching(/[A-Za-z]/)])
        }
      }
    })
  })

  describe('mass assignment', () => {
    it('an order submitted with orderType points / seckill, a status and a price is a normal, unpaid order at the server price', async () => {
      for (const orderType of ['points', 'seckill']) {
        const r = await t.post(
          '/api/order/submit',
          // couponId 0: no coupon (a new member holds the new-member package, which the server would otherwise apply)
          {
            from: 'buyNow',
            skuId: goods.skuId,
            quantity: 1,
            addressId: me.addressId,
            couponId: 0,
            requestId: requestId(),
            orderType,
            status: 'to_ship',
            payAmount: 1,
            goodsAmount: 1,
            price: 1,
            memberId: 1,
            pointsUsed: 0,
            couponDiscount: 4999,
          },
          me.token,
        )
        expect(r.code).toBe(200)
        const o = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', r.data.orderNo).executeTakeFirstOrThrow()
        expect(o).toMatchObject({ memberId: me.memberId, orderType: 'normal', status: 'unpaid', goodsAmount: 5000, couponDiscount: 0 })
        expect(Number(o.payAmount)).toBe(5000 + Number(o.freightAmount))
        const items = await t.db.selectFrom('orderItems').select(['price']).where('orderId', '=', o.id).execute()
        expect(items.map((i) => Number(i.price))).toEqual([5000])
      }
    })

    it('every write route, sent its body with extra fields, stores none of them', async () => {
      // Sign-out and logoff last: they end the session the sweep uses.
      const last = (r: RouteInfo) => (r.url.endsWith('/member/logout') ? 2 : r.url.endsWith('/member/logoff') ? 1 : 0)
      const routes: RouteInfo[] = (routeRegistry.get(t.db) || []).filter((r) => !r.url.includes('*') && !r.rawWire && r.url !== '/h5/api/upload').sort((a, b) => last(a) - last(b))
      const address = await t.db.selectFrom('memberAddresses').select('id').where('memberId', '=', me.memberId).executeTakeFirstOrThrow()
      const cart = await t.db.selectFrom('cartItems').select('id').where('memberId', '=', me.memberId).executeTakeFirst()
      const known: Record<string, unknown> = {
        skuId: goods.skuId,
        goodsId: goods.goodsId,
        goodsIds: [goods.goodsId],
        addressId: address.id,
        quantity: 1,
        from: 'buyNow',
        ...ADDRESS,
        ids: cart ? [cart.id] : [],
        content: '质量很好，物流也快，推荐购买',
        couponId: 0,
        usePoints: false,
        // Spending the balance needs a 支付密码 the sweep's member has not set.
        useBalance: false,
        balanceAmount: 0,
        payPassword: undefined,
        tag: '',
        wechat: '',
        cover: '',
        avatar: '',
        title: '测试标题',
        areaCode: '330106',
      }
      let written = 0
      const answered: string[] = []
      for (const route of routes) {
        const schema = route.method === 'GET' ? route.schema.querystring : route.schema.body
        const props: Record<string, any> = schema?.properties || {}
        const input: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(EXTRA_FIELDS)) if (!(k in props)) input[k] = v
        for (const [k, s] of Object.entries(props)) input[k] = k === 'requestId' ? requestId() : validValue(k, s, known)
        const res =
          route.method === 'GET'
            ? await t.app.inject({ method: 'GET', url: route.url, query: { ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])), p: '4' }, headers: { token: me.token } })
            : await t.app.inject({ method: route.method as any, url: `${route.url}?p=3`, payload: input as any, headers: { token: me.token } })
        const body = res.json()
        if (process.env.DEBUG_SWEEP && body.code !== 200 && route.method !== 'GET') console.log(route.url, body.code, body.msg, JSON.stringify(input).slice(0, 200))
        if (body.code === 200) {
          answered.push(`${route.method} ${route.url}`)
          if (route.method !== 'GET') written++
        }
      }
      const found = (await everyRow(t)).filter(({ row }) => Object.values(row).some(isSentinel)).map(({ table, row }) => `${table}: ${JSON.stringify(row).slice(0, 300)}`)
      expect(found).toEqual([])
      // The sweep must reach real writes, or it proves nothing: these are the ones that answered success.
      const mustSucceed = [
        'POST /h5/api/order/submit',
        'POST /h5/api/order/preview',
        'POST /h5/api/cart/add',
        'POST /h5/api/memberAddress/add',
        'POST /h5/api/goods/collect',
        'GET /h5/api/member/updateMemberInfo',
      ]
      expect(mustSucceed.filter((r) => !answered.includes(r))).toEqual([])
      expect(written).toBeGreaterThanOrEqual(10)
      if (process.env.SECURITY_SUMMARY)
        require('node:fs').appendFileSync(
          process.env.SECURITY_SUMMARY,
          JSON.stringify({
            suite: 'massAssignment',
            dialect,
            routes: routes.length,
            writeRoutesAnsweredSuccess: written,
            extraFields: Object.keys(EXTRA_FIELDS).length,
            sentinelRowsFound: found.length,
          }) + '\n',
        )
    })
  })
})
