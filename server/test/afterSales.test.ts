import { DIALECTS, makeTestApp, recordingRefunds, type TestApp } from './helpers'
import { goodsStockOf, makeGoods, paidOrder, quietGateway, shopper, stockOf } from './tradeFixtures'
import { ensureReturnAddress, makeCampaign, orderItems, receivedOrder, shippedOrder, uploadImages } from './afterSalesFixtures'
import { registerPaymentProvider } from '../src/payments'
import { createSandboxProvider } from '../src/payments/sandbox'
import type { RefundInput } from '../src/payments/provider'
import { approveAfterSale, receiveReturn, rejectAfterSale, unitsMax } from '../src/modules/afterSales/service'
import { pointsToReturn, refundAfterSale } from '../src/modules/afterSales/refund'
import type { OrderRefundedEvent } from '../src/modules/order/events'
import { approveTask } from '../src/modules/cashback/service'
import { runAdminCommand } from '../src/adminCommands'
import '../src/modules/afterSales/commands'

/** The sandbox gateway, recording every refund request; `failNext` makes the next one fail like a refused gateway call. */
const gateway = { calls: [] as RefundInput[], failNext: 0 }
registerPaymentProvider('sandbox', (ctx) => {
  const real = createSandboxProvider(ctx.config.sandboxPayKey, ctx.db)
  return {
    ...real,
    async refund(input) {
      gateway.calls.push(input)
      await new Promise((r) => setTimeout(r, 20)) // a slow gateway: concurrent requests overlap
      if (gateway.failNext > 0) {
        gateway.failNext -= 1
        throw new Error('网关超时')
      }
      return real.refund(input)
    },
  }
})

/** A WeChat Pay gateway stand-in: accepts the refund as PROCESSING first, then reports SUCCESS for the same refund number. */
const wechat = { calls: [] as RefundInput[] }
registerPaymentProvider('wechatpay', () => ({
  name: 'wechatpay',
  async prepay() {
    throw new Error('not used')
  },
  async verifyNotify() {
    throw new Error('not used')
  },
  ...quietGateway,
  async refund(input) {
    wechat.calls.push(input)
    return { status: wechat.calls.filter((c) => c.refundNo === input.refundNo).length > 1 ? 'success' : 'processing', refundId: `WX${input.refundNo}` }
  },
}))

const events: OrderRefundedEvent[] = []

describe('refund amounts (pure rules)', () => {
  it('splits a line by units with floors, the last unit taking the rest', () => {
    const line = { quantity: 3, payAmount: 1000, refundedQuantity: 0 }
    expect(unitsMax(line, 1)).toBe(333)
    expect(unitsMax({ ...line, refundedQuantity: 1 }, 1)).toBe(333)
    expect(unitsMax({ ...line, refundedQuantity: 2 }, 1)).toBe(334)
    expect(unitsMax(line, 3)).toBe(1000)
  })
  it('returns points in proportion and the rest with the last refund', () => {
    expect(pointsToReturn(100, 10000, 3000, false, 0)).toBe(30)
    expect(pointsToReturn(100, 10000, 6000, false, 30)).toBe(30)
    expect(pointsToReturn(100, 10000, 9999, true, 60)).toBe(40)
    expect(pointsToReturn(0, 10000, 10000, true, 0)).toBe(0)
  })
})

describe.each(DIALECTS)('after-sales on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { modules: recordingRefunds(events) })
    await ensureReturnAddress(t)
  })
  afterAll(async () => t.close())
  beforeEach(() => {
    gateway.calls = []
    gateway.failNext = 0
    events.length = 0
  })

  const admin = async (...args: string[]) => {
    const lines: string[] = []
    const code = await runAdminCommand(args, { config: t.ctx.config, db: t.db, out: (l) => lines.push(l), modules: t.ctx.modules })
    return { code, out: lines.join('\n') }
  }
  const caseId = async (afterSaleNo: string) => (await t.db.selectFrom('afterSales').select('id').where('afterSaleNo', '=', afterSaleNo).executeTakeFirstOrThrow()).id
  const orderRow = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()

  it('an order with a case open offers 查看售后, not a second 申请售后, and both again once it ends', async () => {
    const g = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 1)
    const actions = async () => (await t.get('/api/order/detail', { orderNo }, me.token)).data.actions
    expect(await actions()).toEqual(['afterSale', 'buyAgain'])
    const info = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
    const item = info.data.items[0]
    const applied = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity: 1 }], reason: '不想要了', images: [], amount: 3800 }, me.token)
    expect(applied.code).toBe(200)
    expect(await actions()).toEqual(['viewAfterSale', 'buyAgain'])
    const listed = (await t.get('/api/order/list', { status: 'afterSale', page: 1, pageSize: 20 }, me.token)).data.list.find((o: any) => o.orderNo === orderNo)
    expect(listed.actions).toEqual(['viewAfterSale', 'buyAgain'])
    await t.post('/api/afterSales/cancel', { afterSaleNo: applied.data.afterSaleNo }, me.token)
    expect(await actions()).toEqual(['afterSale', 'buyAgain'])
  })

  it('refund only before shipping: the whole order with freight, stock back, order closed, payment refunded, event emitted', async () => {
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 2) // 10000 fen: free freight
    const g2 = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    const small = await paidOrder(t, me.token, g2.skuId, 1) // 3000 + 800 freight
    const info = await t.get('/api/afterSales/applyInfo', { orderNo: small }, me.token)
    expect(info.data).toMatchObject({ types: ['refund'], shipped: false, refundableFreight: 800, openAfterSaleNo: null })
    expect(info.data.items[0]).toMatchObject({ refundableQuantity: 1, refundableAmount: 3000 })
    expect((await t.post('/api/afterSales/quote', { orderNo: small, items: [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }] }, me.token)).data).toEqual({
      maxAmount: 3800,
      goodsAmount: 3000,
      freightAmount: 800,
    })
    const item = info.data.items[0]
    const base = { orderNo: small, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity: 1 }], reason: '不想要了', images: [] }
    const over = await t.post('/api/afterSales/apply', { ...base, amount: 3801 }, me.token)
    expect(over).toMatchObject({ code: 4003, msg: '退款金额不能超过¥38.00' })
    const returnType = await t.post('/api/afterSales/apply', { ...base, type: 'return_refund', reason: '七天无理由退货', amount: 100 }, me.token)
    expect(returnType.msg).toBe('商品未发货，请申请仅退款')
    expect((await t.post('/api/afterSales/apply', { ...base, reason: '随便写的', amount: 100 }, me.token)).msg).toBe('请选择售后原因')

    const stockBefore = await stockOf(t, g2.skuId)
    const ap = await t.post('/api/afterSales/apply', { ...base, amount: 3800, description: '拍错了' }, me.token)
    expect(ap.code).toBe(200)
    expect((await orderRow(small)).afterSaleStatus).toBe('processing')
    const id = await caseId(ap.data.afterSaleNo)
    expect((await admin('aftersale', 'refund', String(id))).out).toMatch(/不能退款/)
    expect((await admin('aftersale', 'approve', String(id))).code).toBe(0)
    const r = await admin('aftersale', 'refund', ap.data.afterSaleNo)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/已退款 ¥38.00/)
    expect(gateway.calls).toEqual([expect.objectContaining({ refundAmount: 3800, totalAmount: 3800, refundNo: `RF${ap.data.afterSaleNo}` })])

    const d = await t.get('/api/afterSales/detail', { afterSaleNo: ap.data.afterSaleNo }, me.token)
    expect(d.data).toMatchObject({ status: 'refunded', statusText: '退款成功', refundAmount: 3800, actions: [] })
    expect(d.data.logs.map((l: any) => l.status)).toEqual(['applied', 'approved', 'refunding', 'refunded'])
    const o = await orderRow(small)
    expect(o).toMatchObject({ status: 'cancelled', cancelReason: '已全额退款，交易关闭', afterSaleStatus: 'finished' })
    const detail = await orderItems(t, me.token, small)
    expect(detail.items[0]).toMatchObject({ refundedQuantity: 1, refundedAmount: 3000 })
    expect(await stockOf(t, g2.skuId)).toEqual({ stock: stockBefore.stock + 1, sales: stockBefore.sales - 1 })
    const pay = await t.db.selectFrom('payments').select('status').where('orderId', '=', o.id).where('status', 'in', ['paid', 'refunded']).executeTakeFirstOrThrow()
    expect(pay.status).toBe('refunded')
    expect(events).toEqual([expect.objectContaining({ orderNo: small, amount: 3800, freightAmount: 800, fullyRefunded: true, items: [expect.objectContaining({ quantity: 1, amount: 3000 })] })])
    // The other order is untouched.
    expect((await orderRow(orderNo)).status).toBe('to_ship')
    // Nothing left to refund.
    expect((await t.get('/api/afterSales/applyInfo', { orderNo: small }, me.token)).data.types).toEqual([])
  })

  it('return and refund: approve with the return address, member ships back, shop receives, refund; stock back', async () => {
    const g = await makeGoods(t, { skus: [{ price: 4000, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await receivedOrder(t, me.token, g.skuId, 3) // 12000, free freight
    const info = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
    expect(info.data.types).toEqual(['refund', 'return_refund'])
    expect(info.data.refundableFreight).toBe(0)
    const item = info.data.items[0]
    const imgs = await uploadImages(t, me.token, 2)
    const ap = await t.post(
      '/api/afterSales/apply',
      { orderNo, type: 'return_refund', items: [{ orderItemId: item.orderItemId, quantity: 1 }], reason: '商品质量问题', description: '有划痕', images: imgs, amount: 4000 },
      me.token,
    )
    expect(ap.code).toBe(200)
    const no = ap.data.afterSaleNo
    const ship = (trackingNo: string, expressCode = 'SF') => t.post('/api/afterSales/returnShip', { afterSaleNo: no, expressCode, trackingNo }, me.token)
    expect((await ship('SF1234567')).msg).toMatch(/不能填写退货物流/)
    await approveAfterSale(t.db, no)
    let d = await t.get('/api/afterSales/detail', { afterSaleNo: no }, me.token)
    expect(d.data).toMatchObject({ status: 'approved', actions: ['cancel', 'fillTracking'], images: imgs })
    expect(d.data.returnAddress.address).toContain('浙江省杭州市')
    expect((await ship('x')).msg).toBe('请填写正确的快递单号')
    expect((await ship('SF1234567', 'NOPE')).msg).toBe('请选择快递公司')
    await expect(refundAfterSale(t.ctx, no)).rejects.toThrow('商家确认收到退货后才能退款')
    expect((await ship('SF1234567')).code).toBe(200)
    d = await t.get('/api/afterSales/detail', { afterSaleNo: no }, me.token)
    expect(d.data).toMatchObject({ status: 'returned', returnShipment: { expressName: '顺丰速运', trackingNo: 'SF1234567' }, actions: [] })
    expect((await t.post('/api/afterSales/cancel', { afterSaleNo: no }, me.token)).code).toBe(4002)
    const stockBefore = await stockOf(t, g.skuId)
    expect((await admin('aftersale', 'received', no)).code).toBe(0)
    expect((await admin('aftersale', 'refund', no)).code).toBe(0)
    d = await t.get('/api/afterSales/detail', { afterSaleNo: no }, me.token)
    expect(d.data.status).toBe('refunded')
    expect(d.data.logs.map((l: any) => l.status)).toEqual(['applied', 'approved', 'returned', 'received', 'refunding', 'refunded'])
    expect((await stockOf(t, g.skuId)).stock).toBe(stockBefore.stock + 1)
    expect((await goodsStockOf(t, g.goodsId)).stock).toBeGreaterThan(0)
    // Partial: the order stays, the line shows what was refunded.
    const o = await orderRow(orderNo)
    expect(o).toMatchObject({ status: 'to_review', afterSaleStatus: 'finished' })
    const detail = await orderItems(t, me.token, orderNo)
    expect(detail.items[0]).toMatchObject({ refundedQuantity: 1, refundedAmount: 4000 })
    // A second case for the remaining two units: at most what is left, then nothing more.
    const info2 = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
    expect(info2.data.items[0]).toMatchObject({ refundableQuantity: 2, refundableAmount: 8000 })
    const three = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity: 3 }], reason: '不想要了', images: [], amount: 100 }, me.token)
    expect(three).toMatchObject({ code: 4003, msg: '「' + item.goodsName + '」最多可退2件' })
    const ap2 = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity: 2 }], reason: '不想要了', images: [], amount: 8000 }, me.token)
    expect(ap2.code).toBe(200)
    await approveAfterSale(t.db, ap2.data.afterSaleNo)
    await refundAfterSale(t.ctx, ap2.data.afterSaleNo)
    const total = await t.db
      .selectFrom('afterSales')
      .select((eb) => eb.fn.sum<number>('refundAmount').as('s'))
      .where('orderId', '=', o.id)
      .executeTakeFirstOrThrow()
    expect(Number(total.s)).toBe(12000)
    expect((await orderRow(orderNo)).status).toBe('cancelled')
  })

  it('concurrent refund requests for one case make one refund of at most the paid amount', async () => {
    const g = await makeGoods(t, { skus: [{ price: 6000, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 2)
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 2 }], reason: '不想要了', images: [], amount: 12000 }, me.token)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => refundAfterSale(t.ctx, ap.data.afterSaleNo)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(gateway.calls).toHaveLength(1)
    const row = await t.db.selectFrom('orderItems').select(['refundedAmount', 'refundedQuantity']).where('id', '=', item.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ refundedAmount: 12000, refundedQuantity: 2 })
    expect(events).toHaveLength(1)
    await expect(refundAfterSale(t.ctx, ap.data.afterSaleNo)).rejects.toThrow(/不能退款/)
  })

  it('two applications for one order at once: one opens, the other is refused', async () => {
    const g = await makeGoods(t)
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 2)
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const body = { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 100 }
    const both = await Promise.all([t.post('/api/afterSales/apply', body, me.token), t.post('/api/afterSales/apply', body, me.token), t.post('/api/afterSales/apply', body, me.token)])
    expect(both.map((r) => r.code).sort()).toEqual([200, 4002, 4002])
    const open = await t.db.selectFrom('afterSales').select('id').where('memberId', '=', me.memberId).execute()
    expect(open).toHaveLength(1)
  })

  it("refuses another member's order and case", async () => {
    const g = await makeGoods(t)
    const me = await shopper(t)
    const other = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 1)
    const [item] = (await orderItems(t, me.token, orderNo)).items
    expect((await t.get('/api/afterSales/applyInfo', { orderNo }, other.token)).code).toBe(404)
    const body = { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 100 }
    expect((await t.post('/api/afterSales/apply', body, other.token)).code).toBe(404)
    const mine = await t.post('/api/afterSales/apply', body, me.token)
    expect((await t.get('/api/afterSales/detail', { afterSaleNo: mine.data.afterSaleNo }, other.token)).code).toBe(404)
    expect((await t.post('/api/afterSales/cancel', { afterSaleNo: mine.data.afterSaleNo }, other.token)).code).toBe(404)
    expect((await t.get('/api/afterSales/list', {}, other.token)).data.total).toBe(0)
    // Another member's uploads cannot be attached.
    const theirs = await uploadImages(t, other.token, 1)
    await t.post('/api/afterSales/cancel', { afterSaleNo: mine.data.afterSaleNo }, me.token)
    expect((await t.post('/api/afterSales/apply', { ...body, images: theirs }, me.token)).msg).toBe('凭证图片无效，请重新上传')
  })

  it('cancel and reject close the case; a new one may follow; unpaid and expired orders have none', async () => {
    const g = await makeGoods(t)
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 1)
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const body = { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 1000 }
    const a = await t.post('/api/afterSales/apply', body, me.token)
    expect((await t.post('/api/afterSales/cancel', { afterSaleNo: a.data.afterSaleNo }, me.token)).data.status).toBe('cancelled')
    expect((await orderRow(orderNo)).afterSaleStatus).toBe('none')
    const b = await t.post('/api/afterSales/apply', body, me.token)
    expect(b.code).toBe(200)
    const r = await admin('aftersale', 'reject', b.data.afterSaleNo, '商品已发出')
    expect(r.code).toBe(0)
    const d = await t.get('/api/afterSales/detail', { afterSaleNo: b.data.afterSaleNo }, me.token)
    expect(d.data).toMatchObject({ status: 'rejected', rejectReason: '商品已发出', actions: [] })
    expect((await orderRow(orderNo)).afterSaleStatus).toBe('finished')
    await expect(rejectAfterSale(t.db, b.data.afterSaleNo, 'again')).rejects.toThrow(/不能拒绝/)
    await expect(approveAfterSale(t.db, b.data.afterSaleNo)).rejects.toThrow(/不能同意/)
    const list = await t.get('/api/afterSales/list', { orderNo }, me.token)
    expect(list.data.list.map((x: any) => x.status)).toEqual(['rejected', 'cancelled'])

    const unpaid = await t.post('/api/order/submit', { from: 'buyNow', skuId: g.skuId, quantity: 1, requestId: `u${Date.now()}` }, me.token)
    expect((await t.get('/api/afterSales/applyInfo', { orderNo: unpaid.data.orderNo }, me.token)).data.types).toEqual([])
    // A completed order past the after-sales window.
    const old = await receivedOrder(t, me.token, g.skuId, 1)
    await t.db
      .updateTable('orders')
      .set({ status: 'completed', receivedAt: Date.now() - 8 * 86_400_000 })
      .where('orderNo', '=', old)
      .execute()
    const [oi] = (await orderItems(t, me.token, old)).items
    expect((await t.post('/api/afterSales/apply', { ...body, orderNo: old, items: [{ orderItemId: oi.id, quantity: 1 }] }, me.token)).msg).toBe('已超过售后期限')
  })

  it('a failed gateway call keeps the case refunding; running refund again retries with the same refund number', async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 5 }] })
    const me = await shopper(t)
    const orderNo = await shippedOrder(t, me.token, g.skuId, 1)
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '快递一直未送到', images: [], amount: 2000 }, me.token)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    gateway.failNext = 1
    const first = await admin('aftersale', 'refund', ap.data.afterSaleNo)
    expect(first.code).toBe(1)
    expect(first.out).toMatch(/退款失败：网关超时/)
    let d = await t.get('/api/afterSales/detail', { afterSaleNo: ap.data.afterSaleNo }, me.token)
    expect(d.data.status).toBe('refunding')
    expect(events).toHaveLength(0)
    const second = await admin('aftersale', 'refund', ap.data.afterSaleNo)
    expect(second.code).toBe(0)
    expect(gateway.calls.map((c) => c.refundNo)).toEqual([`RF${ap.data.afterSaleNo}`, `RF${ap.data.afterSaleNo}`])
    d = await t.get('/api/afterSales/detail', { afterSaleNo: ap.data.afterSaleNo }, me.token)
    expect(d.data.status).toBe('refunded')
    // Shipped but refunded in full (goods lost): closed, no stock back, freight not refunded (it shipped).
    expect((await orderRow(orderNo)).status).toBe('cancelled')
    const row = await t.db.selectFrom('orderItems').select('refundedAmount').where('id', '=', item.id).executeTakeFirstOrThrow()
    expect(row.refundedAmount).toBe(2000)
  })

  it('gives points back in proportion and the coupon with the last refund, through the promotions module when installed', async () => {
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await receivedOrder(t, me.token, g.skuId, 2)
    const o = await orderRow(orderNo)
    const promo = await t.db
      .selectFrom('memberCoupons' as any)
      .select('id')
      .limit(1)
      .execute()
      .then(
        () => true,
        () => false,
      )
    // As if the order had used 100 points and a coupon (the promotions module writes these at submit).
    let couponId = 77
    if (promo) {
      const now = Date.now()
      const mc = await (t.db as any)
        .insertInto('memberCoupons')
        .values({ memberId: me.memberId, couponId: 1, status: 'used', source: 'admin', validFrom: now - 1000, validTo: now + 86_400_000, orderId: o.id, usedAt: now, receivedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      couponId = mc.id
    }
    await t.db.updateTable('orders').set({ pointsUsed: 100, couponId }).where('id', '=', o.id).execute()
    const pointsBefore = (await t.db.selectFrom('members').select('points').where('id', '=', me.memberId).executeTakeFirstOrThrow()).points
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const once = async (quantity: number, amount: number) => {
      const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity }], reason: '不想要了', images: [], amount }, me.token)
      expect(ap.code).toBe(200)
      await approveAfterSale(t.db, ap.data.afterSaleNo)
      await refundAfterSale(t.ctx, ap.data.afterSaleNo)
      return (await t.get('/api/afterSales/detail', { afterSaleNo: ap.data.afterSaleNo }, me.token)).data
    }
    const a = await once(1, 2000)
    const b = await once(1, 5000)
    // The rule, whatever is installed: half the points with the first unit, the rest and the coupon with the last.
    expect(events.map((e) => [e.pointsReturn, e.couponId])).toEqual([
      [50, null],
      [50, couponId],
    ])
    const pointsAfter = (await t.db.selectFrom('members').select('points').where('id', '=', me.memberId).executeTakeFirstOrThrow()).points
    if (promo) {
      expect(a).toMatchObject({ pointsReturned: 50, couponReturned: false })
      expect(b).toMatchObject({ pointsReturned: 50, couponReturned: true })
      expect(pointsAfter - pointsBefore).toBe(100)
      const mc = await (t.db as any).selectFrom('memberCoupons').select(['status', 'orderId']).where('id', '=', couponId).executeTakeFirstOrThrow()
      expect(mc).toEqual({ status: 'unused', orderId: null })
    } else {
      expect([a.pointsReturned, b.pointsReturned, a.couponReturned, b.couponReturned]).toEqual([0, 0, false, false])
      expect(pointsAfter).toBe(pointsBefore)
    }
  })

  it('a refund rejects the cashback task still under review for that goods', async () => {
    const g = await makeGoods(t)
    await makeCampaign(t, g.goodsId, { amount: 500 })
    const me = await shopper(t)
    const orderNo = await receivedOrder(t, me.token, g.skuId, 1)
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const rv = await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '好', images: [] }] }, me.token)
    const taskId = rv.data.cashbackTasks[0].taskId
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 5000 }, me.token)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    await refundAfterSale(t.ctx, ap.data.afterSaleNo)
    const task = await t.get('/api/cashback/taskDetail', { id: taskId }, me.token)
    expect(task.data).toMatchObject({ status: 'rejected', rejectReason: '商品已退款' })
    await expect(approveTask(t.db, taskId)).rejects.toThrow()
    // completed orders keep their status after a full refund
    expect((await orderRow(orderNo)).status).toBe('completed')
  })

  it("refunds through the payment's own provider (WeChat Pay): processing first, the retry finishes it", async () => {
    const g = await makeGoods(t, { skus: [{ price: 2500, stock: 5 }] })
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 1)
    const o = await orderRow(orderNo)
    // As if paid through WeChat Pay (JSAPI).
    await t.db.updateTable('payments').set({ provider: 'wechatpay', channel: 'wechat_jsapi' }).where('orderId', '=', o.id).where('status', '=', 'paid').execute()
    const pay = await t.db.selectFrom('payments').selectAll().where('orderId', '=', o.id).where('status', '=', 'paid').executeTakeFirstOrThrow()
    const [item] = (await orderItems(t, me.token, orderNo)).items
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 3300 }, me.token)
    expect(ap.code).toBe(200)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    const first = await admin('aftersale', 'refund', ap.data.afterSaleNo)
    expect(first.out).toMatch(/退款处理中/)
    expect(wechat.calls.at(-1)).toEqual({ payNo: pay.payNo, refundNo: `RF${ap.data.afterSaleNo}`, refundAmount: 3300, totalAmount: 3300, reason: '售后退款 不想要了' })
    expect(gateway.calls).toHaveLength(0)
    expect((await t.get('/api/afterSales/detail', { afterSaleNo: ap.data.afterSaleNo }, me.token)).data.status).toBe('refunding')
    const second = await admin('aftersale', 'refund', ap.data.afterSaleNo)
    expect(second.out).toMatch(/已退款 ¥33.00/)
    expect((await t.get('/api/afterSales/detail', { afterSaleNo: ap.data.afterSaleNo }, me.token)).data.status).toBe('refunded')
    expect(events).toHaveLength(1)
  })

  it('the operator lists cases; unknown ids and actions are refused', async () => {
    const l = await admin('aftersale', 'list')
    expect(l.code).toBe(0)
    expect(l.out).toMatch(/共 \d+ 条/)
    expect((await admin('aftersale', 'approve', '999999')).out).toMatch(/售后单不存在/)
    expect((await admin('aftersale', 'explode', '1')).code).toBe(1)
    await expect(receiveReturn(t.db, '999999')).rejects.toThrow()
  })
})
