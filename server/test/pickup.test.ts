import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { makeGoods, requestId, shopper, stockOf } from './tradeFixtures'
import { AdminCode } from '../../types/admin'
import { FakeWechat, byHost } from './fakeWechat'
import { FakeWechatPay } from './fakeWechatPay'
import { uploadDueShipping } from '../src/modules/wechatShipping/service'
import { shipTemplateCsv } from '../src/modules/order/shipBatch'

const POINT = { name: '西湖店', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 200 号一楼', hours: '每天 09:00-21:00', phone: '0571-88886666', enabled: true, sort: 1 }

/** 到店自提 (docs/orders.md "Self-pickup"): 设置 → 自提点, the checkout without address or freight, the code, 自提核销, WeChat's upload. */
describe.each(DIALECTS)('self-pickup (%s)', (dialect) => {
  let t: TestApp
  let api: FakeWechat
  let gw: FakeWechatPay
  let owner: AdminClient
  let service: AdminClient
  let pointId: number
  const received: string[] = []
  beforeAll(async () => {
    api = new FakeWechat()
    gw = new FakeWechatPay()
    const config = gw.config()
    config.wechat = { ...config.wechat!, miniSecret: 'mini-secret', miniPushToken: 'PushToken2026' }
    t = await makeTestApp(dialect, {
      http: byHost(api, gw),
      config,
      modules: (m) => ({ ...m, orderHooks: [...m.orderHooks, { event: 'received', name: 'test', fn: async (_tx, p) => void received.push(p.order.orderNo) }] }),
    })
    owner = adminClient(t, await signIn(t, 'owner'))
    service = adminClient(t, await signIn(t, 'service'))
  })
  afterAll(() => t.close())

  async function pay(orderNo: string, token: string, channel: 'wechat_mini' | 'wechat_jsapi' = 'wechat_mini') {
    const p = await t.post('/api/pay/prepay', { orderNo, channel }, token)
    expect(p.code).toBe(200)
    gw.pay(p.data.payNo, p.data.amount)
    const n = gw.paymentNotification(p.data.payNo)
    expect((await t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })).statusCode).toBe(204)
  }
  async function pickupOrder(extra: Record<string, unknown> = {}) {
    const me = await shopper(t)
    await t.db
      .updateTable('members')
      .set({ openidH5: `oH5Pickup${me.memberId}` })
      .where('id', '=', me.memberId)
      .execute()
    const g = await makeGoods(t, { name: '龙井茶', skus: [{ price: 3000, stock: 50 }] })
    const o = await t.post(
      '/api/order/submit',
      { from: 'buyNow', skuId: g.skuId, quantity: 1, requestId: requestId(), deliveryType: 'pickup', pickupPointId: pointId, receiverName: '李四', receiverPhone: '13811112222', ...extra },
      me.token,
    )
    expect(o.code).toBe(200)
    return { me, g, orderNo: o.data.orderNo as string }
  }
  const codeOf = async (orderNo: string) => (await t.db.selectFrom('orders').select('pickupCode').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).pickupCode!

  it('设置 → 自提点: created, edited, listed by sort; writes need settings.write and are audited', async () => {
    expect((await service.post('/pickup-points', POINT)).code).toBe(AdminCode.FORBIDDEN)
    const bad = await owner.post('/pickup-points', { ...POINT, phone: '12345' })
    expect(bad.code).toBe(400)
    const c = await owner.post('/pickup-points', POINT)
    expect(c.code).toBe(200)
    pointId = c.data.id
    const other = await owner.post('/pickup-points', { ...POINT, name: '滨江店', sort: 0, enabled: false })
    expect((await owner.put(`/pickup-points/${other.data.id}`, { ...POINT, name: '滨江店', sort: 0, enabled: false, hours: '周一至周五 10:00-20:00' })).code).toBe(200)
    const list = await owner.get('/pickup-points')
    expect(list.data.map((p: { name: string }) => p.name)).toEqual(['滨江店', '西湖店'])
    expect(list.data[0]).toMatchObject({ hours: '周一至周五 10:00-20:00', enabled: false })
    expect((await owner.del(`/pickup-points/${other.data.id}`)).code).toBe(200)
    expect((await auditRows(t, 'pickupPoint.create')).length).toBe(2)
    expect((await auditRows(t, 'pickupPoint.update')).length).toBe(1)
    expect((await auditRows(t, 'pickupPoint.delete')).length).toBe(1)
  })

  it('checkout: the enabled points offered; pickup needs no address and pays no freight; the order keeps a copy of the point', async () => {
    const me = await t.login('13700007777')
    const g = await makeGoods(t, { name: '小罐茶', skus: [{ price: 1000, stock: 10 }] })
    // Delivery: the points are offered, no address yet, freight charged below the free threshold.
    const d = await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 1 }, me)
    expect(d.code).toBe(200)
    expect(d.data).toMatchObject({ deliveryType: 'delivery', address: null, pickup: { point: null, contactPhone: '13700007777' } })
    expect(d.data.freightAmount).toBeGreaterThan(0)
    expect(d.data.pickup.points).toEqual([{ id: pointId, name: '西湖店', address: '浙江省杭州市西湖区文三路 200 号一楼', hours: '每天 09:00-21:00', phone: '0571-88886666' }])
    const p = await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 1, deliveryType: 'pickup' }, me)
    expect(p.data).toMatchObject({ deliveryType: 'pickup', freightAmount: 0, payAmount: 1000, pickup: { point: { id: pointId } } })
    // Submit: a member without any address places a pickup order; the point must be named and the contact given.
    const base = { from: 'buyNow', skuId: g.skuId, quantity: 1, deliveryType: 'pickup' }
    expect((await t.post('/api/order/submit', { ...base, requestId: requestId() }, me)).msg).toBe('请选择自提点')
    expect((await t.post('/api/order/submit', { ...base, pickupPointId: pointId, receiverName: '', receiverPhone: '13700007777', requestId: requestId() }, me)).msg).toBe('请填写提货人姓名')
    const o = await t.post('/api/order/submit', { ...base, pickupPointId: pointId, receiverName: '王五', receiverPhone: '13700007777', requestId: requestId() }, me)
    expect(o.code).toBe(200)
    expect(o.data.payAmount).toBe(1000)
    const row = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', o.data.orderNo).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ deliveryType: 'pickup', pickupPointId: pointId, pickupName: '西湖店', freightAmount: 0, receiverName: '王五', receiverPhone: '13700007777', receiverDetail: '' })
    expect(row.pickupCode).toMatch(/^\d{8}$/)
    expect(o.data.orderNo.endsWith(row.pickupCode!)).toBe(false)
    // Editing the point later changes nothing on the order.
    expect((await owner.put(`/pickup-points/${pointId}`, { ...POINT, hours: '每天 08:00-22:00' })).code).toBe(200)
    const detail = await t.get('/api/order/detail', { orderNo: o.data.orderNo }, me)
    expect(detail.data.pickup).toEqual({ name: '西湖店', address: '浙江省杭州市西湖区文三路 200 号一楼', hours: '每天 09:00-21:00', phone: '0571-88886666', code: null, verifiedAt: null })
    await owner.put(`/pickup-points/${pointId}`, POINT)
    // A disabled point cannot be chosen; without any enabled point pickup is refused.
    await owner.put(`/pickup-points/${pointId}`, { ...POINT, enabled: false })
    const off = await t.post('/api/order/preview', { ...base }, me)
    expect(off.msg).toBe('本店暂不支持到店自提，请选择快递配送')
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 1 }, me)).data.pickup.points).toEqual([])
    await owner.put(`/pickup-points/${pointId}`, POINT)
  })

  it('after payment: 待自提 with the code, no 查看物流; never in the batch-ship template; shipping is refused', async () => {
    const { me, orderNo } = await pickupOrder()
    await pay(orderNo, me.token, 'wechat_jsapi')
    const d = await t.get('/api/order/detail', { orderNo }, me.token)
    expect(d.data).toMatchObject({ status: 'to_ship', statusText: '待自提', deliveryType: 'pickup' })
    expect(d.data.pickup.code).toBe(await codeOf(orderNo))
    expect(d.data.actions).not.toContain('logistics')
    let csv = ''
    for await (const chunk of shipTemplateCsv(t.db)) csv += chunk
    expect(csv).not.toContain(orderNo)
    const ship = await owner.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF1234567890' })
    expect(ship.msg).toMatch(/到店自提订单不需要发货/)
    const batch = await owner.post('/orders/ship-batch', { csv: `${orderNo},SF,SF1234567891` })
    expect(batch.data).toMatchObject({ shipped: 0, failed: [{ orderNo, msg: expect.stringMatching(/到店自提/) }] })
  })

  it('自提核销: lines shown first, verified once (received hooks run), a second refused, a wrong code refused, audited', async () => {
    const { me, orderNo } = await pickupOrder()
    const code = await codeOf(orderNo)
    // Unpaid: looked up but not verifiable.
    expect((await owner.get('/orders/pickup', { code })).data).toMatchObject({ verifiable: false, reason: '订单未支付，不能核销' })
    expect((await owner.post('/orders/pickup/verify', { code })).msg).toBe('订单未支付，不能核销')
    await pay(orderNo, me.token, 'wechat_jsapi')
    const look = await owner.get('/orders/pickup', { code })
    expect(look.data).toMatchObject({ orderNo, verifiable: true, statusText: '待自提', receiverName: '李四', pointName: '西湖店', items: [{ goodsName: '龙井茶', quantity: 1 }] })
    expect((await owner.get('/orders/pickup', { code: '0000000x' })).code).toBe(400)
    const wrong = code === '99999999' ? '99999998' : '99999999'
    expect((await owner.post('/orders/pickup/verify', { code: wrong })).msg).toBe('提货码不存在')
    const v = await owner.post('/orders/pickup/verify', { code })
    expect(v.code).toBe(200)
    expect(received).toContain(orderNo)
    const again = await owner.post('/orders/pickup/verify', { code })
    expect(again.msg).toBe('该提货码已核销')
    const d = await t.get('/api/order/detail', { orderNo }, me.token)
    expect(d.data).toMatchObject({ status: 'to_review', pickup: { code, verifiedAt: expect.any(Number) } })
    expect(d.data.actions).not.toContain('logistics')
    expect((await owner.get('/orders/pickup', { code })).data).toMatchObject({ verifiable: false, statusText: '已核销', verifiedBy: expect.any(String) })
    expect((await auditRows(t, 'order.pickup-verify')).filter((r) => r.targetId === orderNo).length).toBe(1)
    const logs = await t.db.selectFrom('orderLogs as l').innerJoin('orders as o', 'o.id', 'l.orderId').select(['l.action']).where('o.orderNo', '=', orderNo).execute()
    expect(logs.filter((l) => l.action === 'pickup').length).toBe(1)
    // The service role cannot verify (orders.write).
    expect((await service.post('/orders/pickup/verify', { code })).code).toBe(AdminCode.FORBIDDEN)
  })

  it('two staff verifying at once: exactly one wins, the hooks run once', async () => {
    const { me, orderNo } = await pickupOrder()
    await pay(orderNo, me.token, 'wechat_jsapi')
    const code = await codeOf(orderNo)
    const before = received.filter((n) => n === orderNo).length
    const rs = await Promise.all([owner.post('/orders/pickup/verify', { code }), owner.post('/orders/pickup/verify', { code }), owner.post('/orders/pickup/verify', { code })])
    expect(rs.filter((r) => r.code === 200).length).toBe(1)
    expect(rs.filter((r) => r.code !== 200).every((r) => r.msg === '该提货码已核销')).toBe(true)
    expect(received.filter((n) => n === orderNo).length - before).toBe(1)
  })

  it('a cancelled (refunded) order cannot be verified', async () => {
    const { me, g, orderNo } = await pickupOrder()
    const code = await codeOf(orderNo)
    expect((await t.post('/api/order/cancel', { orderNo }, me.token)).code).toBe(200)
    expect((await stockOf(t, g.skuId)).stock).toBe(50)
    expect((await owner.post('/orders/pickup/verify', { code })).msg).toBe('订单已取消或已全额退款，不能核销')
    expect((await t.get('/api/order/detail', { orderNo }, me.token)).data.pickup.code).toBeNull()
  })

  it('mini-program orders are reported to WeChat with logistics_type 4 when verified', async () => {
    const { me, orderNo } = await pickupOrder()
    await t.db.updateTable('members').set({ openidMini: 'oMiniPickup0001' }).where('id', '=', me.memberId).execute()
    await pay(orderNo, me.token, 'wechat_mini')
    const upload = () => t.db.selectFrom('shippingUploads as u').innerJoin('orders as o', 'o.id', 'u.orderId').selectAll('u').where('o.orderNo', '=', orderNo).executeTakeFirst()
    expect(await upload()).toBeUndefined()
    expect((await owner.post('/orders/pickup/verify', { code: await codeOf(orderNo) })).code).toBe(200)
    expect(await upload()).toMatchObject({ status: 'pending' })
    api.reset()
    await uploadDueShipping(t.ctx)
    const call = api.last('/wxa/sec/order/upload_shipping_info')!
    expect(call.body).toMatchObject({ logistics_type: 4, delivery_mode: 1, shipping_list: [{ item_desc: '龙井茶×1' }], payer: { openid: 'oMiniPickup0001' } })
    expect(call.body.shipping_list[0].tracking_no).toBeUndefined()
    expect(await upload()).toMatchObject({ status: 'done' })
  })
})
