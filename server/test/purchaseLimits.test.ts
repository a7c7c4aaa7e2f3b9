import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, paidOrder, shopper, stockOf } from './tradeFixtures'
import { orderItems } from './afterSalesFixtures'

/** 每人限购 and 起购数量 on goods (issue 34; docs/orders.md "Purchase limits"). */
describe.each(DIALECTS)('purchase limits (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let cookie: string
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    const owner = await signIn(t, 'owner')
    cookie = owner.cookie
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  const rules = (goodsId: number, perMemberLimit: number, minQuantity: number) => t.db.updateTable('goods').set({ perMemberLimit, minQuantity }).where('id', '=', goodsId).execute()
  const goodsName = async (goodsId: number) => (await t.db.selectFrom('goods').select('name').where('id', '=', goodsId).executeTakeFirstOrThrow()).name
  const ordersOf = (memberId: number, goodsId: number) =>
    t.db
      .selectFrom('orderItems as i')
      .innerJoin('orders as o', 'o.id', 'i.orderId')
      .select(['o.orderNo', 'o.status', 'i.quantity'])
      .where('o.memberId', '=', memberId)
      .where('i.goodsId', '=', goodsId)
      .execute()

  it('the console saves and loads both settings; a minimum above the limit is refused', async () => {
    const g = await makeGoods(t)
    const detail = (await c.get(`/goods/${g.goodsId}`)).data
    expect(detail).toMatchObject({ perMemberLimit: 0, minQuantity: 0 })
    const { id: _id, price: _p, originalPrice: _o, stock: _s, sales: _sa, createdAt: _c, updatedAt: _u, skus, ...rest } = detail
    const body = { ...rest, skus: skus.map((s: any) => ({ id: s.id, specs: s.specs, price: s.price, originalPrice: s.originalPrice, stock: s.stock })), images: ['/media/goods/x.jpg'] }
    const top = await c.post('/categories', { parentId: 0, name: '限购' })
    body.categoryId = (await c.post('/categories', { parentId: top.data.id, name: '限购二级' })).data.id
    expect(await c.put(`/goods/${g.goodsId}`, { ...body, perMemberLimit: 2, minQuantity: 3 })).toMatchObject({ code: 400, msg: '起购数量不能大于每人限购数量' })
    expect((await c.put(`/goods/${g.goodsId}`, { ...body, perMemberLimit: 5, minQuantity: 2 })).code).toBe(200)
    expect((await c.get(`/goods/${g.goodsId}`)).data).toMatchObject({ perMemberLimit: 5, minQuantity: 2 })
    // Left out on edit: unchanged.
    const { perMemberLimit: _l, minQuantity: _m, ...without } = body
    expect((await c.put(`/goods/${g.goodsId}`, without)).code).toBe(200)
    expect((await c.get(`/goods/${g.goodsId}`)).data).toMatchObject({ perMemberLimit: 5, minQuantity: 2 })
  })

  it('the goods CSV exports and imports both settings', async () => {
    const g = await makeGoods(t)
    await t.db
      .updateTable('goodsSkus')
      .set({ code: `PL-${g.skuId}` })
      .where('id', '=', g.skuId)
      .execute()
    await rules(g.goodsId, 4, 2)
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/goods/export', headers: { cookie } })
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0].endsWith('"图片","每人限购","起购数量"')).toBe(true)
    expect(lines.find((l) => l.includes(`"PL-${g.skuId}"`))!.endsWith('"4","2"')).toBe(true)
    const csv = (limit: string, min: string) => `商品名称,货号,售价,每人限购,起购数量\r\nx,PL-${g.skuId},50,${limit},${min}`
    expect((await c.post('/goods/import', { csv: csv('6', '') })).data).toMatchObject({ updated: 1, failed: [] })
    expect((await c.get(`/goods/${g.goodsId}`)).data).toMatchObject({ perMemberLimit: 6, minQuantity: 2 })
    expect((await c.post('/goods/import', { csv: csv('1', '3') })).data.failed).toEqual([{ line: 2, msg: '起购数量不能大于每人限购数量' }])
    expect((await c.post('/goods/import', { csv: csv('0', '0') })).data).toMatchObject({ updated: 1 })
    expect((await c.get(`/goods/${g.goodsId}`)).data).toMatchObject({ perMemberLimit: 0, minQuantity: 0 })
  })

  it('the goods details carry the rules and what the member bought', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t)
    await rules(g.goodsId, 3, 1)
    await paidOrder(t, me.token, g.skuId, 2)
    expect((await t.get('/api/goods/detail', { id: g.goodsId }, me.token)).data).toMatchObject({ perMemberLimit: 3, minQuantity: 1, bought: 2 })
    expect((await t.get('/api/goods/detail', { id: g.goodsId })).data).toMatchObject({ perMemberLimit: 3, minQuantity: 1, bought: 0 })
  })

  it('refuses more than the limit across orders, paid or unpaid, in preview and submit', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t)
    await rules(g.goodsId, 2, 0)
    const name = await goodsName(g.goodsId)
    expect(await buyNow(t, me.token, g.skuId, 3)).toMatchObject({ code: 2005, msg: `「${name}」每人限购2件` })
    await paidOrder(t, me.token, g.skuId, 1)
    expect(await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 2 }, me.token)).toMatchObject({ code: 2005, msg: `「${name}」每人限购2件，您已购买1件` })
    expect((await buyNow(t, me.token, g.skuId, 1)).code).toBe(200) // unpaid, counts
    expect(await buyNow(t, me.token, g.skuId, 1)).toMatchObject({ code: 2005, msg: `「${name}」每人限购2件，您已购买2件` })
    // Another member has their own allowance.
    const other = await shopper(t)
    expect((await buyNow(t, other.token, g.skuId, 2)).code).toBe(200)
    // Through the cart as well (two SKUs of the goods count together).
    const g2 = await makeGoods(t, {
      skus: [
        { price: 1000, stock: 10 },
        { price: 1200, stock: 10 },
      ],
    })
    // (The limit set after the lines were put in the cart: the checkout still refuses.)
    for (const skuId of g2.skuIds) expect((await t.post('/api/cart/add', { skuId, quantity: 2 }, me.token)).code).toBe(200)
    await rules(g2.goodsId, 3, 0)
    expect(await t.post('/api/order/preview', { from: 'cart' }, me.token)).toMatchObject({ code: 2005, msg: `「${await goodsName(g2.goodsId)}」每人限购3件` })
    expect((await stockOf(t, g2.skuIds[0])).stock).toBe(10)
  })

  it('the cart refuses more than the allowance, counting the bought units and its other lines of the goods', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t, {
      skus: [
        { price: 1000, stock: 10 },
        { price: 1100, stock: 10 },
      ],
    })
    await rules(g.goodsId, 3, 0)
    const name = await goodsName(g.goodsId)
    await paidOrder(t, me.token, g.skuIds[0], 1)
    expect((await t.post('/api/cart/add', { skuId: g.skuIds[0], quantity: 1 }, me.token)).code).toBe(200)
    expect(await t.post('/api/cart/add', { skuId: g.skuIds[1], quantity: 2 }, me.token)).toMatchObject({ code: 2005, msg: `「${name}」每人限购3件，您已购买1件` })
    const line = await t.post('/api/cart/add', { skuId: g.skuIds[1], quantity: 1 }, me.token)
    expect(line.code).toBe(200)
    expect(await t.post('/api/cart/update', { id: line.data.id, quantity: 2 }, me.token)).toMatchObject({ code: 2005 })
    expect((await t.post('/api/cart/update', { id: line.data.id, quantity: 1 }, me.token)).code).toBe(200)
    // The cart's lines carry the rules and what was bought, so its stepper stops where the server would refuse.
    const cart = (await t.get('/api/cart/list', {}, me.token)).data
    expect(cart.valid.map((l: any) => [l.skuId, l.perMemberLimit, l.bought, l.minQuantity])).toEqual(
      expect.arrayContaining([
        [g.skuIds[0], 3, 1, 0],
        [g.skuIds[1], 3, 1, 0],
      ]),
    )
  })

  it('cancelled orders and refunded units give the allowance back', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    await rules(g.goodsId, 2, 0)
    const o = await buyNow(t, me.token, g.skuId, 2)
    expect(o.code).toBe(200)
    expect((await buyNow(t, me.token, g.skuId, 1)).code).toBe(2005)
    expect((await t.post('/api/order/cancel', { orderNo: o.data.orderNo }, me.token)).code).toBe(200)
    const paid = await paidOrder(t, me.token, g.skuId, 2)
    expect((await buyNow(t, me.token, g.skuId, 1)).code).toBe(2005)
    // One unit refunded through after-sales: one unit may be bought again.
    const item = (await orderItems(t, me.token, paid)).items[0]
    const applied = await t.post('/api/afterSales/apply', { orderNo: paid, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 3000 }, me.token)
    expect(applied.code).toBe(200)
    const caseId = (await t.db.selectFrom('afterSales').select('id').where('afterSaleNo', '=', applied.data.afterSaleNo).executeTakeFirstOrThrow()).id
    expect((await c.post(`/after-sales/${caseId}/approve`, {})).code).toBe(200)
    expect((await c.post(`/after-sales/${caseId}/refund`, {})).data.status).toBe('refunded')
    expect((await buyNow(t, me.token, g.skuId, 2)).code).toBe(2005)
    expect((await buyNow(t, me.token, g.skuId, 1)).code).toBe(200)
  })

  it('refuses an order below the minimum, counting every SKU of the goods', async () => {
    const me = await shopper(t)
    const g = await makeGoods(t, {
      skus: [
        { price: 1000, stock: 10 },
        { price: 1100, stock: 10 },
      ],
    })
    await rules(g.goodsId, 0, 3)
    const name = await goodsName(g.goodsId)
    expect(await buyNow(t, me.token, g.skuId, 2)).toMatchObject({ code: 2005, msg: `「${name}」3件起购` })
    expect(await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 1 }, me.token)).toMatchObject({ code: 2005, msg: `「${name}」3件起购` })
    expect((await buyNow(t, me.token, g.skuId, 3)).code).toBe(200)
    await t.post('/api/cart/add', { skuId: g.skuIds[0], quantity: 1 }, me.token)
    await t.post('/api/cart/add', { skuId: g.skuIds[1], quantity: 2 }, me.token)
    const sub = await t.post('/api/order/submit', { from: 'cart', requestId: `min-${Date.now()}` }, me.token)
    expect(sub.code).toBe(200)
  })

  it('race: concurrent submissions of one member never exceed the limit', async () => {
    for (let k = 0; k < 3; k++) {
      const me = await shopper(t)
      const g = await makeGoods(t, { skus: [{ price: 2000, stock: 50 }] })
      await rules(g.goodsId, 2, 0)
      const results = await Promise.all(Array.from({ length: 5 }, () => buyNow(t, me.token, g.skuId, 1)))
      expect(results.filter((r) => r.code === 200)).toHaveLength(2)
      expect(results.filter((r) => r.code !== 200).every((r) => r.code === 2005)).toBe(true)
      const held = (await ordersOf(me.memberId, g.goodsId)).filter((o) => o.status !== 'cancelled').reduce((s, o) => s + o.quantity, 0)
      expect(held).toBe(2)
      expect((await stockOf(t, g.skuId)).stock).toBe(48)
    }
  })
})
