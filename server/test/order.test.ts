import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { ADDRESS, buyNow, goodsStockOf, makeGoods, paidOrder, requestId, shopper, stockOf } from './tradeFixtures'
import { expireOrders, autoAdvanceOrders, markItemsReviewed, AUTO_RECEIVE_DAYS, AUTO_COMPLETE_DAYS } from '../src/modules/order/service'
import type { Contributions } from '../src/modules/contributions'
import { jobs } from '../src/modules'
import { shipOrder } from '../src/modules/logistics/service'

// A test pricing step, like the promotions module's: ¥10 off orders with goods named 满减测试….
// It keys off the goods, not couponId (the real coupon step owns couponId and stays active here).
// The test app's contributions: the modules' own, then this step and a 'cancelled' hook that records its calls.
const cancelledHook: string[] = []
const withTestStepAndHook = (m: Contributions): Contributions => ({
  ...m,
  pricingSteps: [
    ...m.pricingSteps,
    {
      name: 'test-discount',
      async apply(_db, draft) {
        if (draft.lines.some((l) => l.goodsName.startsWith('满减测试'))) draft.couponDiscount += 1000
      },
    },
  ],
  orderHooks: [
    ...m.orderHooks,
    {
      event: 'cancelled',
      name: 'test',
      fn: async (_tx, p) => {
        cancelledHook.push(`${p.order.orderNo}:${p.operator}:${p.items.length}`)
      },
    },
  ],
})

describe.each(DIALECTS)('orders on %s', (dialect) => {
  let t: TestApp
  let me: { token: string; memberId: number; addressId: number }
  let other: { token: string; memberId: number; addressId: number }
  beforeAll(async () => {
    t = await makeTestApp(dialect, { modules: withTestStepAndHook })
    me = await shopper(t)
    other = await shopper(t)
  })
  afterAll(async () => t.close())

  it('refuses a visitor with 403', async () => {
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: 1, quantity: 1 })).code).toBe(403)
    expect((await t.get('/api/order/list')).code).toBe(403)
  })

  it('previews buy-now with the freight rule: ¥8 below ¥99, free from ¥99', async () => {
    const g = await makeGoods(t, { skus: [{ price: 3300, stock: 10 }] })
    const two = await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 2 }, me.token)
    expect(two.code).toBe(200)
    expect(two.data).toMatchObject({ goodsAmount: 6600, freightAmount: 800, payAmount: 7400, couponDiscount: 0, pointsDiscount: 0, freeFreightThreshold: 9900 })
    expect(two.data.address).toMatchObject({ id: me.addressId, isDefault: true })
    expect(two.data.lines[0]).toMatchObject({ skuId: g.skuId, price: 3300, quantity: 2, amount: 6600, stock: 10 })
    const three = await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 3 }, me.token)
    expect(three.data).toMatchObject({ goodsAmount: 9900, freightAmount: 0, payAmount: 9900 })
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 11 }, me.token)).code).toBe(2001)
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId }, me.token)).code).toBe(400)
  })

  it("previews the cart's selected valid lines only", async () => {
    const m = await shopper(t)
    const a = await makeGoods(t, { skus: [{ price: 5000, stock: 5 }] })
    const b = await makeGoods(t, { skus: [{ price: 7000, stock: 5 }] })
    const c = await makeGoods(t, { skus: [{ price: 100, stock: 5 }] })
    expect((await t.post('/api/order/preview', { from: 'cart' }, m.token)).code).toBe(400)
    await t.post('/api/cart/add', { skuId: a.skuId, quantity: 1 }, m.token)
    const lb = (await t.post('/api/cart/add', { skuId: b.skuId, quantity: 1 }, m.token)).data
    await t.post('/api/cart/add', { skuId: c.skuId, quantity: 1 }, m.token)
    await t.post('/api/cart/select', { ids: [lb.id], selected: false }, m.token)
    await t.db.updateTable('goods').set({ status: 'off' }).where('id', '=', c.goodsId).execute()
    const p = await t.post('/api/order/preview', { from: 'cart' }, m.token)
    expect(p.data.lines.map((l: any) => l.skuId)).toEqual([a.skuId])
    expect(p.data).toMatchObject({ goodsAmount: 5000, freightAmount: 800, payAmount: 5800 })
  })

  it("submits with the server's price: stock and sales move on SKU and goods, the cart lines go, totals are stored", async () => {
    const m = await shopper(t)
    const g = await makeGoods(t, {
      skus: [
        { price: 4500, stock: 10 },
        { price: 6000, stock: 4 },
      ],
    })
    await t.post('/api/cart/add', { skuId: g.skuIds[0], quantity: 2 }, m.token)
    await t.post('/api/cart/add', { skuId: g.skuIds[1], quantity: 1 }, m.token)
    const res = await t.post('/api/order/submit', { from: 'cart', requestId: requestId(), remark: ' 请包装好 ', price: 1, payAmount: 1 }, m.token)
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({ status: 'unpaid', payAmount: 15000, existing: false })
    expect(res.data.orderNo).toMatch(/^\d{20}$/)
    expect(await stockOf(t, g.skuIds[0])).toEqual({ stock: 8, sales: 2 })
    expect(await stockOf(t, g.skuIds[1])).toEqual({ stock: 3, sales: 1 })
    expect(await goodsStockOf(t, g.goodsId)).toEqual({ stock: 11, sales: 3 })
    expect((await t.get('/api/cart/list', {}, m.token)).data.valid).toEqual([])
    const d = (await t.get('/api/order/detail', { orderNo: res.data.orderNo }, m.token)).data
    expect(d).toMatchObject({ status: 'unpaid', statusText: '待付款', goodsAmount: 15000, freightAmount: 0, payAmount: 15000, itemCount: 3, remark: '请包装好', actions: ['cancel', 'pay'] })
    expect(d.receiver).toEqual({ name: ADDRESS.name, phone: ADDRESS.phone, province: ADDRESS.province, city: ADDRESS.city, district: ADDRESS.district, detail: ADDRESS.detail })
    expect(d.items.map((i: any) => [i.skuId, i.price, i.quantity, i.amount, i.payAmount]).sort((x: number[], y: number[]) => x[0] - y[0])).toEqual([
      [g.skuIds[0], 4500, 2, 9000, 9000],
      [g.skuIds[1], 6000, 1, 6000, 6000],
    ])
    expect(d.expireAt - d.createdAt).toBe(t.ctx.config.orderExpireMinutes * 60_000)
    const row = await t.db.selectFrom('orders').select(['boundBusinessId', 'requestId']).where('orderNo', '=', res.data.orderNo).executeTakeFirstOrThrow()
    expect(row.requestId).toBeTruthy()
  })

  it("refuses to submit without an address, and with another member's address", async () => {
    const tok = await t.login(nextPhone())
    const g = await makeGoods(t)
    expect(await buyNow(t, tok, g.skuId)).toMatchObject({ code: 400, msg: '请选择收货地址' })
    expect((await buyNow(t, tok, g.skuId, 1, { addressId: other.addressId })).code).toBe(404)
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 1, addressId: other.addressId }, tok)).code).toBe(404)
    expect((await stockOf(t, g.skuId)).stock).toBe(100)
  })

  it('makes one order for one requestId, even when the submit is tapped twice at once', async () => {
    const g = await makeGoods(t, { skus: [{ price: 1000, stock: 50 }] })
    const rid = requestId()
    const body = { from: 'buyNow', skuId: g.skuId, quantity: 2, requestId: rid }
    const [a, b, c] = await Promise.all([t.post('/api/order/submit', body, me.token), t.post('/api/order/submit', body, me.token), t.post('/api/order/submit', body, me.token)])
    expect([a.code, b.code, c.code]).toEqual([200, 200, 200])
    expect(new Set([a.data.orderNo, b.data.orderNo, c.data.orderNo]).size).toBe(1)
    const again = await t.post('/api/order/submit', body, me.token)
    expect(again.data).toMatchObject({ orderNo: a.data.orderNo, existing: true })
    expect(await stockOf(t, g.skuId)).toEqual({ stock: 48, sales: 2 })
    const n = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('requestId', '=', rid)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(1)
    // The same requestId from another member is another order.
    expect((await t.post('/api/order/submit', body, other.token)).data.orderNo).not.toBe(a.data.orderNo)
  })

  it('sells exactly the last 10 units to 200 concurrent submits by 20 members; stock ends at 0, never below', async () => {
    const g = await makeGoods(t, { skus: [{ price: 990, stock: 10 }] })
    const members = []
    for (let i = 0; i < 20; i++) members.push(await shopper(t))
    const submits = []
    for (let i = 0; i < 200; i++) submits.push(buyNow(t, members[i % 20].token, g.skuId, 1))
    const res = await Promise.all(submits)
    const ok = res.filter((r) => r.code === 200)
    expect(ok).toHaveLength(10)
    expect(res.filter((r) => r.code !== 200 && r.code !== 2001).map((r) => `${r.code} ${r.msg}`)).toEqual([])
    expect(await stockOf(t, g.skuId)).toEqual({ stock: 0, sales: 10 })
    expect(await goodsStockOf(t, g.goodsId)).toEqual({ stock: 0, sales: 10 })
    const sold = await t.db
      .selectFrom('orderItems')
      .select((eb) => eb.fn.sum<number>('quantity').as('q'))
      .where('skuId', '=', g.skuId)
      .executeTakeFirstOrThrow()
    expect(Number(sold.q)).toBe(10)
  })

  it('refuses an order larger than the stock left, and changes nothing', async () => {
    const g = await makeGoods(t, { skus: [{ price: 990, stock: 3 }] })
    const r = await buyNow(t, me.token, g.skuId, 4)
    expect(r.code).toBe(2001)
    expect(r.msg).toContain('库存不足')
    expect(await stockOf(t, g.skuId)).toEqual({ stock: 3, sales: 0 })
  })

  it('lists by tab with paging, and counts per state', async () => {
    const m = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 100 }] })
    const unpaid1 = (await buyNow(t, m.token, g.skuId)).data.orderNo
    const unpaid2 = (await buyNow(t, m.token, g.skuId)).data.orderNo
    const paid = await paidOrder(t, m.token, g.skuId)
    const shipped = await paidOrder(t, m.token, g.skuId)
    await shipOrder(t.db, t.ctx.modules, shipped, 'SF', 'SF1234567890')
    const counts = (await t.get('/api/order/counts', {}, m.token)).data
    expect(counts).toEqual({ unpaid: 2, unshipped: 1, unreceived: 1, unreviewed: 0, afterSale: 0 })
    const all = (await t.get('/api/order/list', { status: 'all', page: 1, pageSize: 3 }, m.token)).data
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 3 })
    expect(all.list.map((o: any) => o.orderNo)).toEqual([shipped, paid, unpaid2])
    expect(all.list[0].items[0]).toMatchObject({ skuId: g.skuId, quantity: 1, reviewed: false })
    expect(all.list[0].actions).toEqual(['afterSale', 'logistics', 'confirmReceipt'])
    expect(all.list[1].actions).toEqual(['afterSale', 'buyAgain'])
    const page2 = (await t.get('/api/order/list', { status: 'all', page: 2, pageSize: 3 }, m.token)).data
    expect(page2.list.map((o: any) => o.orderNo)).toEqual([unpaid1])
    const tab = async (status: string) => (await t.get('/api/order/list', { status }, m.token)).data.list.map((o: any) => o.orderNo)
    expect(await tab('unpaid')).toEqual([unpaid2, unpaid1])
    expect(await tab('unshipped')).toEqual([paid])
    expect(await tab('unreceived')).toEqual([shipped])
    expect(await tab('unreviewed')).toEqual([])
    expect(await tab('afterSale')).toEqual([])
    expect((await t.get('/api/order/list', { status: 'nope' }, m.token)).code).toBe(400)
  })

  it('cancels an unpaid order and returns the stock; other states refuse cancel', async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const o = (await buyNow(t, me.token, g.skuId, 3)).data.orderNo
    expect((await stockOf(t, g.skuId)).stock).toBe(7)
    // only a reason from the picker's list is taken
    expect((await t.post('/api/order/cancel', { orderNo: o, reason: '随便写的' }, me.token)).code).toBe(400)
    expect((await stockOf(t, g.skuId)).stock).toBe(7)
    const c = await t.post('/api/order/cancel', { orderNo: o, reason: '地址/信息填写错误' }, me.token)
    expect(c.data).toEqual({ orderNo: o, status: 'cancelled' })
    expect(await stockOf(t, g.skuId)).toEqual({ stock: 10, sales: 0 })
    expect(await goodsStockOf(t, g.goodsId)).toEqual({ stock: 10, sales: 0 })
    const d = (await t.get('/api/order/detail', { orderNo: o }, me.token)).data
    expect(d).toMatchObject({ status: 'cancelled', cancelReason: '地址/信息填写错误', actions: ['delete', 'buyAgain'] })
    expect(cancelledHook.some((h) => h.startsWith(`${o}:member:1`))).toBe(true)
    // the order's log keeps the reason in plain words (the console's order log shows it)
    const log = await t.db
      .selectFrom('orderLogs as l')
      .innerJoin('orders as o', 'o.id', 'l.orderId')
      .select(['l.action', 'l.note'])
      .where('o.orderNo', '=', o)
      .where('l.action', '=', 'cancel')
      .executeTakeFirstOrThrow()
    expect(log.note).toBe('地址/信息填写错误')
    // Twice: refused, and the stock is not returned twice.
    expect((await t.post('/api/order/cancel', { orderNo: o }, me.token)).code).toBe(2003)
    expect((await stockOf(t, g.skuId)).stock).toBe(10)
    const paid = await paidOrder(t, me.token, g.skuId)
    expect((await t.post('/api/order/cancel', { orderNo: paid }, me.token)).code).toBe(2003)
  })

  it('confirms receipt of shipped orders only, then completes when every line is reviewed', async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const o = await paidOrder(t, me.token, g.skuId)
    expect((await t.post('/api/order/confirmReceipt', { orderNo: o }, me.token)).code).toBe(2003)
    await shipOrder(t.db, t.ctx.modules, o, 'ZTO', '7312345678901')
    expect((await t.post('/api/order/confirmReceipt', { orderNo: o }, me.token)).data).toEqual({ orderNo: o, status: 'to_review' })
    expect((await t.post('/api/order/confirmReceipt', { orderNo: o }, me.token)).code).toBe(2003)
    let d = (await t.get('/api/order/detail', { orderNo: o }, me.token)).data
    expect(d).toMatchObject({ status: 'to_review', statusText: '待评价', actions: ['afterSale', 'logistics', 'buyAgain', 'evaluate'] })
    expect(d.receivedAt).toBeGreaterThan(0)
    expect((await t.get('/api/order/list', { status: 'unreviewed' }, me.token)).data.list.map((x: any) => x.orderNo)).toContain(o)
    const row = await t.db.selectFrom('orders').select('id').where('orderNo', '=', o).executeTakeFirstOrThrow()
    await t.db.transaction().execute((tx) =>
      markItemsReviewed(
        tx,
        t.ctx.modules,
        me.memberId,
        row.id,
        d.items.map((i: any) => i.id),
      ),
    )
    d = (await t.get('/api/order/detail', { orderNo: o }, me.token)).data
    expect(d.status).toBe('completed')
    expect(d.items[0].reviewed).toBe(true)
    expect(d.actions).toEqual(['afterSale', 'delete', 'logistics', 'buyAgain'])
  })

  it('deletes only completed or cancelled orders, softly', async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const unpaid = (await buyNow(t, me.token, g.skuId)).data.orderNo
    expect((await t.post('/api/order/delete', { orderNo: unpaid }, me.token)).code).toBe(2003)
    await t.post('/api/order/cancel', { orderNo: unpaid }, me.token)
    expect((await t.post('/api/order/delete', { orderNo: unpaid }, me.token)).data).toEqual({ orderNo: unpaid, deleted: true })
    expect((await t.get('/api/order/detail', { orderNo: unpaid }, me.token)).code).toBe(404)
    expect((await t.get('/api/order/list', {}, me.token)).data.list.map((o: any) => o.orderNo)).not.toContain(unpaid)
    const kept = await t.db.selectFrom('orders').select(['deletedAt', 'status']).where('orderNo', '=', unpaid).executeTakeFirstOrThrow()
    expect(kept.status).toBe('cancelled')
    expect(kept.deletedAt).toBeGreaterThan(0)
    const paid = await paidOrder(t, me.token, g.skuId)
    expect((await t.post('/api/order/delete', { orderNo: paid }, me.token)).code).toBe(2003)
  })

  it("buys again: the order's SKUs go back into the cart, what is gone is skipped", async () => {
    const m = await shopper(t)
    const a = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const b = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    await t.post('/api/cart/add', { skuId: a.skuId, quantity: 2 }, m.token)
    await t.post('/api/cart/add', { skuId: b.skuId, quantity: 1 }, m.token)
    const o = (await t.post('/api/order/submit', { from: 'cart', requestId: requestId() }, m.token)).data.orderNo
    await t.post('/api/order/cancel', { orderNo: o }, m.token)
    await t.db.updateTable('goods').set({ status: 'off' }).where('id', '=', b.goodsId).execute()
    expect((await t.post('/api/order/buyAgain', { orderNo: o }, m.token)).data).toEqual({ added: 1, skipped: 1 })
    const cart = (await t.get('/api/cart/list', {}, m.token)).data
    expect(cart.valid.map((l: any) => [l.skuId, l.quantity])).toEqual([[a.skuId, 2]])
  })

  it('expires unpaid orders past expire_at and returns their stock (the job and the direct call)', async () => {
    expect(jobs.map((j) => j.name)).toContain('order-expiry')
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const o = (await buyNow(t, me.token, g.skuId, 4)).data
    const paid = await paidOrder(t, me.token, g.skuId, 1)
    expect((await stockOf(t, g.skuId)).stock).toBe(5)
    await expireOrders(t.db, t.ctx.modules, o.expireAt - 1)
    expect((await t.get('/api/order/detail', { orderNo: o.orderNo }, me.token)).data.status).toBe('unpaid')
    expect((await stockOf(t, g.skuId)).stock).toBe(5)
    const n = await expireOrders(t.db, t.ctx.modules, o.expireAt + 1)
    expect(n).toBeGreaterThanOrEqual(1)
    expect(await stockOf(t, g.skuId)).toEqual({ stock: 9, sales: 1 })
    const d = (await t.get('/api/order/detail', { orderNo: o.orderNo }, me.token)).data
    expect(d).toMatchObject({ status: 'cancelled', cancelReason: '超时未支付，订单自动取消' })
    expect(cancelledHook.some((h) => h.startsWith(`${o.orderNo}:system`))).toBe(true)
    expect((await t.get('/api/order/detail', { orderNo: paid }, me.token)).data.status).toBe('to_ship')
    // Running again changes nothing.
    await expireOrders(t.db, t.ctx.modules, o.expireAt + 1)
    expect((await stockOf(t, g.skuId)).stock).toBe(9)
    // An expired order cannot be paid.
    expect((await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).code).toBe(2003)
  })

  it('auto-receives orders shipped long ago', async () => {
    const g = await makeGoods(t)
    const o = await paidOrder(t, me.token, g.skuId)
    await shipOrder(t.db, t.ctx.modules, o, 'SF', 'SF9876543210')
    await autoAdvanceOrders(t.db, t.ctx.modules, Date.now() + (AUTO_RECEIVE_DAYS - 1) * 86400_000)
    expect((await t.get('/api/order/detail', { orderNo: o }, me.token)).data.status).toBe('to_receive')
    const later = Date.now() + (AUTO_RECEIVE_DAYS + 1) * 86400_000
    expect((await autoAdvanceOrders(t.db, t.ctx.modules, later)).received).toBeGreaterThanOrEqual(1)
    expect((await t.get('/api/order/detail', { orderNo: o }, me.token)).data).toMatchObject({ status: 'to_review', receivedAt: later })
    await autoAdvanceOrders(t.db, t.ctx.modules, later + (AUTO_COMPLETE_DAYS + 1) * 86400_000)
    expect((await t.get('/api/order/detail', { orderNo: o }, me.token)).data.status).toBe('completed')
  })

  it('applies a registered pricing step and spreads its discount over the lines', async () => {
    const m = await shopper(t)
    const a = await makeGoods(t, { name: '满减测试 T恤', skus: [{ price: 3000, stock: 10 }] })
    const b = await makeGoods(t, { name: '满减测试 外套', skus: [{ price: 6000, stock: 10 }] })
    await t.post('/api/cart/add', { skuId: a.skuId, quantity: 1 }, m.token)
    await t.post('/api/cart/add', { skuId: b.skuId, quantity: 1 }, m.token)
    const p = (await t.post('/api/order/preview', { from: 'cart' }, m.token)).data
    expect(p).toMatchObject({ goodsAmount: 9000, freightAmount: 800, couponDiscount: 1000, payAmount: 8800 })
    const o = (await t.post('/api/order/submit', { from: 'cart', requestId: requestId() }, m.token)).data
    expect(o.payAmount).toBe(8800)
    const d = (await t.get('/api/order/detail', { orderNo: o.orderNo }, m.token)).data
    expect(d.couponDiscount).toBe(1000)
    expect(d.items.reduce((s: number, i: any) => s + i.payAmount, 0)).toBe(8000)
    expect(d.items.map((i: any) => i.payAmount).sort()).toEqual([2667, 5333])
  })

  it("never shows or changes another member's order", async () => {
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 10 }] })
    const o = (await buyNow(t, me.token, g.skuId)).data.orderNo
    const paid = await paidOrder(t, me.token, g.skuId)
    await shipOrder(t.db, t.ctx.modules, paid, 'SF', 'SF5555555555')
    expect((await t.get('/api/order/list', {}, other.token)).data.list.map((x: any) => x.orderNo)).not.toContain(o)
    const refused = [
      await t.get('/api/order/detail', { orderNo: o }, other.token),
      await t.post('/api/order/cancel', { orderNo: o }, other.token),
      await t.post('/api/order/confirmReceipt', { orderNo: paid }, other.token),
      await t.post('/api/order/delete', { orderNo: o }, other.token),
      await t.post('/api/order/buyAgain', { orderNo: o }, other.token),
      await t.post('/api/pay/prepay', { orderNo: o, channel: 'sandbox' }, other.token),
      await t.get('/api/pay/status', { orderNo: o }, other.token),
      await t.get('/api/logistics/trace', { orderNo: paid }, other.token),
    ]
    for (const r of refused) {
      expect(r.code).toBe(404)
      expect(r.data).toEqual({})
    }
    expect((await t.get('/api/order/detail', { orderNo: o }, me.token)).data.status).toBe('unpaid')
    expect((await t.get('/api/order/detail', { orderNo: paid }, me.token)).data.status).toBe('to_receive')
  })
})
