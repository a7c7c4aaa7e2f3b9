import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { FakeWechat, byHost } from './fakeWechat'
import { FakeWechatPay } from './fakeWechatPay'
import { shipOrder } from '../src/modules/logistics/service'
import { pushSignature } from '../src/modules/wechatShipping/push'
import { MAX_ATTEMPTS, failedShippingCount, failedShippingUploads, uploadDueShipping } from '../src/modules/wechatShipping/service'

/** Mini-program orders: shipping reported to WeChat (upload_shipping_info) after shipment, retried with backoff. */
describe.each(DIALECTS)('shipping info upload on %s', (dialect) => {
  let t: TestApp
  let api: FakeWechat
  let gw: FakeWechatPay
  let me: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    api = new FakeWechat()
    gw = new FakeWechatPay()
    const config = gw.config()
    config.wechat = { ...config.wechat!, miniSecret: 'mini-secret', miniPushToken: 'PushToken2026' }
    t = await makeTestApp(dialect, { http: byHost(api, gw), config })
    me = await shopper(t)
    await t.db.updateTable('members').set({ openidMini: 'oMiniBuyer0001', openidH5: 'oH5Buyer0001' }).where('id', '=', me.memberId).execute()
  })
  afterAll(async () => t.close())

  async function paidOrder(channel: 'wechat_mini' | 'wechat_jsapi') {
    const g = await makeGoods(t, { name: '赣南脐橙', skus: [{ price: 3000, stock: 20 }] })
    const o = await buyNow(t, me.token, g.skuId, 2)
    const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel }, me.token)
    expect(p.code).toBe(200)
    const trade = gw.pay(p.data.payNo, p.data.amount)
    const n = gw.paymentNotification(p.data.payNo)
    expect((await t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })).statusCode).toBe(204)
    return { orderNo: o.data.orderNo as string, transactionId: trade.transactionId }
  }
  const upload = (orderNo: string) => t.db.selectFrom('shippingUploads as u').innerJoin('orders as o', 'o.id', 'u.orderId').selectAll('u').where('o.orderNo', '=', orderNo).executeTakeFirst()

  it('reports a mini-program order once shipped: transaction id, mapped express code, item description, RFC 3339 time, payer openid', async () => {
    const o = await paidOrder('wechat_mini')
    await shipOrder(t.db, t.ctx.modules, o.orderNo, 'YD', 'YD1234567890', 'admin')
    expect(await upload(o.orderNo)).toMatchObject({ status: 'pending', attempts: 0 })
    api.reset()
    await uploadDueShipping(t.ctx)
    const call = api.last('/wxa/sec/order/upload_shipping_info')!
    expect(call.query.access_token).toBeTruthy()
    expect(call.body).toEqual({
      order_key: { order_number_type: 2, transaction_id: o.transactionId },
      logistics_type: 1,
      delivery_mode: 1,
      shipping_list: [{ tracking_no: 'YD1234567890', express_company: 'YD', item_desc: '赣南脐橙×2', contact: { receiver_contact: '138****5678' } }],
      upload_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/),
      payer: { openid: 'oMiniBuyer0001' },
    })
    expect(await upload(o.orderNo)).toMatchObject({ status: 'done', attempts: 1 })
    await uploadDueShipping(t.ctx)
    expect(api.count('/wxa/sec/order/upload_shipping_info')).toBe(1)
  })

  it('does not report orders paid outside the mini-program', async () => {
    const o = await paidOrder('wechat_jsapi')
    await shipOrder(t.db, t.ctx.modules, o.orderNo, 'SF', 'SF1234567890', 'admin')
    expect(await upload(o.orderNo)).toBeUndefined()
  })

  it('retries a failure with growing backoff, then records it for the to-do list', async () => {
    const o = await paidOrder('wechat_mini')
    await shipOrder(t.db, t.ctx.modules, o.orderNo, 'SF', 'SF9999999999', 'admin')
    const start = Date.now()
    api.queue('/wxa/sec/order/upload_shipping_info', 'upload_shipping_info_busy')
    await uploadDueShipping(t.ctx, start)
    const first = (await upload(o.orderNo))!
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/-1/) })
    expect(Number(first.nextAt)).toBe(start + 60_000)
    // Not due yet: nothing is sent.
    const calls = api.count('/wxa/sec/order/upload_shipping_info')
    await uploadDueShipping(t.ctx, start + 30_000)
    expect(api.count('/wxa/sec/order/upload_shipping_info')).toBe(calls)
    const before = await failedShippingCount(t.db)
    let now = start
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      now = Number((await upload(o.orderNo))!.nextAt)
      api.queue('/wxa/sec/order/upload_shipping_info', 'upload_shipping_info_busy')
      await uploadDueShipping(t.ctx, now)
    }
    expect(await upload(o.orderNo)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    expect(await failedShippingCount(t.db)).toBe(before + 1)
    expect((await failedShippingUploads(t.db)).map((r) => r.orderNo)).toContain(o.orderNo)
  })

  const push = (body: unknown, over: Record<string, string> = {}) => {
    const q = { timestamp: String(Math.floor(Date.now() / 1000)), nonce: 'n0nce123', ...over }
    const signature = over.signature || pushSignature('PushToken2026', q.timestamp, q.nonce)
    return t.app.inject({ method: 'POST', url: '/h5/api/wechat/miniPush', query: { ...q, signature }, payload: body as object })
  }

  it("WeChat's settlement event (buyer confirmed receipt in WeChat) receives the order once; a bad signature is refused", async () => {
    const o = await paidOrder('wechat_mini')
    await shipOrder(t.db, t.ctx.modules, o.orderNo, 'SF', 'SF2468013579', 'admin')
    const q = { timestamp: '1700000000', nonce: 'abc' }
    const echo = await t.app.inject({ method: 'GET', url: '/h5/api/wechat/miniPush', query: { ...q, signature: pushSignature('PushToken2026', q.timestamp, q.nonce), echostr: 'hello123' } })
    expect(echo.body).toBe('hello123')
    const event = {
      ToUserName: 'gh_123',
      FromUserName: 'oMiniBuyer0001',
      CreateTime: 1700000000,
      MsgType: 'event',
      Event: 'trade_manage_order_settlement',
      transaction_id: o.transactionId,
      merchant_id: '1900000109',
      merchant_trade_no: '',
      pay_time: 1700000000,
      shipped_time: 1700000100,
      estimated_settlement_time: 1700600000,
      confirm_receive_method: 1,
      confirm_receive_time: 1700500000,
      settlement_time: 1700600000,
    }
    expect((await push(event, { signature: 'forged' })).statusCode).toBe(401)
    expect((await t.db.selectFrom('orders').select('status').where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()).status).toBe('to_receive')
    const res = await push(event)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('success')
    expect(await push(event)).toMatchObject({ statusCode: 200 })
    const row = await t.db.selectFrom('orders').select(['id', 'status', 'receivedAt']).where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'to_review', receivedAt: 1700500000 * 1000 })
    const logs = await t.db.selectFrom('orderLogs').select('action').where('orderId', '=', row.id).where('action', 'in', ['receive', 'wechat_settlement']).execute()
    expect(logs.map((l) => l.action)).toEqual(['receive', 'wechat_settlement'])
  })

  it("WeChat's shipping reminder sends a failed upload again", async () => {
    const o = await paidOrder('wechat_mini')
    await shipOrder(t.db, t.ctx.modules, o.orderNo, 'SF', 'SF1122334455', 'admin')
    await t.db
      .updateTable('shippingUploads')
      .set({ status: 'failed', attempts: MAX_ATTEMPTS })
      .where('orderId', '=', (await t.db.selectFrom('orders').select('id').where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()).id)
      .execute()
    expect((await push({ MsgType: 'event', Event: 'trade_manage_remind_shipping', transaction_id: o.transactionId, merchant_trade_no: '' })).body).toBe('success')
    expect(await upload(o.orderNo)).toMatchObject({ status: 'pending', attempts: 0 })
  })
})
