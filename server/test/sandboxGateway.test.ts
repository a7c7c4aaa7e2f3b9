import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { getPaymentProvider } from '../src/payments'
import type { SandboxProvider } from '../src/payments/sandbox'
import { expireUnpaidOrders } from '../src/modules/pay/settle'
import { reconcileDay } from '../src/modules/reconcile/service'

/** The demo's gateway implements query / close / bill like WeChat's, so the demo exercises the same paths. */
describe.each(DIALECTS)('sandbox gateway on %s', (dialect) => {
  let t: TestApp
  let me: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    me = await shopper(t)
  })
  afterAll(async () => t.close())

  async function prepaid() {
    const g = await makeGoods(t, { skus: [{ price: 1200, stock: 5 }] })
    const o = await buyNow(t, me.token, g.skuId, 1)
    const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, me.token)
    await t.db
      .updateTable('orders')
      .set({ expireAt: Date.now() - 1 })
      .where('orderNo', '=', o.data.orderNo)
      .execute()
    return { orderNo: o.data.orderNo as string, payNo: p.data.payNo as string, ticket: p.data.params.ticket as string }
  }
  const status = async (orderNo: string) => (await t.db.selectFrom('orders').select('status').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).status

  it('a payment the gateway took whose notification never came is found before expiry: paid, not cancelled', async () => {
    const o = await prepaid()
    await (getPaymentProvider(t.ctx, 'sandbox') as SandboxProvider).capture(o.payNo, o.ticket) // money taken, notify lost
    await expireUnpaidOrders(t.ctx)
    expect(await status(o.orderNo)).toBe('to_ship')
  })

  it('expiry closes the payment at the gateway first: confirming it afterwards is refused, nothing is charged', async () => {
    const o = await prepaid()
    await expireUnpaidOrders(t.ctx)
    expect(await status(o.orderNo)).toBe('cancelled')
    const c = await t.post('/api/pay/sandboxConfirm', { payNo: o.payNo, ticket: o.ticket }, me.token)
    expect(c.msg).toBe('支付已关闭，请重新发起支付')
    expect(await t.db.selectFrom('sandboxGateway').select('state').where('key', '=', `pay:${o.payNo}`).executeTakeFirstOrThrow()).toEqual({ state: 'closed' })
  })

  it("reconciles against the sandbox's own bill: no difference when every payment was booked", async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    const r = await reconcileDay(t.ctx, today)
    expect(r.provider).toBe('sandbox')
    expect(r.payments).toBeGreaterThanOrEqual(1)
    expect(r.differences).toEqual([])
  })
})
