import { DIALECTS, makeTestApp, recordingRefunds, type TestApp } from './helpers'
import { makeGoods, shopper } from './tradeFixtures'
import { ledgerConsistent, pointsOf } from './promoFixtures'
import { ensureReturnAddress, receivedOrder } from './afterSalesFixtures'
import { approveAfterSale } from '../src/modules/afterSales/service'
import { refundAfterSale } from '../src/modules/afterSales/refund'
import { completeOrderTx } from '../src/modules/order/service'
import { emitOrderEvent, type OrderRefundedEvent } from '../src/modules/order/events'
import { takeBackRewardOfRefunds } from '../src/modules/integral/pricing'

/** An order's completion reward follows its refunds: in proportion to the money refunded, once per refund, never below zero. */
describe.each(DIALECTS)('completion reward taken back on refunds (%s)', (dialect) => {
  let t: TestApp
  const seen: OrderRefundedEvent[] = []
  beforeAll(async () => {
    t = await makeTestApp(dialect, { modules: recordingRefunds(seen, 'reward-test-recorder') })
    await ensureReturnAddress(t)
  })
  afterAll(async () => t.close())

  const orderRow = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const complete = async (orderNo: string) => {
    const o = await orderRow(orderNo)
    await t.db.transaction().execute((tx) => completeOrderTx(tx, t.ctx.modules, o.id, 'system'))
  }
  const refund = async (token: string, orderNo: string, quantity: number, amount: number) => {
    const item = (await t.get('/api/afterSales/applyInfo', { orderNo }, token)).data.items[0]
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity }], reason: '不想要了', images: [], amount }, token)
    expect(ap.code).toBe(200)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    await refundAfterSale(t.ctx, ap.data.afterSaleNo)
    return ap.data.afterSaleNo as string
  }
  const backRows = (memberId: number) => t.db.selectFrom('pointsLedger').selectAll().where('memberId', '=', memberId).where('reason', '=', 'reward_back').orderBy('id').execute()

  it('a ¥1547 order keeps 886 of its 1547 points after ¥660.46 is refunded, 113 after the other unit; a retried event takes nothing more', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 77350, stock: 10 }] })
    const orderNo = await receivedOrder(t, me.token, g.skuId, 2) // ¥1547, free freight
    await complete(orderNo)
    const start = await pointsOf(t, me.memberId)
    expect(start).toBe(1547)

    await refund(me.token, orderNo, 1, 66046)
    expect(await pointsOf(t, me.memberId)).toBe(886)
    const [first] = await backRows(me.memberId)
    expect(first).toMatchObject({ change: -661, balanceAfter: 886 })
    expect(first.note).toContain('¥660.46')

    // The same refund's event delivered again, and a direct second call for it: nothing more.
    const o = await orderRow(orderNo)
    const again = seen.find((e) => e.orderId === o.id)!
    await t.db.transaction().execute((tx) => emitOrderEvent(tx, t.ctx.modules, 'refunded', again))
    await t.db.transaction().execute(async (tx) => expect(await takeBackRewardOfRefunds(tx, o, `as${again.afterSaleId}`)).toBe(0))
    expect(await pointsOf(t, me.memberId)).toBe(886)

    // The other unit, in full (¥773.50): ¥1433.96 refunded of ¥1547, the member keeps floor(1547 × 113.04 / 1547) = 113.
    const info = (await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)).data.items[0]
    expect(info.refundableAmount).toBe(77350)
    await refund(me.token, orderNo, 1, 77350)
    expect(await pointsOf(t, me.memberId)).toBe(113)
    expect((await backRows(me.memberId)).map((r) => Number(r.change))).toEqual([-661, -773])
    expect(await ledgerConsistent(t, me.memberId)).toBe(true)
    const ledger = (await t.get('/api/integral/ledger', {}, me.token)).data.list
    expect(ledger[0]).toMatchObject({ reason: 'reward_back', reasonText: '退款扣回奖励', change: -773 })
  })

  it('a refund made before the order completed is taken from the reward when it is given', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 10 }] })
    const orderNo = await receivedOrder(t, me.token, g.skuId, 3) // ¥300
    await refund(me.token, orderNo, 1, 10000)
    expect(await pointsOf(t, me.memberId)).toBe(0) // no reward yet, nothing to take
    await complete(orderNo)
    expect(await pointsOf(t, me.memberId)).toBe(200) // 300 given, 100 taken back at once
    expect((await backRows(me.memberId)).map((r) => Number(r.change))).toEqual([-100])
  })

  it('points already spent: takes what the balance holds, never below zero; the next refund takes what is still due', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 20000, stock: 10 }] })
    const orderNo = await receivedOrder(t, me.token, g.skuId, 2) // ¥400: 400 points
    await complete(orderNo)
    expect(await pointsOf(t, me.memberId)).toBe(400)
    // Spent 350 of them (as a points-mall redemption would).
    await t.db.transaction().execute(async (tx) => {
      const { changePoints } = await import('../src/modules/integral/points')
      await changePoints(tx, me.memberId, -350, 'redeem', '兑换')
    })
    await refund(me.token, orderNo, 1, 20000) // 200 due, 50 held
    expect(await pointsOf(t, me.memberId)).toBe(0)
    const rows = await backRows(me.memberId)
    expect(rows.map((r) => Number(r.change))).toEqual([-50])
    expect(rows[0].note).toContain('少扣150')
    // Points earned since (a sign-in, say); the order's last unit comes back: all 400 are due, 50 were taken.
    await t.db.transaction().execute(async (tx) => {
      const { changePoints } = await import('../src/modules/integral/points')
      await changePoints(tx, me.memberId, 500, 'admin', '客服调整')
    })
    await refund(me.token, orderNo, 1, 20000)
    expect((await backRows(me.memberId)).map((r) => Number(r.change))).toEqual([-50, -350])
    expect(await pointsOf(t, me.memberId)).toBe(150)
    expect(await ledgerConsistent(t, me.memberId)).toBe(true)
  })
})
