import { DIALECTS, makeTestApp, recordingRefunds, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, paidOrder, shopper, stockOf } from './tradeFixtures'
import { givePoints, pointsOf } from './promoFixtures'
import { orderItems } from './afterSalesFixtures'
import type { OrderRefundedEvent } from '../src/modules/order/events'

/** 退款 by staff of a paid, unshipped order (console 订单 › 退款): docs/after-sales.md "Staff refund". */
describe.each(DIALECTS)('staff refund of a paid unshipped order (%s)', (dialect) => {
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
  const cases = async (orderId: number) => t.db.selectFrom('afterSales').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  const refundedSum = async (orderId: number) => (await cases(orderId)).filter((x) => x.status === 'refunded').reduce((s, x) => s + Number(x.refundAmount), 0)
  const refund = (orderNo: string, reason = '缺货，无法发货') => c.post(`/orders/${orderNo}/refund`, { reason })

  it('refuses what it may not refund, in Chinese', async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const unpaid = (await buyNow(t, me.token, g.skuId)).data.orderNo
    expect(await refund(unpaid)).toMatchObject({ code: 2003, msg: '只有已付款、未发货的订单可以由商家退款' })
    const paid = await paidOrder(t, me.token, g.skuId)
    expect(await refund(paid, '   ')).toMatchObject({ code: 400, msg: '请填写退款原因' })
    expect(await c.post(`/orders/${paid}/refund`, {})).toMatchObject({ code: 400 })
    expect(await refund('NOSUCH')).toMatchObject({ code: 404 })
    expect(await cases((await row(paid)).id)).toHaveLength(0)
    expect(await auditRows(t, 'order.refund')).toHaveLength(0)
  })

  it('refunds the whole order through the after-sales path: money, stock and points back once, the order closed; audited', async () => {
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    await givePoints(t, me.memberId, 1000)
    const placed = await buyNow(t, me.token, g.skuId, 2, { usePoints: true })
    const orderNo = placed.data.orderNo
    const p = (await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, me.token)).data
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token)).data.paid).toBe(true)
    const o = await row(orderNo)
    expect(Number(o.pointsUsed)).toBe(1000)
    const pointsAfterPay = await pointsOf(t, me.memberId)
    expect((await stockOf(t, g.skuId)).stock).toBe(8)
    events.length = 0

    const r = await refund(orderNo)
    expect(r).toMatchObject({ code: 200, data: { status: 'refunded' } })
    const after = await row(orderNo)
    expect([after.status, after.cancelReason]).toEqual(['cancelled', '已全额退款，交易关闭'])
    expect(await refundedSum(o.id)).toBe(o.payAmount)
    expect((await stockOf(t, g.skuId)).stock).toBe(10)
    expect(await pointsOf(t, me.memberId)).toBe(pointsAfterPay + 1000)
    const [cs] = await cases(o.id)
    expect(cs).toMatchObject({ type: 'refund', status: 'refunded', reason: '商家退款', description: '缺货，无法发货' })
    expect((await t.db.selectFrom('payments').select('status').where('payNo', '=', p.payNo).executeTakeFirstOrThrow()).status).toBe('refunded')
    // One 'refunded' event (commission and the reward follow it).
    expect(events.filter((e) => e.orderNo === orderNo)).toHaveLength(1)
    const [audit] = (await auditRows(t, 'order.refund')).filter((a) => a.targetId === orderNo)
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ afterSaleNo: cs.afterSaleNo, refundTotal: o.payAmount, reason: '缺货，无法发货' })
    expect((await auditRows(t, 'afterSale.refund')).some((a) => a.targetId === cs.afterSaleNo)).toBe(true)
    const logs = (await c.get(`/orders/${orderNo}`)).data.timeline.map((l: any) => l.action)
    expect(logs).toContain('refund_close')
    // Again: nothing more.
    expect(await refund(orderNo)).toMatchObject({ code: 2003 })
    expect(await refundedSum(o.id)).toBe(o.payAmount)
    expect(await pointsOf(t, me.memberId)).toBe(pointsAfterPay + 1000)
  })

  it('a member’s open after-sales case holds the order: the staff refund is refused; after that case refunds part, the staff refund takes only the rest', async () => {
    const g = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    const orderNo = await paidOrder(t, me.token, g.skuId, 2)
    const o = await row(orderNo)
    const item = (await orderItems(t, me.token, orderNo)).items[0]
    const applied = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 3000 }, me.token)
    expect(applied.code).toBe(200)
    expect(await refund(orderNo)).toMatchObject({ code: 4002, msg: '该订单有进行中的售后，请在售后中处理' })
    const caseId = (await cases(o.id))[0].id
    expect((await c.post(`/after-sales/${caseId}/approve`, {})).code).toBe(200)
    expect((await c.post(`/after-sales/${caseId}/refund`, {})).data.status).toBe('refunded')
    expect((await row(orderNo)).status).toBe('to_ship')
    const r = await refund(orderNo, '买家要求全部退款')
    expect(r.code).toBe(200)
    expect(await refundedSum(o.id)).toBe(o.payAmount)
    expect((await row(orderNo)).status).toBe('cancelled')
    expect((await stockOf(t, g.skuId)).stock).toBe(10)
  })

  it('race: a staff refund and a member’s application at once never refund twice', async () => {
    for (let k = 0; k < 3; k++) {
      const g = await makeGoods(t, { skus: [{ price: 4000, stock: 10 }] })
      const orderNo = await paidOrder(t, me.token, g.skuId)
      const o = await row(orderNo)
      const item = (await orderItems(t, me.token, orderNo)).items[0]
      const [staff, member] = await Promise.all([
        refund(orderNo),
        t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: o.payAmount }, me.token),
      ])
      // Exactly one of them holds the order.
      expect([staff.code === 200, member.code === 200].filter(Boolean).length).toBeLessThanOrEqual(1)
      expect((await cases(o.id)).filter((x) => x.status !== 'cancelled').length).toBeLessThanOrEqual(1)
      if (member.code === 200) {
        const id = (await cases(o.id))[0].id
        await c.post(`/after-sales/${id}/approve`, {})
        await c.post(`/after-sales/${id}/refund`, {})
        expect(await refund(orderNo)).toMatchObject({ code: 2003 })
      }
      expect(await refundedSum(o.id)).toBeLessThanOrEqual(o.payAmount)
      expect((await stockOf(t, g.skuId)).stock).toBeLessThanOrEqual(10)
    }
  })

  it('race: two staff refunds at once refund once', async () => {
    const g = await makeGoods(t, { skus: [{ price: 4500, stock: 10 }] })
    const orderNo = await paidOrder(t, me.token, g.skuId)
    const o = await row(orderNo)
    events.length = 0
    const [a, b] = await Promise.all([refund(orderNo), refund(orderNo)])
    expect([a.code, b.code].filter((x) => x === 200)).toHaveLength(1)
    expect(await refundedSum(o.id)).toBe(o.payAmount)
    expect((await cases(o.id)).length).toBe(1)
    expect(events.filter((e) => e.orderNo === orderNo)).toHaveLength(1)
    expect((await stockOf(t, g.skuId)).stock).toBe(10)
  })
})
