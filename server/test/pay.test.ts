import crypto from 'node:crypto'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, quietGateway, shopper, stockOf } from './tradeFixtures'
import { signSandboxTicket } from '../src/payments/sandbox'
import { registerPaymentProvider } from '../src/payments'
import { expireOrders } from '../src/modules/order/service'
import { AppError, ErrorCode } from '../src/errors'
import type { PaymentProvider, RefundInput } from '../src/payments/provider'

// A recorded WeChat gateway: notifications are signed with an HMAC header, like the real one signs with RSA.
const FAKE_KEY = 'fake-wechat-key'
const sign = (raw: string) => crypto.createHmac('sha256', FAKE_KEY).update(raw).digest('hex')
const refunds: RefundInput[] = []
const fakeWechat: PaymentProvider = {
  name: 'wechatpay',
  async prepay(input) {
    return { params: { appId: 'wx-test', timeStamp: '1700000000', nonceStr: 'n', package: `prepay_id=wx${input.payNo}`, signType: 'RSA', paySign: 'sig' } }
  },
  async verifyNotify(headers, raw) {
    if (headers['x-fake-signature'] !== sign(raw)) throw new AppError(ErrorCode.PAY_FAILED, '签名错误')
    const b = JSON.parse(raw)
    return { payNo: b.payNo, transactionId: b.transactionId, amount: b.amount, paidAt: Date.now() }
  },
  async refund(input) {
    refunds.push(input)
    return { status: 'success', refundId: `RF${input.refundNo}` }
  },
  ...quietGateway,
}
registerPaymentProvider('wechatpay', () => fakeWechat)

describe.each(DIALECTS)('payment on %s', (dialect) => {
  let t: TestApp
  let me: Awaited<ReturnType<typeof shopper>>
  let other: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    me = await shopper(t)
    other = await shopper(t)
  })
  afterAll(async () => t.close())

  const key = () => t.ctx.config.sandboxPayKey
  const order = async (price = 2500, qty = 1) => {
    const g = await makeGoods(t, { skus: [{ price, stock: 20 }] })
    const o = await buyNow(t, me.token, g.skuId, qty)
    return { ...o.data, g }
  }
  const logs = async (orderNo: string) => {
    const o = await t.db.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
    return t.db.selectFrom('orderLogs').select(['action', 'toStatus', 'operator']).where('orderId', '=', o.id).orderBy('id').execute()
  }
  const payRow = (payNo: string) => t.db.selectFrom('payments').selectAll().where('payNo', '=', payNo).executeTakeFirstOrThrow()

  it('prepays through the sandbox: PayParams with a signed ticket; a second prepay reuses the payment', async () => {
    const o = await order(2500, 2)
    const p = await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)
    expect(p.code).toBe(200)
    expect(p.data).toMatchObject({ channel: 'sandbox', amount: 5800, payNo: expect.stringMatching(/^P\d{20}$/) })
    expect(p.data.params.ticket).toMatch(/^[\w-]+\.[\w-]+$/)
    const again = await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)
    expect(again.data.payNo).toBe(p.data.payNo)
    expect(await t.get('/api/pay/status', { orderNo: o.orderNo }, me.token)).toMatchObject({
      code: 200,
      data: { orderNo: o.orderNo, status: 'unpaid', paid: false, payAmount: 5800, pointsPaid: 0, paidAt: null },
    })
  })

  it('serves the mini-program through the sandbox when WeChat Pay is not configured (the demo can pay)', async () => {
    const o = await order(2500, 1)
    const p = await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'wechat_mini' }, me.token)
    expect(p).toMatchObject({ code: 200, data: { channel: 'sandbox', amount: 3300 } })
    expect(await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, me.token)).toMatchObject({ code: 200 })
    expect(await t.get('/api/pay/status', { orderNo: o.orderNo }, me.token)).toMatchObject({ code: 200, data: { paid: true } })
  })

  it('refuses the WeChat browser channel when the sandbox is configured', async () => {
    const o = await order()
    expect((await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'wechat_jsapi' }, me.token)).code).toBe(2004)
    expect((await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'alipay' }, me.token)).code).toBe(400)
  })

  it('confirms: the order is paid (to_ship) once; a repeated confirm changes nothing', async () => {
    const o = await order()
    const p = (await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).data
    const c = await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token)
    expect(c.data).toMatchObject({ orderNo: o.orderNo, status: 'to_ship', paid: true, payAmount: 3300 })
    const before = await payRow(p.payNo)
    expect(before).toMatchObject({ status: 'paid', amount: 3300, transactionId: `SB${p.payNo}` })
    const orderBefore = await t.db.selectFrom('orders').select(['status', 'paidAt', 'updatedAt', 'payChannel']).where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()
    expect(orderBefore.payChannel).toBe('sandbox')
    const logsBefore = await logs(o.orderNo)
    const [d1, d2] = await Promise.all([
      t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token),
      t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token),
    ])
    expect([d1.code, d2.code]).toEqual([200, 200])
    expect(await payRow(p.payNo)).toEqual(before)
    expect(await t.db.selectFrom('orders').select(['status', 'paidAt', 'updatedAt', 'payChannel']).where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()).toEqual(orderBefore)
    expect(await logs(o.orderNo)).toEqual(logsBefore)
    expect(logsBefore.map((l) => l.action)).toEqual(['submit', 'pay'])
    // A paid order cannot be prepaid again.
    expect(await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).toMatchObject({ code: 2003, msg: '订单已支付' })
  })

  it('refuses a notice whose amount differs from the payment, and a ticket signed with another key', async () => {
    const o = await order()
    const p = (await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).data
    const cheap = signSandboxTicket(key(), { payNo: p.payNo, amount: 1, exp: Date.now() + 60_000 })
    expect(await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: cheap }, me.token)).toMatchObject({ code: 2004, msg: '支付金额与订单金额不一致' })
    const forged = signSandboxTicket('another-key', { payNo: p.payNo, amount: p.amount, exp: Date.now() + 60_000 })
    expect(await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: forged }, me.token)).toMatchObject({ code: 2004, msg: '支付凭证无效' })
    const otherPay = signSandboxTicket(key(), { payNo: 'P999', amount: p.amount, exp: Date.now() + 60_000 })
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: otherPay }, me.token)).code).toBe(2004)
    const old = signSandboxTicket(key(), { payNo: p.payNo, amount: p.amount, exp: Date.now() - 1 })
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: old }, me.token)).code).toBe(2004)
    expect(await payRow(p.payNo)).toMatchObject({ status: 'pending', transactionId: null })
    expect((await t.get('/api/pay/status', { orderNo: o.orderNo }, me.token)).data.status).toBe('unpaid')
  })

  it('cancels in the sandbox: the payment closes, its ticket no longer pays, a new prepay pays', async () => {
    const o = await order()
    const p = (await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).data
    expect((await t.post('/api/pay/sandboxCancel', { payNo: p.payNo }, me.token)).data).toEqual({ payNo: p.payNo, status: 'closed' })
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, me.token)).code).toBe(2004)
    const p2 = (await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).data
    expect(p2.payNo).not.toBe(p.payNo)
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p2.payNo, ticket: p2.params.ticket }, me.token)).data.paid).toBe(true)
  })

  it('a payment arriving after the order expired is refunded in full; the order stays cancelled and the stock returned', async () => {
    const o = await order(4000, 1)
    const p = (await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).data
    await expireOrders(t.db, t.ctx.modules, o.expireAt + 1)
    expect((await stockOf(t, o.g.skuId)).stock).toBe(20)
    // A real gateway can still report a payment made just before the close: the same notify path.
    const { handlePaidNotice } = await import('../src/modules/pay/service')
    const r = await handlePaidNotice(t.ctx, { payNo: p.payNo, transactionId: 'TX-LATE-1', amount: p.amount, paidAt: Date.now() }, '{}')
    expect(r.outcome).toBe('late')
    expect(await payRow(p.payNo)).toMatchObject({ status: 'refunded', transactionId: 'TX-LATE-1' })
    expect((await t.get('/api/pay/status', { orderNo: o.orderNo }, me.token)).data).toMatchObject({ status: 'cancelled', paid: false })
    expect((await stockOf(t, o.g.skuId)).stock).toBe(20)
    expect((await logs(o.orderNo)).map((l) => l.action)).toEqual(['submit', 'cancel', 'late_payment', 'late_payment_refunded'])
  })

  it("never pays, cancels or shows another member's payment", async () => {
    const o = await order()
    const p = (await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).data
    for (const r of [
      await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket }, other.token),
      await t.post('/api/pay/sandboxCancel', { payNo: p.payNo }, other.token),
      await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, other.token),
      await t.get('/api/pay/status', { orderNo: o.orderNo }, other.token),
    ]) {
      expect(r.code).toBe(404)
      expect(r.data).toEqual({})
    }
    expect(await payRow(p.payNo)).toMatchObject({ status: 'pending' })
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.payNo, ticket: p.params.ticket })).code).toBe(403)
  })

  describe('WeChat Pay notify', () => {
    let w: TestApp
    let buyer: Awaited<ReturnType<typeof shopper>>
    beforeAll(async () => {
      w = await makeTestApp(dialect, { config: { payProvider: 'wechatpay' } })
      buyer = await shopper(w)
      await w.db.updateTable('members').set({ openidH5: 'o-test-openid' }).where('id', '=', buyer.memberId).execute()
    })
    afterAll(async () => w.close())

    const notify = (body: object, signature?: string) => {
      const raw = JSON.stringify(body)
      return w.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', payload: raw, headers: { 'content-type': 'application/json', 'x-fake-signature': signature ?? sign(raw) } })
    }
    const prepaid = async () => {
      const g = await makeGoods(w, { skus: [{ price: 12000, stock: 5 }] })
      const o = (await buyNow(w, buyer.token, g.skuId)).data
      const p = (await w.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'wechat_jsapi' }, buyer.token)).data
      return { o, p }
    }

    it('prepays with the WeChat provider and refuses the sandbox channel', async () => {
      const { o, p } = await prepaid()
      expect(p).toMatchObject({ channel: 'wechat_jsapi', amount: 12000, params: { package: `prepay_id=wx${p.payNo}`, signType: 'RSA' } })
      expect((await w.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, buyer.token)).code).toBe(2004)
    })

    it('a verified notify (no p, no token) pays the order and answers 204; a duplicate changes nothing', async () => {
      const { o, p } = await prepaid()
      const res = await notify({ payNo: p.payNo, transactionId: '4200001', amount: 12000 })
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      expect((await w.get('/api/pay/status', { orderNo: o.orderNo }, buyer.token)).data).toMatchObject({ status: 'to_ship', paid: true })
      const before = await w.db.selectFrom('payments').selectAll().where('payNo', '=', p.payNo).executeTakeFirstOrThrow()
      const again = await notify({ payNo: p.payNo, transactionId: '4200001', amount: 12000 })
      expect(again.statusCode).toBe(204)
      expect(await w.db.selectFrom('payments').selectAll().where('payNo', '=', p.payNo).executeTakeFirstOrThrow()).toEqual(before)
    })

    it('answers FAIL (4xx, WeChat retries) for a bad signature or a wrong amount, and changes nothing', async () => {
      const { o, p } = await prepaid()
      const bad = await notify({ payNo: p.payNo, transactionId: '4200002', amount: 12000 }, 'forged')
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({ code: 'FAIL', message: '签名错误' })
      const wrong = await notify({ payNo: p.payNo, transactionId: '4200002', amount: 1 })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().code).toBe('FAIL')
      expect((await w.get('/api/pay/status', { orderNo: o.orderNo }, buyer.token)).data.status).toBe('unpaid')
    })

    it('refunds through WeChat when a payment lands on an order another payment already paid', async () => {
      const { o, p } = await prepaid()
      await notify({ payNo: p.payNo, transactionId: '4200003', amount: 12000 })
      // A second payment of the same order (another device) is created directly, then notified.
      const row = await w.db.selectFrom('orders').select(['id', 'memberId', 'expireAt']).where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()
      await w.db
        .insertInto('payments')
        .values({
          payNo: 'P2DUP',
          orderId: row.id,
          memberId: row.memberId,
          channel: 'wechat_mini',
          provider: 'wechatpay',
          amount: 12000,
          status: 'pending',
          transactionId: null,
          paidAt: null,
          rawNotify: null,
          expireAt: row.expireAt,
          createdAt: Date.now(),
          updatedAt: Date.now(),
        })
        .execute()
      const n = refunds.length
      expect((await notify({ payNo: 'P2DUP', transactionId: '4200004', amount: 12000 })).statusCode).toBe(204)
      expect(refunds.slice(n)).toEqual([expect.objectContaining({ payNo: 'P2DUP', refundAmount: 12000, totalAmount: 12000 })])
      expect((await w.db.selectFrom('payments').select('status').where('payNo', '=', 'P2DUP').executeTakeFirstOrThrow()).status).toBe('refunded')
      expect((await w.get('/api/pay/status', { orderNo: o.orderNo }, buyer.token)).data.status).toBe('to_ship')
    })
  })
})
