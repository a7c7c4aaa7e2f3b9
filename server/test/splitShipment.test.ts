import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient, type StaffSession } from './adminHelpers'
import { makeGoods, requestId, shopper, stockOf } from './tradeFixtures'
import { FakeWechat, byHost } from './fakeWechat'
import { FakeWechatPay } from './fakeWechatPay'
import { shipOrder } from '../src/modules/logistics/service'
import { approveAfterSale } from '../src/modules/afterSales/service'
import { refundAfterSale } from '../src/modules/afterSales/refund'
import { autoAdvanceOrders } from '../src/modules/order/service'
import { uploadDueShipping } from '../src/modules/wechatShipping/service'
import type { OrderEvent } from '../src/modules/order/hooks'

const DAY = 86_400_000

/** An order of two lines (茶杯 ×2 of one SKU, 茶壶 ×1 of another), placed from the cart; not yet paid. */
async function twoLineOrder(t: TestApp, token: string) {
  const g = await makeGoods(t, {
    name: '分包裹的茶具',
    skus: [
      { price: 3000, stock: 20, specText: '茶杯' },
      { price: 6000, stock: 20, specText: '茶壶' },
    ],
  })
  await t.db
    .updateTable('goodsSkus')
    .set({ code: `TEA-CUP-${g.skuIds[0]}` })
    .where('id', '=', g.skuIds[0])
    .execute()
  expect((await t.post('/api/cart/add', { skuId: g.skuIds[0], quantity: 2 }, token)).code).toBe(200)
  expect((await t.post('/api/cart/add', { skuId: g.skuIds[1], quantity: 1 }, token)).code).toBe(200)
  const o = await t.post('/api/order/submit', { from: 'cart', requestId: requestId() }, token)
  expect(o.code).toBe(200)
  const orderNo: string = o.data.orderNo
  const items = await t.db
    .selectFrom('orderItems as i')
    .innerJoin('orders as o', 'o.id', 'i.orderId')
    .select(['i.id', 'i.skuId', 'i.quantity'])
    .where('o.orderNo', '=', orderNo)
    .orderBy('i.id')
    .execute()
  const cup = items.find((i) => i.skuId === g.skuIds[0])!
  const pot = items.find((i) => i.skuId === g.skuIds[1])!
  // The picking list's 行号: the line's place in its order.
  return { orderNo, cup, pot, skuIds: g.skuIds, lineNo: (id: number) => items.findIndex((i) => i.id === id) + 1 }
}

async function paySandbox(t: TestApp, token: string, orderNo: string) {
  const p = await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, token)
  expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)).code).toBe(200)
}

describe.each(DIALECTS)('split shipment (%s)', (dialect) => {
  let t: TestApp
  let owner: StaffSession
  let c: AdminClient
  const hooks: Array<{ event: OrderEvent; orderId: number; status: string }> = []
  beforeAll(async () => {
    t = await makeTestApp(dialect, {
      modules: (m) => ({
        ...m,
        orderHooks: [
          ...m.orderHooks,
          ...(['parcel', 'shipped'] as const).map((event) => ({
            event,
            name: 'test-recorder',
            fn: async (_tx: unknown, p: { order: { id: number; status: string } }) => void hooks.push({ event, orderId: p.order.id, status: p.order.status }),
          })),
        ],
      }),
    })
    owner = await signIn(t, 'owner')
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())
  beforeEach(() => void (hooks.length = 0))

  const orderRow = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const shippedHooks = (orderId: number) => hooks.filter((h) => h.event === 'shipped' && h.orderId === orderId)

  it('two parcels: the order stays 待发货 (部分发货) until the last, then 待收货 with the shipped hooks once; each parcel its own lines and tracking', async () => {
    const me = await shopper(t)
    const { orderNo, cup, pot } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    const o = await orderRow(orderNo)

    // Nothing chosen, too many, a line of another order: refused, nothing shipped.
    expect((await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF1000000001', items: [{ orderItemId: cup.id, quantity: 0 }] })).msg).toBe('请选择要发货的商品')
    expect((await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF1000000001', items: [{ orderItemId: cup.id, quantity: 3 }] })).msg).toBe('「分包裹的茶具」最多还能发2件')
    expect((await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF1000000001', items: [{ orderItemId: 999999, quantity: 1 }] })).msg).toBe('订单商品不存在')
    expect(await t.db.selectFrom('shipments').select('id').where('orderId', '=', o.id).execute()).toEqual([])

    // Parcel 1: one of the two cups.
    const first = await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF1000000001', items: [{ orderItemId: cup.id, quantity: 1 }] })
    expect(first.code).toBe(200)
    expect(await orderRow(orderNo)).toMatchObject({ status: 'to_ship' })
    expect(hooks.map((h) => h.event)).toEqual(['parcel'])
    const detail1 = await t.get('/api/order/detail', { orderNo }, me.token)
    expect(detail1.data).toMatchObject({ status: 'to_ship', statusText: '部分发货', actions: ['afterSale', 'logistics', 'buyAgain'] })
    expect(detail1.data.parcels).toEqual([{ expressCode: 'SF', expressName: '顺丰速运', trackingNo: 'SF1000000001', latest: null, items: [{ orderItemId: cup.id, quantity: 1 }] }])
    expect(Object.fromEntries(detail1.data.items.map((i: any) => [i.id, i.shippedQuantity]))).toEqual({ [cup.id]: 1, [pot.id]: 0 })
    // The console's list says 部分发货 as well.
    const listed = (await c.get('/orders', { orderNo })).data.list.find((r: any) => r.orderNo === orderNo)
    expect(listed).toMatchObject({ status: 'to_ship', partlyShipped: true })

    // Parcel 2: the other cup and the pot: the last units, so the order ships now, hooks once.
    const second = await c.post(`/orders/${orderNo}/ship`, {
      expressCode: 'YTO',
      trackingNo: 'YT2000000002',
      items: [
        { orderItemId: cup.id, quantity: 1 },
        { orderItemId: pot.id, quantity: 1 },
      ],
    })
    expect(second.code).toBe(200)
    const after = await orderRow(orderNo)
    expect(after.status).toBe('to_receive')
    expect(hooks.map((h) => h.event)).toEqual(['parcel', 'shipped'])
    expect(shippedHooks(o.id)).toHaveLength(1)
    // Nothing is left: a third parcel is refused.
    expect((await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF3000000003' })).msg).toBe('订单不是待发货状态')

    const logs = await t.db.selectFrom('orderLogs').select(['action', 'fromStatus', 'toStatus', 'note']).where('orderId', '=', o.id).where('action', 'like', 'ship%').orderBy('id').execute()
    expect(logs).toEqual([
      { action: 'ship_part', fromStatus: 'to_ship', toStatus: 'to_ship', note: '包裹1：顺丰速运 SF1000000001' },
      { action: 'ship', fromStatus: 'to_ship', toStatus: 'to_receive', note: '包裹2：圆通速递 YT2000000002' },
    ])

    const trace = await t.get('/api/logistics/trace', { orderNo }, me.token)
    expect(trace.code).toBe(200)
    expect(trace.data).toMatchObject({ expressName: '顺丰速运', trackingNo: 'SF1000000001' })
    expect(
      trace.data.parcels.map((p: any) => ({
        no: p.trackingNo,
        items: p.items.map((i: any) => `${i.specText}×${i.quantity}`).sort(),
      })),
    ).toEqual([
      { no: 'SF1000000001', items: ['茶杯×1'] },
      { no: 'YT2000000002', items: ['茶杯×1', '茶壶×1'].sort() },
    ])

    const admin = await c.get(`/orders/${orderNo}`)
    expect(admin.data.parcels.map((p: any) => [p.trackingNo, Object.fromEntries(p.items.map((i: any) => [i.orderItemId, i.quantity]))])).toEqual([
      ['SF1000000001', { [cup.id]: 1 }],
      ['YT2000000002', { [cup.id]: 1, [pot.id]: 1 }],
    ])

    // 更正运单号 names the parcel when there are several; the other parcel is untouched.
    expect((await c.post(`/orders/${orderNo}/waybill`, { expressCode: 'ZTO', trackingNo: 'ZT2000000009' })).msg).toBe('请选择要更正的包裹')
    const fix = await c.post(`/orders/${orderNo}/waybill`, { expressCode: 'ZTO', trackingNo: 'ZT2000000009', shipmentId: admin.data.parcels[1].id })
    expect(fix.code).toBe(200)
    const ships = await t.db.selectFrom('shipments').select(['trackingNo']).where('orderId', '=', o.id).orderBy('id').execute()
    expect(ships.map((s) => s.trackingNo)).toEqual(['SF1000000001', 'ZT2000000009'])

    // 添加物流轨迹 names the parcel too: the typed scan lands on that parcel only.
    expect((await c.post(`/orders/${orderNo}/trace`, { text: '仓库：包裹已交给快递员' })).msg).toBe('该订单有多个包裹，请选择要添加轨迹的包裹')
    expect((await c.post(`/orders/${orderNo}/trace`, { text: '仓库：包裹已交给快递员', shipmentId: 999999 })).code).toBe(404)
    expect((await c.post(`/orders/${orderNo}/trace`, { text: '仓库：包裹已交给快递员', shipmentId: admin.data.parcels[0].id })).code).toBe(200)
    const typed = await t.db
      .selectFrom('logisticsTraces')
      .select(['shipmentId', 'text'])
      .where('shipmentId', 'in', [admin.data.parcels[0].id, admin.data.parcels[1].id])
      .where('text', '=', '仓库：包裹已交给快递员')
      .execute()
    expect(typed).toEqual([{ shipmentId: admin.data.parcels[0].id, text: '仓库：包裹已交给快递员' }])
  })

  it('auto-receive counts from the last parcel', async () => {
    const me = await shopper(t)
    const { orderNo, cup, pot } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF4000000001', 'admin', [{ orderItemId: cup.id, quantity: 2 }])
    const o = await orderRow(orderNo)
    // The first parcel left 20 days ago and was signed for 19 days ago; the second left 3 days ago.
    const now = Date.now()
    await t.db
      .updateTable('shipments')
      .set({ createdAt: now - 20 * DAY, signedAt: now - 19 * DAY })
      .where('orderId', '=', o.id)
      .execute()
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF4000000002', 'admin', [{ orderItemId: pot.id, quantity: 1 }])
    await t.db
      .updateTable('orders')
      .set({ shippedAt: now - 3 * DAY })
      .where('id', '=', o.id)
      .execute()
    await autoAdvanceOrders(t.db, t.ctx.modules, now, 200, 15)
    expect((await orderRow(orderNo)).status).toBe('to_receive')
    await autoAdvanceOrders(t.db, t.ctx.modules, now + 13 * DAY, 200, 15)
    expect((await orderRow(orderNo)).status).toBe('to_review')
  })

  it('two staff ship the same lines at once: one parcel, one wins', async () => {
    const me = await shopper(t)
    const { orderNo, cup } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    const other = adminClient(t, await signIn(t, 'owner'))
    const results = await Promise.all([
      c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF5000000001', items: [{ orderItemId: cup.id, quantity: 2 }] }),
      other.post(`/orders/${orderNo}/ship`, { expressCode: 'ZTO', trackingNo: 'ZT5000000002', items: [{ orderItemId: cup.id, quantity: 2 }] }),
    ])
    expect(results.filter((r) => r.code === 200)).toHaveLength(1)
    expect(results.find((r) => r.code !== 200)!.msg).toMatch(/已发货/)
    const o = await orderRow(orderNo)
    expect(await t.db.selectFrom('shipments').select('id').where('orderId', '=', o.id).execute()).toHaveLength(1)
    const line = await t.db.selectFrom('orderItems').select(['shippedQuantity']).where('id', '=', cup.id).executeTakeFirstOrThrow()
    expect(Number(line.shippedQuantity)).toBe(2)
  })

  async function refundLine(token: string, orderNo: string, orderItemId: number, quantity: number) {
    const q = await t.post('/api/afterSales/quote', { orderNo, items: [{ orderItemId, quantity }] }, token)
    expect(q.code).toBe(200)
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId, quantity }], reason: '不想要了', images: [], amount: q.data.maxAmount }, token)
    expect(ap.code).toBe(200)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    await refundAfterSale(t.ctx, ap.data.afterSaleNo)
    const c0 = await t.db.selectFrom('afterSales').select('status').where('afterSaleNo', '=', ap.data.afterSaleNo).executeTakeFirstOrThrow()
    expect(c0.status).toBe('refunded')
  }

  it('split shipment with a refund of a shipped line: the order still waits for the rest, no stock back for the shipped units', async () => {
    const me = await shopper(t)
    const { orderNo, cup, pot, skuIds } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF6000000001', 'admin', [{ orderItemId: cup.id, quantity: 2 }])
    const cupStock = (await stockOf(t, skuIds[0])).stock
    await refundLine(me.token, orderNo, cup.id, 1)
    expect((await stockOf(t, skuIds[0])).stock).toBe(cupStock)
    const o = await orderRow(orderNo)
    expect(o.status).toBe('to_ship')
    expect(shippedHooks(o.id)).toHaveLength(0)
    // The pot ships: the order becomes 待收货.
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF6000000002', 'admin')
    expect((await orderRow(orderNo)).status).toBe('to_receive')
    expect(await t.db.selectFrom('shipmentItems').select(['orderItemId', 'quantity']).where('orderItemId', '=', pot.id).execute()).toEqual([{ orderItemId: pot.id, quantity: 1 }])
    expect(shippedHooks(o.id)).toHaveLength(1)
  })

  it('split shipment with a refund of the unshipped line: it needs no shipping, the order becomes 待收货 with the hooks once, its stock back', async () => {
    const me = await shopper(t)
    const { orderNo, cup, pot, skuIds } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF7000000001', 'admin', [{ orderItemId: cup.id, quantity: 2 }])
    const potStock = (await stockOf(t, skuIds[1])).stock
    await refundLine(me.token, orderNo, pot.id, 1)
    expect((await stockOf(t, skuIds[1])).stock).toBe(potStock + 1)
    const o = await orderRow(orderNo)
    expect(o.status).toBe('to_receive')
    expect(shippedHooks(o.id)).toHaveLength(1)
    const log = await t.db.selectFrom('orderLogs').select(['note']).where('orderId', '=', o.id).where('action', '=', 'ship').executeTakeFirstOrThrow()
    expect(log.note).toBe('其余商品已退款，全部包裹已发出')
    // Nothing left to ship: a parcel is refused.
    expect((await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF7000000002' })).msg).toBe('订单不是待发货状态')
  })

  it('an order with no parcel yet stays 待发货 when one of its lines is refunded', async () => {
    const me = await shopper(t)
    const { orderNo, pot } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    await refundLine(me.token, orderNo, pot.id, 1)
    expect((await orderRow(orderNo)).status).toBe('to_ship')
  })

  it('batch shipping ships every line still waiting of an order in one parcel', async () => {
    const me = await shopper(t)
    const { orderNo, cup, pot } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF8000000001', 'admin', [{ orderItemId: cup.id, quantity: 1 }])
    const r = await c.post('/orders/ship-batch', { csv: `订单号,快递公司,运单号\n${orderNo},圆通速递,YT8000000002` })
    expect(r.data).toEqual({ shipped: 1, skipped: [], failed: [] })
    const o = await orderRow(orderNo)
    expect(o.status).toBe('to_receive')
    const last = await t.db
      .selectFrom('shipments as s')
      .innerJoin('shipmentItems as si', 'si.shipmentId', 's.id')
      .select(['si.orderItemId', 'si.quantity'])
      .where('s.trackingNo', '=', 'YT8000000002')
      .orderBy('si.orderItemId')
      .execute()
    expect(last).toEqual(
      [
        { orderItemId: cup.id, quantity: 1 },
        { orderItemId: pot.id, quantity: 1 },
      ].sort((a, b) => a.orderItemId - b.orderItemId),
    )
  })

  it('导出拣货单 round trip: one row per line, filled by the warehouse it ships the parcels it names; uploaded again it ships nothing twice', async () => {
    const me = await shopper(t)
    const { orderNo, cup, pot, skuIds, lineNo } = await twoLineOrder(t, me.token)
    await paySandbox(t, me.token, orderNo)
    const exportRows = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/admin/api/orders/picking-list?orderNo=${orderNo}`, headers: { cookie: owner.cookie } })
      expect(res.headers['content-type']).toMatch(/text\/csv/)
      expect(res.headers['content-disposition']).toMatch(/picking-list-\d{4}-\d{2}-\d{2}\.csv/)
      return res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
    }
    const lines = await exportRows()
    const address = '"张三","13812345678","浙江省杭州市西湖区文三路 100 号"'
    const cupRow = `"${orderNo}","${lineNo(cup.id)}","分包裹的茶具","茶杯","TEA-CUP-${skuIds[0]}","2",${address},"",""`
    const potRow = `"${orderNo}","${lineNo(pot.id)}","分包裹的茶具","茶壶","","1",${address},"",""`
    expect(lines[0]).toBe('"订单号","行号","商品","规格","货号","数量","收货人","电话","地址","快递公司","快递单号"')
    expect([...lines.slice(1)].sort()).toEqual([cupRow, potRow].sort())
    const fill = (row: string, courier: string, no: string) => row.replace(/"",""$/, `"${courier}","${no}"`)

    // The warehouse packs the cups now (one parcel) and leaves the pot for later.
    const r1 = await c.post('/orders/ship-batch', { csv: [lines[0], fill(cupRow, '顺丰', 'SF9000000001'), potRow].join('\r\n') })
    expect(r1.data).toEqual({ shipped: 1, skipped: [], failed: [] })
    expect((await orderRow(orderNo)).status).toBe('to_ship')
    // The next export shows the cups with their parcel, the pot still to fill.
    expect([...(await exportRows()).slice(1)].sort()).toEqual([fill(cupRow, '顺丰速运', 'SF9000000001'), potRow].sort())

    // Uploaded again with the pot filled (and a row with a number but no courier): the cups are reported as shipped, the pot ships.
    const second = [
      lines[0],
      fill(cupRow, '顺丰', 'SF9000000001'),
      fill(potRow, 'ZTO', 'ZT9000000002'),
      `"${orderNo}","${lineNo(cup.id)}","分包裹的茶具","茶杯","","1","","","","","ZT9000000003"`,
    ].join('\r\n')
    const r2 = await c.post('/orders/ship-batch', { csv: second })
    expect(r2.data).toEqual({
      shipped: 1,
      skipped: [{ line: 2, orderNo, msg: '运单号 SF9000000001 已发货，未重复发货' }],
      failed: [{ line: 4, orderNo, msg: '缺少订单号、快递公司或快递单号' }],
    })
    expect((await orderRow(orderNo)).status).toBe('to_receive')
    const parcels = await t.db
      .selectFrom('shipments as s')
      .innerJoin('shipmentItems as si', 'si.shipmentId', 's.id')
      .select(['s.trackingNo', 'si.orderItemId', 'si.quantity'])
      .where('s.orderId', '=', (await orderRow(orderNo)).id)
      .orderBy('s.id')
      .execute()
    expect(parcels).toEqual([
      { trackingNo: 'SF9000000001', orderItemId: cup.id, quantity: 2 },
      { trackingNo: 'ZT9000000002', orderItemId: pot.id, quantity: 1 },
    ])
  })
})

describe.each(DIALECTS)('split shipment reported to WeChat (%s)', (dialect) => {
  let t: TestApp
  let api: FakeWechat
  let gw: FakeWechatPay
  let me: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    api = new FakeWechat()
    gw = new FakeWechatPay()
    const config = gw.config()
    config.wechat = { ...config.wechat!, miniSecret: 'mini-secret' }
    t = await makeTestApp(dialect, { http: byHost(api, gw), config })
    me = await shopper(t)
    await t.db.updateTable('members').set({ openidMini: 'oMiniBuyer0002' }).where('id', '=', me.memberId).execute()
  })
  afterAll(async () => t.close())

  it('each parcel is uploaded: split delivery, is_all_delivered only with the last, each waybill with its own lines', async () => {
    const { orderNo, cup, pot } = await twoLineOrder(t, me.token)
    const p = await t.post('/api/pay/prepay', { orderNo, channel: 'wechat_mini' }, me.token)
    expect(p.code).toBe(200)
    const trade = gw.pay(p.data.payNo, p.data.amount)
    const n = gw.paymentNotification(p.data.payNo)
    expect((await t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })).statusCode).toBe(204)

    await shipOrder(t.db, t.ctx.modules, orderNo, 'YD', 'YD1000000001', 'admin', [{ orderItemId: cup.id, quantity: 2 }])
    api.reset()
    expect(await uploadDueShipping(t.ctx)).toEqual({ done: 1, failed: 0 })
    expect(api.last('/wxa/sec/order/upload_shipping_info')!.body).toMatchObject({
      order_key: { order_number_type: 2, transaction_id: trade.transactionId },
      logistics_type: 1,
      delivery_mode: 2,
      is_all_delivered: false,
      shipping_list: [{ tracking_no: 'YD1000000001', express_company: 'YD', item_desc: '分包裹的茶具×2' }],
    })

    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF1000000002', 'admin', [{ orderItemId: pot.id, quantity: 1 }])
    expect(await uploadDueShipping(t.ctx)).toEqual({ done: 1, failed: 0 })
    expect(api.count('/wxa/sec/order/upload_shipping_info')).toBe(2)
    expect(api.last('/wxa/sec/order/upload_shipping_info')!.body).toMatchObject({
      delivery_mode: 2,
      is_all_delivered: true,
      shipping_list: [
        { tracking_no: 'YD1000000001', express_company: 'YD', item_desc: '分包裹的茶具×2' },
        { tracking_no: 'SF1000000002', express_company: 'SF', item_desc: '分包裹的茶具×1' },
      ],
    })
    // Nothing more to send.
    await uploadDueShipping(t.ctx)
    expect(api.count('/wxa/sec/order/upload_shipping_info')).toBe(2)
  })

  it('a single-parcel order is uploaded as before (统一发货)', async () => {
    const { orderNo } = await twoLineOrder(t, me.token)
    const p = await t.post('/api/pay/prepay', { orderNo, channel: 'wechat_mini' }, me.token)
    gw.pay(p.data.payNo, p.data.amount)
    const n = gw.paymentNotification(p.data.payNo)
    expect((await t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })).statusCode).toBe(204)
    await shipOrder(t.db, t.ctx.modules, orderNo, 'YD', 'YD2000000001', 'admin')
    api.reset()
    expect(await uploadDueShipping(t.ctx)).toEqual({ done: 1, failed: 0 })
    const body = api.last('/wxa/sec/order/upload_shipping_info')!.body
    expect(body.delivery_mode).toBe(1)
    expect(body).not.toHaveProperty('is_all_delivered')
    expect(body.shipping_list).toEqual([
      { tracking_no: 'YD2000000001', express_company: 'YD', item_desc: expect.stringMatching(/^分包裹的茶具×[12]，分包裹的茶具×[12]$/), contact: { receiver_contact: '138****5678' } },
    ])
  })
})
