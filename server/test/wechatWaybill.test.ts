import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { adminClient, auditRows, signIn } from './adminHelpers'
import { FakeWechat, byHost, fixture } from './fakeWechat'
import { FakeWechatPay } from './fakeWechatPay'
import { correctWaybill, shipOrder } from '../src/modules/logistics/service'

const TRACE = '/cgi-bin/express/delivery/open_msg/trace_waybill'

/** WeChat's 物流查询 component for mini-program orders (docs/wechat.md "WeChat logistics page"), against recorded answers. */
describe.each(DIALECTS)('WeChat waybill tracking on %s', (dialect) => {
  let t: TestApp
  let api: FakeWechat
  let gw: FakeWechatPay
  let me: Awaited<ReturnType<typeof shopper>>
  let other: Awaited<ReturnType<typeof shopper>>
  let seq = 0
  beforeAll(async () => {
    api = new FakeWechat()
    gw = new FakeWechatPay()
    const config = gw.config()
    config.wechat = { ...config.wechat!, miniSecret: 'mini-secret' }
    config.mainHost = 'shop.example.com'
    t = await makeTestApp(dialect, { http: byHost(api, gw), config })
    me = await shopper(t)
    other = await shopper(t)
    await t.db.updateTable('members').set({ openidMini: 'oMiniBuyer0001', openidH5: 'oH5Buyer0001' }).where('id', '=', me.memberId).execute()
  })
  afterAll(async () => t.close())
  beforeEach(() => api.reset())

  const setSwitch = async (on: boolean) => {
    const r = await adminClient(t, await signIn(t, 'owner')).put('/logistics/settings', { wechatWaybill: on })
    expect(r.code).toBe(200)
    expect(r.data.wechatWaybill).toBe(on)
  }
  async function paid(channel: 'wechat_mini' | 'wechat_jsapi') {
    const g = await makeGoods(t, { name: '赣南脐橙', skus: [{ price: 3000, stock: 20 }] })
    const o = await buyNow(t, me.token, g.skuId, 1)
    const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel }, me.token)
    expect(p.code).toBe(200)
    const trade = gw.pay(p.data.payNo, p.data.amount)
    const n = gw.paymentNotification(p.data.payNo)
    expect((await t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })).statusCode).toBe(204)
    return { orderNo: o.data.orderNo as string, transactionId: trade.transactionId }
  }
  async function shippedMini() {
    const o = await paid('wechat_mini')
    seq += 1
    await shipOrder(t.db, t.ctx.modules, o.orderNo, 'YD', `YD${Date.now()}${seq}`, 'admin')
    return o
  }
  const open = (orderNo: string, token = me.token) => t.post('/api/logistics/wechat-waybill', { orderNo }, token)

  it('is off until the merchant turns it on; the switch is audited', async () => {
    const o = await shippedMini()
    expect((await t.get('/api/logistics/trace', { orderNo: o.orderNo }, me.token)).data.wechatWaybill).toBe(false)
    const r = await open(o.orderNo)
    expect(r.code).toBe(400)
    expect(r.msg).toBe('商家没有开启微信物流查询')
    expect(api.count(TRACE)).toBe(0)
    await setSwitch(true)
    const [audit] = (await auditRows(t, 'settings.wechatWaybill')).slice(-1)
    expect(JSON.parse(audit.afterJson!)).toEqual({ enabled: true })
    expect((await t.get('/api/logistics/trace', { orderNo: o.orderNo }, me.token)).data.wechatWaybill).toBe(true)
    // The service role may read settings but not change them.
    expect((await adminClient(t, await signIn(t, 'service')).put('/logistics/settings', { wechatWaybill: false })).code).not.toBe(200)
  })

  it('hands the waybill to WeChat once and returns its token, cached for the same waybill', async () => {
    await setSwitch(true)
    const o = await shippedMini()
    const r = await open(o.orderNo)
    expect(r.code).toBe(200)
    expect(r.data).toEqual({ waybillToken: fixture('trace_waybill').waybill_token })
    const call = api.last(TRACE)!
    expect(call.query.access_token).toBe(fixture('stable_token').access_token)
    expect(call.body).toMatchObject({
      openid: 'oMiniBuyer0001',
      receiver_phone: '13812345678',
      waybill_id: expect.stringMatching(/^YD\d+$/),
      delivery_id: 'YD',
      trans_id: o.transactionId,
      order_detail_path: `minePages/myOrder/details?orderNo=${o.orderNo}`,
      goods_info: { detail_list: [{ goods_name: '赣南脐橙', goods_img_url: expect.any(String) }] },
    })
    expect((await open(o.orderNo)).data.waybillToken).toBe(r.data.waybillToken)
    expect(api.count(TRACE)).toBe(1)
    // A corrected waybill number is handed over again.
    await correctWaybill(t.db, o.orderNo, 'SF', `SF${Date.now()}`)
    expect((await open(o.orderNo)).code).toBe(200)
    expect(api.count(TRACE)).toBe(2)
    expect(api.last(TRACE)!.body).toMatchObject({ delivery_id: 'SF' })
  })

  it("refuses other members' orders, unshipped orders and orders paid outside the mini-program", async () => {
    await setSwitch(true)
    const o = await shippedMini()
    expect((await open(o.orderNo, other.token)).msg).toBe('订单不存在')
    const unshipped = await paid('wechat_mini')
    expect((await open(unshipped.orderNo)).msg).toBe('该订单还没有发货')
    const h5 = await paid('wechat_jsapi')
    await shipOrder(t.db, t.ctx.modules, h5.orderNo, 'SF', `SF${Date.now()}9`, 'admin')
    expect((await t.get('/api/logistics/trace', { orderNo: h5.orderNo }, me.token)).data.wechatWaybill).toBe(false)
    expect((await open(h5.orderNo)).msg).toBe('只有在小程序中支付的订单可以查看微信物流详情')
    expect(api.count(TRACE)).toBe(0)
  })

  it("says WeChat's refusals in plain Chinese and caches nothing", async () => {
    await setSwitch(true)
    const o = await shippedMini()
    api.queue(TRACE, 'trace_waybill_not_exist')
    expect((await open(o.orderNo)).msg).toBe('微信暂时查不到这个运单，请稍后再试，或查看下方的物流信息')
    api.queue(TRACE, 'trace_waybill_unauthorized')
    expect((await open(o.orderNo)).msg).toBe('商城的小程序还没有开通微信物流查询，请查看下方的物流信息')
    api.queue(TRACE, 'trace_waybill_system_error')
    const busy = await open(o.orderNo)
    expect(busy.code).not.toBe(200)
    expect(busy.msg).toBe('暂时无法打开微信物流详情（-1）')
    expect(busy.msg).not.toContain('system error')
    // The next try succeeds: nothing wrong was cached.
    expect((await open(o.orderNo)).data.waybillToken).toBe(fixture('trace_waybill').waybill_token)
    expect(api.count(TRACE)).toBe(4)
  })

  it('turned off again, it is no longer offered', async () => {
    await setSwitch(false)
    const o = await shippedMini()
    expect((await t.get('/api/logistics/trace', { orderNo: o.orderNo }, me.token)).data.wechatWaybill).toBe(false)
    expect((await open(o.orderNo)).msg).toBe('商家没有开启微信物流查询')
  })
})
