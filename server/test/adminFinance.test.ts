import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient, type StaffSession } from './adminHelpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'
import { changeBalance } from '../src/modules/balance/service'

const chinaDay = (t = Date.now()) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10)

/** The console's 财务 routes: payments, refunds, daily totals, the points / cashback / agent ledgers and their CSV. */
describe.each(DIALECTS)('console finance (%s)', (dialect) => {
  let t: TestApp
  let fin: StaffSession
  let c: AdminClient
  let orderNo: string
  let refundedNo: string
  let me: { token: string; memberId: number }
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    fin = await signIn(t, 'finance')
    c = adminClient(t, fin)
    const owner = adminClient(t, await signIn(t, 'owner'))
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 50 }] })
    me = await shopper(t)
    orderNo = await paidOrder(t, me.token, g.skuId, 2)
    refundedNo = await paidOrder(t, me.token, g.skuId, 1)
    // An after-sales refund through the console, as the merchant does it.
    const info = await t.get('/api/afterSales/applyInfo', { orderNo: refundedNo }, me.token)
    const items = [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }]
    const q = await t.post('/api/afterSales/quote', { orderNo: refundedNo, items }, me.token)
    const r = await t.post('/api/afterSales/apply', { orderNo: refundedNo, type: 'refund', items, reason: '不想要了', images: [], amount: q.data.maxAmount }, me.token)
    const cs = await t.db.selectFrom('afterSales').select('id').where('afterSaleNo', '=', r.data.afterSaleNo).executeTakeFirstOrThrow()
    expect((await owner.post(`/after-sales/${cs.id}/approve`)).code).toBe(200)
    expect((await owner.post(`/after-sales/${cs.id}/refund`)).data.status).toBe('refunded')
    expect((await owner.post(`/members/${me.memberId}/points`, { delta: 120, note: '客诉补偿' })).code).toBe(200)
    await t.db.transaction().execute((tx) => changeBalance(tx, { memberId: me.memberId, amount: 880, kind: 'staff_adjust', refType: 'staff_adjust', refId: 'test', note: '测试返现' }))
  })
  afterAll(() => t.close())

  const csv = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/admin/api${url}`, headers: { cookie: fin.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    return res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
  }

  it('payments: filtered by order number, state and date, with the provider reference; CSV has the rows', async () => {
    const page = await c.get('/pay/payments', { orderNo })
    expect(page.code).toBe(200)
    expect(page.data.list).toEqual([expect.objectContaining({ orderNo, amount: 10000, status: 'paid', statusText: '已支付', provider: 'sandbox', transactionId: expect.stringMatching(/\S/) })])
    expect((await c.get('/pay/payments', { orderNo, status: 'closed' })).data.total).toBe(0)
    expect((await c.get('/pay/payments', { orderNo, from: chinaDay(), to: chinaDay() })).data.total).toBe(1)
    expect((await c.get('/pay/payments', { orderNo, to: chinaDay(Date.now() - 86_400_000) })).data.total).toBe(0)
    expect((await c.get('/pay/payments', { from: '2026/01/01' })).code).toBe(400)
    const lines = await csv(`/pay/payments/export?orderNo=${orderNo}`)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(orderNo)
    expect(lines[1]).toContain('"100.00"')
    const all = await csv('/pay/payments/export')
    expect(all).toHaveLength(1 + (await c.get('/pay/payments')).data.total)
  })

  it('refunds: the after-sales refund with its refund number and state; CSV', async () => {
    const page = await c.get('/pay/refunds', { orderNo: refundedNo })
    expect(page.data.list).toEqual([
      expect.objectContaining({ kind: 'afterSale', orderNo: refundedNo, amount: 5800, status: 'refunded', refundNo: expect.stringMatching(/\S/), payMethod: '沙箱支付' }),
    ])
    expect((await c.get('/pay/refunds', { orderNo, status: 'refunded' })).data.total).toBe(0)
    const lines = await csv(`/pay/refunds/export?orderNo=${refundedNo}`)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('售后退款')
    expect(lines[0]).toContain('支付方式')
    expect(lines[1]).toContain('沙箱支付')
  })

  it('daily totals: paid, refunded and net per day add up to the payments and refunds of the day', async () => {
    const day = chinaDay()
    const r = await c.get('/pay/daily', { from: day, to: day })
    expect(r.data.days).toHaveLength(1)
    const start = Date.parse(`${day}T00:00:00+08:00`)
    const paid = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('paidAt', '>=', start)
      .where('paidAt', '<', start + 86_400_000)
      .executeTakeFirstOrThrow()
    expect(r.data.days[0]).toMatchObject({ day, paid: Number(paid.s), refunded: 5800, net: Number(paid.s) - 5800 })
    expect(r.data.days[0].paid).toBeGreaterThanOrEqual(10000 + 5800)
    expect(r.data.total).toMatchObject({ paid: r.data.days[0].paid, refunded: 5800 })
    const week = await c.get('/pay/daily', { to: day })
    expect(week.data.days).toHaveLength(30)
    expect(week.data.days[0].day).toBe(day)
    const lines = await csv(`/pay/daily/export?from=${day}&to=${day}`)
    expect(lines).toHaveLength(3) // header, the day, the total
  })

  it('points and cashback ledgers: entries with the member, sums over the filter; CSV; only ledgers.read may see them', async () => {
    const points = await c.get('/pay/ledgers/points', { memberId: me.memberId })
    expect(points.data.list[0]).toMatchObject({ memberId: me.memberId, change: 120, reason: '客服调整', note: '客诉补偿' })
    expect(points.data.income).toBeGreaterThanOrEqual(120)
    const cashback = await c.get('/pay/ledgers/cashback', { memberId: me.memberId })
    expect(cashback.data.list).toEqual([expect.objectContaining({ change: 880, balanceAfter: 880, reason: '商家调整', note: '测试返现' })])
    expect(cashback.data).toMatchObject({ income: 880, expense: 0, total: 1 })
    expect((await c.get('/pay/ledgers/coupons')).code).toBe(400)
    const lines = await csv(`/pay/ledgers/cashback/export?memberId=${me.memberId}`)
    expect(lines).toEqual([expect.stringContaining('余额变动(元)'), expect.stringContaining('"8.80","8.80","商家调整","测试返现"')])
    expect((await csv(`/pay/ledgers/points/export?memberId=${me.memberId}`)).length).toBe(1 + points.data.total)
    expect((await c.get('/agents/ledger')).code).toBe(200)
    const operator = adminClient(t, await signIn(t, 'operator'))
    expect((await operator.get('/pay/payments')).code).toBe(8003)
    expect((await operator.get('/pay/ledgers/points')).code).toBe(8003)
  })
})
