import { DIALECTS, makeTestApp, recordingRefunds, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, shopper, stockOf } from './tradeFixtures'
import { givePoints, pointsOf } from './promoFixtures'
import { orderItems } from './afterSalesFixtures'
import type { OrderRefundedEvent } from '../src/modules/order/events'

/** 退款 by staff of some lines of a paid, unshipped order (docs/after-sales.md "Staff refund"). */
describe.each(DIALECTS)('staff refund of some lines (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let me: Awaited<ReturnType<typeof shopper>>
  const events: OrderRefundedEvent[] = []
  beforeAll(async () => {
    t = await makeTestApp(dialect, { modules: recordingRefunds(events) })
    c = adminClient(t, await signIn(t, 'owner'))
    me = await shopper(t)
  })
  afterAll(() => t.close())

  const row = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const cases = (orderId: number) => t.db.selectFrom('afterSales').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  const lines = (orderId: number) => t.db.selectFrom('orderItems').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  const refund = (orderNo: string, items?: Array<{ orderItemId: number; quantity: number }>, reason = '部分缺货') => c.post(`/orders/${orderNo}/refund`, { reason, ...(items ? { items } : {}) })

  /** A paid order of two goods (2 × ¥30 and 1 × ¥50, freight free), points used. */
  async function twoLineOrder() {
    const a = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    const b = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    await t.post('/api/cart/add', { skuId: a.skuId, quantity: 2 }, me.token)
    await t.post('/api/cart/add', { skuId: b.skuId, quantity: 1 }, me.token)
    await givePoints(t, me.memberId, 1000)
    const placed = await t.post('/api/order/submit', { from: 'cart', usePoints: true, requestId: `sr-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` }, me.token)
    if (placed.code !== 200) throw new Error(placed.msg)
    const orderNo = placed.data.orderNo
    const p = (await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, me.token)).data
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token)).data.paid).toBe(true)
    const o = await row(orderNo)
    const [la, lb] = await lines(o.id)
    return { orderNo, o, a, b, la: la.goodsId === a.goodsId ? la : lb, lb: la.goodsId === a.goodsId ? lb : la, payNo: p.payNo as string }
  }

  it('refuses lines that are not the order’s, too many units, and the same line twice', async () => {
    const { orderNo, o, la } = await twoLineOrder()
    expect(await refund(orderNo, [{ orderItemId: la.id, quantity: 3 }])).toMatchObject({ code: 4003, msg: `「${la.goodsName}」最多可退2件` })
    expect(await refund(orderNo, [{ orderItemId: 999999, quantity: 1 }])).toMatchObject({ code: 404 })
    expect(
      await refund(orderNo, [
        { orderItemId: la.id, quantity: 1 },
        { orderItemId: la.id, quantity: 1 },
      ]),
    ).toMatchObject({ code: 400, msg: '同一商品只能选择一次' })
    expect(await refund(orderNo, [])).toMatchObject({ code: 400 })
    expect(await cases(o.id)).toHaveLength(0)
  })

  it('refunds the chosen units: money, stock and points once; the order stays 待发货; a second refund takes the rest and closes it', async () => {
    const { orderNo, o, a, b, la, lb, payNo } = await twoLineOrder()
    const pointsPaid = await pointsOf(t, me.memberId)
    events.length = 0
    const first = await refund(orderNo, [{ orderItemId: la.id, quantity: 1 }])
    expect(first).toMatchObject({ code: 200, data: { status: 'refunded' } })
    const [c1] = await cases(o.id)
    // One unit of a: its share of what was paid for the line, no freight.
    expect(c1).toMatchObject({ status: 'refunded', refundAmount: Math.floor(la.payAmount / 2), freightAmount: 0, reason: '商家退款' })
    expect((await row(orderNo)).status).toBe('to_ship')
    expect((await stockOf(t, a.skuId)).stock).toBe(9)
    expect((await stockOf(t, b.skuId)).stock).toBe(9)
    const pointsBack = (await pointsOf(t, me.memberId)) - pointsPaid
    expect(pointsBack).toBe(Math.floor((Number(o.pointsUsed) * 3000) / Number(o.goodsAmount)))
    expect(events.filter((e) => e.orderNo === orderNo)).toHaveLength(1)
    const [audit] = (await auditRows(t, 'order.refund')).filter((x) => x.targetId === orderNo)
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ afterSaleNo: c1.afterSaleNo, items: [{ orderItemId: la.id, quantity: 1 }] })
    // The console's order items show the unit refunded.
    expect((await c.get(`/orders/${orderNo}`)).data.items.find((i: any) => i.id === la.id)).toMatchObject({ refundedQuantity: 1 })

    // The rest, without a list: every unit left and the freight; the order closes.
    const second = await refund(orderNo)
    expect(second).toMatchObject({ code: 200, data: { status: 'refunded' } })
    const all = await cases(o.id)
    expect(all).toHaveLength(2)
    expect(all.reduce((s, x) => s + Number(x.refundAmount), 0)).toBe(o.payAmount)
    expect(await lines(o.id)).toEqual(expect.arrayContaining([expect.objectContaining({ id: la.id, refundedQuantity: 2 }), expect.objectContaining({ id: lb.id, refundedQuantity: 1 })]))
    expect((await row(orderNo)).status).toBe('cancelled')
    expect((await stockOf(t, a.skuId)).stock).toBe(10)
    expect((await stockOf(t, b.skuId)).stock).toBe(10)
    expect(await pointsOf(t, me.memberId)).toBe(pointsPaid + Number(o.pointsUsed))
    expect((await t.db.selectFrom('payments').select('status').where('payNo', '=', payNo).executeTakeFirstOrThrow()).status).toBe('refunded')
    expect(events.filter((e) => e.orderNo === orderNo)).toHaveLength(2)
    expect(await refund(orderNo)).toMatchObject({ code: 2003 })
  })

  it('picking every unit left is the whole refund (freight included)', async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const placed = await buyNow(t, me.token, g.skuId, 2)
    const orderNo = placed.data.orderNo
    const p = (await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, me.token)).data
    await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token)
    const o = await row(orderNo)
    expect(o.freightAmount).toBeGreaterThan(0)
    const [l] = await lines(o.id)
    expect((await refund(orderNo, [{ orderItemId: l.id, quantity: 2 }])).code).toBe(200)
    expect((await cases(o.id))[0].refundAmount).toBe(o.payAmount)
    expect((await row(orderNo)).status).toBe('cancelled')
  })

  it('race: a member’s application and a partial staff refund at once leave one open case and never over-refund', async () => {
    for (let k = 0; k < 3; k++) {
      const { orderNo, o, la, lb } = await twoLineOrder()
      const item = (await orderItems(t, me.token, orderNo)).items.find((i: any) => i.id === lb.id)
      const [staff, member] = await Promise.all([
        refund(orderNo, [{ orderItemId: la.id, quantity: 1 }]),
        t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: lb.payAmount }, me.token),
      ])
      expect([staff.code === 200, member.code === 200].filter(Boolean).length).toBeGreaterThanOrEqual(1)
      const open = (await cases(o.id)).filter((x) => ['applied', 'approved', 'returned', 'received', 'refunding'].includes(x.status))
      expect(open.length).toBeLessThanOrEqual(1)
      if (staff.code !== 200) expect(staff).toMatchObject({ code: 4002, msg: '该订单有进行中的售后，请在售后中处理' })
      if (member.code === 200) {
        const id = open[0].id
        expect((await c.post(`/after-sales/${id}/approve`, {})).code).toBe(200)
        expect((await c.post(`/after-sales/${id}/refund`, {})).data.status).toBe('refunded')
      }
      // Whatever won, the rest can still be refunded by staff, and the total never passes what was paid.
      expect((await refund(orderNo)).code).toBe(200)
      const all = await cases(o.id)
      expect(all.filter((x) => x.status === 'refunded').reduce((s, x) => s + Number(x.refundAmount), 0)).toBe(o.payAmount)
      expect((await row(orderNo)).status).toBe('cancelled')
    }
  })

  it('race: two partial staff refunds of the same units at once refund them once', async () => {
    const { orderNo, o, la } = await twoLineOrder()
    const [r1, r2] = await Promise.all([refund(orderNo, [{ orderItemId: la.id, quantity: 2 }]), refund(orderNo, [{ orderItemId: la.id, quantity: 2 }])])
    expect([r1.code, r2.code].filter((x) => x === 200)).toHaveLength(1)
    const done = (await cases(o.id)).filter((x) => x.status === 'refunded')
    expect(done).toHaveLength(1)
    expect((await lines(o.id)).find((l) => l.id === la.id)!.refundedQuantity).toBe(2)
    expect((await row(orderNo)).status).toBe('to_ship')
  })
})
