import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { getPaymentProvider } from '../src/payments'
import { handlePaidNotice } from '../src/modules/pay/service'
import type { SandboxProvider } from '../src/payments/sandbox'

/** 改价 of an unpaid order (console 订单 › 改价): docs/orders.md "改价". */
describe.each(DIALECTS)('order price change (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let me: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'owner'))
    me = await shopper(t)
  })
  afterAll(() => t.close())

  /** ¥25 of goods + ¥8 freight = ¥33. */
  const order = async () => {
    const g = await makeGoods(t, { skus: [{ price: 2500, stock: 20 }] })
    const o = await buyNow(t, me.token, g.skuId, 1)
    expect(o.code).toBe(200)
    return o.data as { orderNo: string; payAmount: number }
  }
  const row = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const linesSum = async (orderId: number) => (await t.db.selectFrom('orderItems').select('payAmount').where('orderId', '=', orderId).execute()).reduce((s, i) => s + Number(i.payAmount), 0)
  const prepay = async (orderNo: string) => (await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, me.token)).data
  const confirm = (p: { payNo: string; params: any }) => t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token)
  const payRow = (payNo: string) => t.db.selectFrom('payments').selectAll().where('payNo', '=', payNo).executeTakeFirstOrThrow()
  const change = (orderNo: string, newPayAmount: number, reason = '老客户优惠') => c.post(`/orders/${orderNo}/price`, { newPayAmount, reason })

  it('refuses bad input in Chinese and changes nothing', async () => {
    const o = await order()
    expect(o.payAmount).toBe(3300)
    expect(await c.post(`/orders/${o.orderNo}/price`, { newPayAmount: 2000 })).toMatchObject({ code: 400 })
    expect(await change(o.orderNo, 2000, '   ')).toMatchObject({ code: 400, msg: '请填写改价原因' })
    expect(await change(o.orderNo, 0)).toMatchObject({ code: 400, msg: '改价后金额超出范围' })
    expect(await change(o.orderNo, 3301)).toMatchObject({ code: 400, msg: '改价后金额不能高于商品原价加运费 ¥33.00' })
    expect(await change(o.orderNo, 3300)).toMatchObject({ code: 400, msg: '改价后金额与当前金额相同' })
    expect(await change('NOSUCH', 100)).toMatchObject({ code: 404 })
    expect((await row(o.orderNo)).payAmount).toBe(3300)
    expect(await auditRows(t, 'order.price')).toHaveLength(0)
  })

  it('changes an unpaid order: a prepay made before cannot pay the old amount, the new prepay pays the new one; logged, audited, shown to the shopper', async () => {
    const o = await order()
    const before = await prepay(o.orderNo)
    expect(before.amount).toBe(3300)
    expect(await change(o.orderNo, 2000)).toMatchObject({ code: 200 })
    const r = await row(o.orderNo)
    expect([r.status, r.payAmount, Number(r.priceAdjust)]).toEqual(['unpaid', 2000, 1300])
    // The freight keeps its ¥8; the goods line carries the change, so refunds stay within what is paid.
    expect(await linesSum(r.id)).toBe(1200)
    // The prepay made before the change is closed here and at the gateway: its ticket no longer pays.
    expect((await payRow(before.payNo)).status).toBe('closed')
    expect(await confirm(before)).toMatchObject({ code: 2004 })
    expect((await row(o.orderNo)).status).toBe('unpaid')
    const after = await prepay(o.orderNo)
    expect(after.payNo).not.toBe(before.payNo)
    expect(after.amount).toBe(2000)
    expect((await confirm(after)).data).toMatchObject({ status: 'to_ship', paid: true, payAmount: 2000 })
    // The order's log says it in words; the audit row names the staff and the amounts.
    const d = (await c.get(`/orders/${o.orderNo}`)).data
    expect(d.order).toMatchObject({ payAmount: 2000, priceAdjust: 1300 })
    expect(d.timeline.find((l: any) => l.action === 'price')).toMatchObject({ operator: 'admin', note: '改价：¥33.00 → ¥20.00，原因：老客户优惠' })
    const [audit] = (await auditRows(t, 'order.price')).filter((a) => a.targetId === o.orderNo)
    expect(JSON.parse(audit.beforeJson!)).toEqual({ payAmount: 3300 })
    expect(JSON.parse(audit.afterJson!)).toEqual({ payAmount: 2000, reason: '老客户优惠' })
    // The shopper's order details: 原价 = payAmount + priceAdjust.
    const mine = (await t.get('/api/order/detail', { orderNo: o.orderNo }, me.token)).data
    expect(mine).toMatchObject({ payAmount: 2000, priceAdjust: 1300 })
    // Paid now: no more 改价.
    expect(await change(o.orderNo, 1000)).toMatchObject({ code: 2003, msg: '只有待付款的订单可以改价' })
  })

  it('race: a payment the gateway took before the change wins; the change is refused and the order is paid at the old amount', async () => {
    const o = await order()
    const p = await prepay(o.orderNo)
    // The shopper paid at the gateway; its notification has not arrived yet.
    await (getPaymentProvider(t.ctx, 'sandbox') as SandboxProvider).capture(p.payNo, p.params.ticket)
    expect(await change(o.orderNo, 2000)).toMatchObject({ code: 2003, msg: '买家已付款，不能改价' })
    const r = await row(o.orderNo)
    expect([r.status, r.payAmount, Number(r.priceAdjust)]).toEqual(['to_ship', 3300, 0])
    expect((await payRow(p.payNo)).status).toBe('paid')
    // The late notification changes nothing.
    expect((await confirm(p)).data).toMatchObject({ paid: true, payAmount: 3300 })
  })

  it('race: a notice at the old amount arriving after the change is refunded in full; the order stays unpaid at the new amount', async () => {
    const o = await order()
    const p = await prepay(o.orderNo)
    expect(await change(o.orderNo, 2500)).toMatchObject({ code: 200 })
    // A real gateway could still report a payment made in the instant of the close: the same notify path.
    const res = await handlePaidNotice(t.ctx, { payNo: p.payNo, transactionId: `TX-OLD-${p.payNo}`, amount: 3300, paidAt: Date.now() }, '{}')
    expect(res.outcome).toBe('late')
    expect(await payRow(p.payNo)).toMatchObject({ status: 'refunded', amount: 3300 })
    const r = await row(o.orderNo)
    expect([r.status, r.payAmount]).toEqual(['unpaid', 2500])
    const logs = await t.db.selectFrom('orderLogs').select(['action', 'note']).where('orderId', '=', r.id).orderBy('id').execute()
    expect(logs.map((l) => l.action)).toEqual(['submit', 'price', 'late_payment', 'late_payment_refunded'])
    expect(logs[2].note).toContain('订单已改价为 ¥25.00，按原金额 ¥33.00 收到的支付')
  })

  it('race: a confirm and a change at once: either the payment is at the old amount and the change refused, or the change wins and nothing is paid at the old amount', async () => {
    for (let k = 0; k < 3; k++) {
      const o = await order()
      const p = await prepay(o.orderNo)
      const [paid, changed] = await Promise.all([confirm(p), change(o.orderNo, 1800)])
      const r = await row(o.orderNo)
      const pay = await payRow(p.payNo)
      if (changed.code === 200) {
        expect([r.payAmount, Number(r.priceAdjust)]).toEqual([1800, 1500])
        // The old payment never made the order paid: refused by the closed gateway, or taken and given back.
        expect(r.status).toBe('unpaid')
        expect(['closed', 'refunded', 'refund_pending']).toContain(pay.status)
      } else {
        expect(paid.data).toMatchObject({ paid: true, payAmount: 3300 })
        expect([r.status, r.payAmount, Number(r.priceAdjust)]).toEqual(['to_ship', 3300, 0])
      }
    }
  })

  it('two changes at once: the second sees the first (or is refused); amounts and lines stay consistent', async () => {
    const o = await order()
    const [a, b] = await Promise.all([change(o.orderNo, 3000, '第一次'), change(o.orderNo, 2800, '第二次')])
    expect([a.code, b.code]).toContain(200)
    const r = await row(o.orderNo)
    expect([3000, 2800]).toContain(r.payAmount)
    expect(Number(r.priceAdjust)).toBe(3300 - r.payAmount)
    expect(await linesSum(r.id)).toBe(r.payAmount - 800)
  })
})
