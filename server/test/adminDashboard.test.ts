import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'
import { periods } from '../src/modules/dashboard/service'
import { visitRecorder } from '../src/modules/dashboard/visits'

/** 工作台 (docs/console.md "工作台"): visitors by device, conversion, gross and net sales, 环比 and the to-dos each role sees. */
describe.each(DIALECTS)('console dashboard (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())

  /** A shop call from a device (anonymous without a token). */
  const call = (device: string | undefined, token?: string) =>
    t.app.inject({ method: 'GET', url: '/h5/api/home/selfList?p=4', headers: { ...(device && { 'x-device-id': device }), ...(token && { token }) } })
  const visitRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('visits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  /** The visit is written after the answer has gone: wait until the rows are there. */
  const rowsReach = async (n: number) => {
    for (let i = 0; i < 100 && (await visitRows()) < n; i++) await new Promise((r) => setTimeout(r, 20))
    expect(await visitRows()).toBe(n)
  }
  const dash = async () => (await c.get('/dashboard')).data

  it('counts each device once a day, signed in or not; conversion is paying members over visitors', async () => {
    const before = await dash()
    const rows = await visitRows()
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    await call('anon-device-aaaaaaaaaaaa')
    await call('anon-device-aaaaaaaaaaaa') // the same device again
    await call('anon-device-bbbbbbbbbbbb')
    await call('member-device-cccccccccccc', me.token)
    await call('short') // not an id the shop makes
    await call(undefined)
    await rowsReach(rows + 3)
    await paidOrder(t, me.token, g.skuId)
    const after = await dash()
    expect(after.today.visitors.value).toBe(before.today.visitors.value + 3)
    expect(after.today.buyers.value).toBe(before.today.buyers.value + 1)
    expect(after.today.conversion.value).toBeCloseTo(Math.min(1, after.today.buyers.value / after.today.visitors.value), 4)
    expect(after.trend[29].visitors).toBe(after.today.visitors.value)
    expect(after.today.newMembers.value).toBe(before.today.newMembers.value + 1)
    // A second recorder (another process, a restart) inserts the same device and day without an error or a second row.
    await visitRecorder(t.db)('anon-device-aaaaaaaaaaaa')
    expect(await visitRows()).toBe(rows + 3)
  })

  it('gross sales keep a refunded order, net takes the refund off; trend, top goods and statuses follow', async () => {
    const before = await dash()
    const me = await shopper(t)
    const g = await makeGoods(t, { name: '看板热卖', skus: [{ price: 12345, stock: 10 }] })
    await paidOrder(t, me.token, g.skuId, 2)
    const orderNo = await paidOrder(t, me.token, g.skuId)
    const info = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
    const items = [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }]
    const q = await t.post('/api/afterSales/quote', { orderNo, items }, me.token)
    const applied = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items, reason: '不想要了', images: [], amount: q.data.maxAmount }, me.token)
    expect(applied.code).toBe(200)
    const cs = await t.db.selectFrom('afterSales').select('id').where('afterSaleNo', '=', applied.data.afterSaleNo).executeTakeFirstOrThrow()
    expect((await dash()).todo.afterSales).toBe(before.todo.afterSales + 1)
    // The tile opens the list's 待处理 tab: the same cases.
    const waiting = (await c.get('/after-sales', { status: 'waiting', pageSize: 100 })).data
    expect(waiting.total).toBe(before.todo.afterSales + 1)
    expect(waiting.list.map((x: any) => x.id)).toContain(cs.id)
    await c.post(`/after-sales/${cs.id}/approve`)
    expect((await c.post(`/after-sales/${cs.id}/refund`)).data.status).toBe('refunded')
    const after = await dash()
    expect(after.today.gross.value - before.today.gross.value).toBe(3 * 12345)
    expect(after.today.paidOrders.value - before.today.paidOrders.value).toBe(2)
    expect(after.today.refunds.value - before.today.refunds.value).toBe(q.data.maxAmount)
    expect(after.today.net.value).toBe(after.today.gross.value - after.today.refunds.value)
    expect(after.month.gross.value).toBeGreaterThanOrEqual(after.today.gross.value)
    expect(after.trend).toHaveLength(30)
    expect(after.trend[29]).toMatchObject({ gross: after.today.gross.value, refunds: after.today.refunds.value, net: after.today.net.value, paidOrders: after.today.paidOrders.value })
    expect(after.topGoods[0]).toMatchObject({ goodsId: g.goodsId, name: '看板热卖', amount: 3 * 12345, quantity: 3 })
    expect(after.topGoods[0].image).not.toBe('')
    // Highest paid amount first, whatever the quantities: a cheaper goods bought 5 times ranks below.
    const cheap = await makeGoods(t, { skus: [{ price: 100, stock: 10 }] })
    await paidOrder(t, me.token, cheap.skuId, 5)
    const ranked = (await dash()).topGoods.map((x: any) => x.amount)
    expect(ranked).toEqual([...ranked].sort((a: number, b: number) => b - a))
    // A goods without a name or picture in the catalogue any more shows its order lines' own.
    const line = await t.db.selectFrom('orderItems').select(['goodsName', 'image']).where('goodsId', '=', g.goodsId).executeTakeFirstOrThrow()
    expect([line.goodsName, line.image]).not.toContain('')
    await t.db.updateTable('goods').set({ name: '', mainImage: '' }).where('id', '=', g.goodsId).execute()
    const bare = (await dash()).topGoods.find((x: any) => x.goodsId === g.goodsId)
    await t.db.updateTable('goods').set({ name: '看板热卖', mainImage: line.image }).where('id', '=', g.goodsId).execute()
    expect(bare).toMatchObject({ name: line.goodsName, image: line.image, amount: 3 * 12345, quantity: 3 })
    const statuses = Object.fromEntries(after.orderStatus.map((s: any) => [s.status, s.count]))
    expect(statuses.to_ship).toBeGreaterThanOrEqual(1)
    expect(after.todo.afterSales).toBe(before.todo.afterSales)
  })

  it('环比: today is compared with yesterday up to the same time of day, the month with the same days of last month', async () => {
    const now = Date.now()
    const p = periods(now)
    expect(p.today.to - p.today.from).toBe(p.today.prevTo - p.today.prevFrom)
    expect(p.month.prevTo).toBeLessThanOrEqual(p.month.from)
    // 31 March 10:00 against February: at most the whole of February.
    const march31 = Date.parse('2026-03-31T10:00:00+08:00')
    const m = periods(march31).month
    expect([m.prevFrom, m.prevTo]).toEqual([Date.parse('2026-02-01T00:00:00+08:00'), Date.parse('2026-03-01T00:00:00+08:00')])
    const before = await dash()
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 700, stock: 10 }] })
    const orderNo = await paidOrder(t, me.token, g.skuId)
    // Paid at the start of yesterday (inside yesterday-so-far), and one paid yesterday an hour after this time of day (outside).
    await t.db.updateTable('orders').set({ paidAt: p.today.prevFrom }).where('orderNo', '=', orderNo).execute()
    const late = await paidOrder(t, me.token, g.skuId)
    await t.db
      .updateTable('orders')
      .set({ paidAt: Math.min(p.today.prevTo + 3600_000, p.today.from - 1) })
      .where('orderNo', '=', late)
      .execute()
    const { payAmount } = await t.db.selectFrom('orders').select('payAmount').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
    const after = await dash()
    expect(after.today.gross.previous - before.today.gross.previous).toBe(Number(payAmount))
    expect(after.today.paidOrders.previous - before.today.paidOrders.previous).toBe(1)
    expect(after.today.gross.value).toBe(before.today.gross.value)
    expect(after.trend[28].gross - before.trend[28].gross).toBe(2 * Number(payAmount))
  })

  it('shows each role only the to-dos it can act on', async () => {
    const keys = async (role: 'owner' | 'operator' | 'service' | 'finance') => Object.keys((await adminClient(t, await signIn(t, role)).get('/dashboard')).data.todo).sort()
    expect(await keys('owner')).toEqual([
      'afterSales',
      'agentApplications',
      'cashbackTasks',
      'failedMessages',
      'failedRefunds',
      'failedShipping',
      'failedTracking',
      'feedback',
      'toShip',
      'withdrawals',
    ])
    expect(await keys('service')).toEqual(['afterSales', 'feedback'])
    expect(await keys('finance')).toEqual(['failedRefunds', 'withdrawals'])
    expect(await keys('operator')).toEqual(['afterSales', 'cashbackTasks', 'failedRefunds', 'failedShipping', 'failedTracking', 'toShip'])
  })

  it('leaves out the figures a role cannot read', async () => {
    const { dashboard } = await import('../src/modules/dashboard/service')
    const noMembers = await dashboard(t.db, { has: (p) => p !== 'members.read' })
    expect(Object.keys(noMembers.today).sort()).toEqual(['buyers', 'gross', 'net', 'paidOrders', 'refunds'])
    expect(noMembers.trend[0].visitors).toBeUndefined()
    const nothing = await dashboard(t.db, { has: (p) => p === 'dashboard.read' })
    expect([nothing.today, nothing.todo, nothing.topGoods, nothing.orderStatus]).toEqual([{}, {}, undefined, undefined])
    expect(nothing.trend[0]).toEqual({ day: nothing.trend[0].day })
  })
})
