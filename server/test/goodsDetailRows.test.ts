import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { makeCategories, makeCoupon, setCategory } from './promoFixtures'

/**
 * The goods details page's 运费 and 领券 rows (issue 31 item 11): what they promise is what the checkout does.
 * 运费: `/api/order/goodsFreight` against the freight an order of one unit is charged by `submitOrder`.
 * 领券: `/api/coupons/forGoods` offers the centre's coupons that apply to the goods, best first, and each can be claimed.
 */
describe.each(DIALECTS)('goods details rows on %s', (dialect) => {
  let t: TestApp
  let me: { token: string; memberId: number; addressId: number }
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    me = await shopper(t)
  })
  afterAll(async () => t.close())

  const template = async (baseFee: number, freeThreshold: number, regionFees: Array<{ provinces: string[]; extra: number }> = []) =>
    (
      await t.db
        .insertInto('freightTemplates')
        .values({ name: `模板${baseFee}-${freeThreshold}`, baseFee, freeThreshold, regionFees: JSON.stringify(regionFees), isDefault: 0, createdAt: Date.now(), updatedAt: Date.now() } as any)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id

  /** The freight the checkout charges an order of one unit (the shopper's address is in 浙江省, no extra). */
  const chargedForOne = async (skuId: number) => {
    const o = await buyNow(t, me.token, skuId, 1, { addressId: me.addressId })
    expect(o.code).toBe(200)
    const d = await t.get('/api/order/detail', { orderNo: o.data.orderNo }, me.token)
    return d.data.freightAmount as number
  }

  it.each([
    ['below the default threshold', 5000, null, '运费 ¥8，满 ¥99 包邮', 800, false],
    ['from the default threshold', 12900, null, '包邮', 0, true],
    ['a template that never ships free', 5000, [500, 0], '运费 ¥5', 500, false],
    ['a free template with a province extra', 5000, [0, 0, [{ provinces: ['新疆维吾尔自治区'], extra: 1000 }]], '多数地区包邮，部分地区另加运费', 0, false],
    ['a free template', 990, [0, 0], '包邮', 0, true],
    ['a threshold in fen', 5000, [650, 8850], '运费 ¥6.50，满 ¥88.50 包邮', 650, false],
  ] as const)('运费 row: %s promises what one unit is charged', async (_, price, tpl, text, fee, free) => {
    const g = await makeGoods(t, { skus: [{ price, stock: 10 }] })
    if (tpl) {
      const id = await template(tpl[0], tpl[1], (tpl[2] as any) || [])
      await t.db.updateTable('goods').set({ freightTemplateId: id }).where('id', '=', g.goodsId).execute()
    }
    const r = await t.get('/api/order/goodsFreight', { goodsId: g.goodsId })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ text, fee, free })
    expect(await chargedForOne(g.skuId)).toBe(r.data.fee)
  })

  it('运费 row: unknown goods is 404, and the route needs no login', async () => {
    expect((await t.get('/api/order/goodsFreight', { goodsId: 999999 })).code).toBe(404)
    expect((await t.get('/api/order/goodsFreight', { goodsId: 'x' })).code).toBe(400)
  })

  it("领券 row: the coupons that apply to the goods, best first, with the caller's claim state", async () => {
    const { topId: top, subId: sub } = await makeCategories(t, '领券分类')
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    await setCategory(t, g.goodsId, sub)
    const other = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    const needsMore = await makeCoupon(t, { name: '满200减30', kind: 'threshold', amount: 3000, threshold: 20000 })
    const small = await makeCoupon(t, { name: '无门槛5元', amount: 500 })
    const big = await makeCoupon(t, { name: '分类10元', amount: 1000, scope: 'category', scopeIds: JSON.stringify([top]) })
    const mine = await makeCoupon(t, { name: '本品8折', kind: 'discount', amount: 0, rate: 80, scope: 'goods', scopeIds: JSON.stringify([g.goodsId]) })
    const elsewhere = await makeCoupon(t, { name: '他品券', scope: 'goods', scopeIds: JSON.stringify([other.goodsId]) })
    const hidden = await makeCoupon(t, { name: '隐藏券', visible: 0 })
    const newcomer = await makeCoupon(t, { name: '新人券', newMember: 1 })

    const visitor = await t.get('/api/coupons/forGoods', { goodsId: g.goodsId })
    expect(visitor.code).toBe(200)
    const ids = visitor.data.list.map((c: any) => c.couponId)
    for (const x of [elsewhere, hidden, newcomer]) expect(ids).not.toContain(x)
    // 8折 of ¥50 = ¥10 ties with the category's ¥10 (kept in the centre's order), then ¥5, then the one ¥50 does not reach.
    expect(ids.filter((x: number) => [needsMore, small, big, mine].includes(x))).toEqual([big, mine, small, needsMore])
    expect(visitor.data.list.find((c: any) => c.couponId === small)).toMatchObject({ received: 0, canReceive: true, ruleText: '无门槛减5元' })

    const token = await t.login(nextPhone())
    expect((await t.post('/api/coupons/receive', { couponId: small }, token)).code).toBe(200)
    const after = await t.get('/api/coupons/forGoods', { goodsId: g.goodsId }, token)
    expect(after.data.list.find((c: any) => c.couponId === small)).toMatchObject({ received: 1, canReceive: false })
    expect((await t.get('/api/coupons/forGoods', { goodsId: 999999 })).code).toBe(404)
  })
})
