import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { buyNow, makeGoods, paidOrder, requestId, shopper } from './tradeFixtures'
import { ageMember, makeCategories, makeCoupon, memberIdOf, setCategory, DAY_MS } from './promoFixtures'
import { couponDiscount, ruleText, faceText } from '../src/modules/coupon/rules'
import { expireOrders } from '../src/modules/order/service'
import { hashToken } from '../src/plugins/auth'

describe('coupon rules', () => {
  const line = (amount: number, goodsId = 1, categoryId = 11, parentCategoryId = 10) => ({ goodsId, categoryId, parentCategoryId, amount })
  const c = (over: any = {}) => ({ kind: 'amount', amount: 1000, threshold: 0, rate: 100, maxDiscount: 0, scope: 'all', scopeIds: '[]', allowSeckill: 0, ...over }) as any

  it('takes an amount off, never more than the goods in scope', () => {
    expect(couponDiscount(c(), [line(5000)], 'normal')).toEqual({ discount: 1000, reason: '' })
    expect(couponDiscount(c({ amount: 9000 }), [line(5000)], 'normal').discount).toBe(5000)
  })

  it('applies a threshold to the in-scope goods only', () => {
    const t = c({ kind: 'threshold', amount: 2000, threshold: 9900, scope: 'goods', scopeIds: '[2]' })
    expect(couponDiscount(t, [line(9000, 1), line(5000, 2)], 'normal').reason).toMatch(/未满足使用门槛，还差49元/)
    expect(couponDiscount(t, [line(9000, 1), line(9900, 2)], 'normal').discount).toBe(2000)
    expect(couponDiscount(t, [line(20000, 1)], 'normal').reason).toBe('仅限指定商品使用')
  })

  it('discounts by rate with a cap, over a category or its top category', () => {
    const d = c({ kind: 'discount', rate: 85, maxDiscount: 2000, scope: 'category', scopeIds: '[10]' })
    expect(couponDiscount(d, [line(10000)], 'normal').discount).toBe(1500)
    expect(couponDiscount(d, [line(100000)], 'normal').discount).toBe(2000)
    expect(couponDiscount({ ...d, scopeIds: '[11]' }, [line(10000)], 'normal').discount).toBe(1500)
    expect(couponDiscount({ ...d, scopeIds: '[12]' }, [line(10000)], 'normal').reason).toBe('仅限指定分类商品使用')
  })

  it('refuses flash-sale orders unless the coupon allows them, and points orders always', () => {
    expect(couponDiscount(c(), [line(5000)], 'seckill').reason).toBe('秒杀商品不可用')
    expect(couponDiscount(c({ allowSeckill: 1 }), [line(5000)], 'seckill').discount).toBe(1000)
    expect(couponDiscount(c({ allowSeckill: 1 }), [line(5000)], 'points').reason).toBe('积分兑换订单不可用')
  })

  it('describes itself in Chinese', () => {
    expect(ruleText(c())).toBe('无门槛减10元')
    expect(ruleText(c({ kind: 'threshold', amount: 2000, threshold: 9900 }))).toBe('满99减20')
    expect(ruleText(c({ kind: 'discount', rate: 85, threshold: 5000, maxDiscount: 2000 }))).toBe('满50元享8.5折，最多减20元')
    expect(faceText(c({ kind: 'discount', rate: 88 }))).toBe('8.8折')
    expect(faceText(c({ amount: 550 }))).toBe('¥5.5')
  })
})

describe.each(DIALECTS)('coupons on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    // Test goods sit in category 1: make it a real category of its own, apart from the scoped ones.
    await makeCategories(t, '默认')
  })
  afterAll(async () => t.close())

  it('lists the centre, receives within the per-member limit, and counts what the member holds', async () => {
    const id = await makeCoupon(t, { name: '满100减10', kind: 'threshold', threshold: 10000, perMemberLimit: 2 })
    const hidden = await makeCoupon(t, { name: '隐藏券', visible: 0 })
    const token = await t.login(nextPhone())
    const before = (await t.get('/api/coupons/centre', {}, token)).data.list
    expect(before.find((c: any) => c.couponId === id)).toMatchObject({ ruleText: '满100减10', received: 0, canReceive: true, validText: '领取后7天内有效' })
    expect(before.find((c: any) => c.couponId === hidden)).toBeUndefined()
    expect((await t.post('/api/coupons/receive', { couponId: hidden }, token)).code).toBe(404)
    const a = await t.post('/api/coupons/receive', { couponId: id }, token)
    expect(a.code).toBe(200)
    expect(a.data.left).toBe(1)
    expect(a.data.coupon.validTo - a.data.coupon.validFrom).toBe(7 * DAY_MS)
    expect((await t.post('/api/coupons/receive', { couponId: id }, token)).code).toBe(200)
    const third = await t.post('/api/coupons/receive', { couponId: id }, token)
    expect(third).toMatchObject({ code: 3002, msg: '每人限领2张，您已领完' })
    const after = (await t.get('/api/coupons/centre', {}, token)).data.list.find((c: any) => c.couponId === id)
    expect(after).toMatchObject({ received: 2, canReceive: false })
    expect((await t.get('/api/coupons/counts', {}, token)).data).toEqual({ unused: 2, used: 0, expired: 0 })
    const coupon = await t.db.selectFrom('coupons').select('issuedCount').where('id', '=', id).executeTakeFirstOrThrow()
    expect(coupon.issuedCount).toBe(2)
  })

  it('never issues more than the total, even to many members at once', async () => {
    const id = await makeCoupon(t, { totalCount: 10 })
    const tokens = await Promise.all(Array.from({ length: 25 }, () => t.login(nextPhone())))
    const res = await Promise.all(tokens.map((tok) => t.post('/api/coupons/receive', { couponId: id }, tok)))
    expect(res.filter((r) => r.code === 200)).toHaveLength(10)
    expect(res.filter((r) => r.code === 3002).every((r) => r.msg === '优惠券已被抢光了')).toBe(true)
    const c = await t.db.selectFrom('coupons').select('issuedCount').where('id', '=', id).executeTakeFirstOrThrow()
    expect(c.issuedCount).toBe(10)
    const { n } = await t.db
      .selectFrom('memberCoupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('couponId', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(n)).toBe(10)
    const list = (await t.get('/api/coupons/centre', {}, tokens[0])).data.list.find((x: any) => x.couponId === id)
    expect(list).toMatchObject({ soldOut: true, issuedPercent: 100 })
  })

  it('never gives one member more than the limit under concurrent taps', async () => {
    const id = await makeCoupon(t, { perMemberLimit: 3 })
    const token = await t.login(nextPhone())
    const res = await Promise.all(Array.from({ length: 12 }, () => t.post('/api/coupons/receive', { couponId: id }, token)))
    expect(res.filter((r) => r.code === 200)).toHaveLength(3)
    expect((await t.get('/api/coupons/counts', {}, token)).data.unused).toBe(3)
  })

  it('keeps a fixed window, stops handing out after it, and files expired coupons apart', async () => {
    const now = Date.now()
    const id = await makeCoupon(t, { validType: 'fixed', validFrom: now - DAY_MS, validTo: now + DAY_MS })
    const gone = await makeCoupon(t, { validType: 'fixed', validFrom: now - 3 * DAY_MS, validTo: now - DAY_MS })
    const token = await t.login(nextPhone())
    const me = await memberIdOf(t, token)
    const r = await t.post('/api/coupons/receive', { couponId: id }, token)
    expect(r.data.coupon).toMatchObject({ validFrom: now - DAY_MS, validTo: now + DAY_MS, status: 'unused' })
    expect((await t.post('/api/coupons/receive', { couponId: gone }, token)).code).toBe(3002)
    expect((await t.get('/api/coupons/centre', {}, token)).data.list.some((c: any) => c.couponId === gone)).toBe(false)
    await t.db
      .updateTable('memberCoupons')
      .set({ validTo: now - 1000 })
      .where('memberId', '=', me)
      .execute()
    expect((await t.get('/api/coupons/mine', { status: 'unused' }, token)).data.total).toBe(0)
    const expired = await t.get('/api/coupons/mine', { status: 'expired' }, token)
    expect(expired.data.list).toHaveLength(1)
    expect(expired.data.list[0]).toMatchObject({ status: 'expired', couponId: id })
  })

  it('gives the new-member package at registration, exactly what the popup showed, once', async () => {
    await t.db.updateTable('coupons').set({ status: 'off' }).where('newMember', '=', 1).execute()
    const a = await makeCoupon(t, { name: '新人10元', newMember: 1, visible: 0, amount: 1000 })
    const b = await makeCoupon(t, { name: '新人满99减20', newMember: 1, visible: 0, kind: 'threshold', amount: 2000, threshold: 9900 })
    try {
      const visitor = await t.get('/api/coupons/getNewMemberCouponHint')
      expect(visitor.data).toMatchObject({ eligible: true, needLogin: true, received: false, totalAmount: 3000 })
      expect(visitor.data.coupons.map((c: any) => c.couponId)).toEqual([a, b])
      // Registering (from any page: the SMS login) hands out the package in the same transaction.
      const token = await t.login(nextPhone())
      const mine = (await t.get('/api/coupons/mine', { status: 'unused' }, token)).data.list
      expect(mine.map((c: any) => [c.couponId, c.source]).sort()).toEqual(
        [
          [a, 'new_member'],
          [b, 'new_member'],
        ].sort(),
      )
      // The popup then says what arrived, and the package cannot be taken again.
      expect((await t.get('/api/coupons/getNewMemberCouponHint', {}, token)).data).toMatchObject({ eligible: false, received: true, totalAmount: 3000 })
      expect((await t.get('/api/coupons/getNewMemberCouponHint', {}, token)).data.coupons.map((c: any) => c.couponId)).toEqual([a, b])
      expect(await t.get('/api/coupons/receiveNewMemberCoupon', {}, token)).toMatchObject({ code: 3002, msg: '您已领取过新人券' })
      // Logging in again gives nothing more.
      const phone = nextPhone()
      const again = await t.login(phone)
      await t.login(phone)
      expect((await t.get('/api/coupons/counts', {}, again)).data.unused).toBe(2)
      // Concurrent first logins of one phone: one member, one package.
      const racer = nextPhone()
      await t.app.inject({ method: 'GET', url: '/h5/api/member/getVerificationCode', query: { p: '4', phone: racer } })
      const code = t.sms.codes.get(racer)
      const res = await Promise.all(Array.from({ length: 4 }, () => t.post('/api/member/phoneRegister', { phone: racer, verificationCode: code })))
      expect(res.filter((r) => r.code === 200)).toHaveLength(1)
      const racerId = (await t.db.selectFrom('members').select('id').where('phone', '=', racer).executeTakeFirstOrThrow()).id
      expect(await t.db.selectFrom('memberCoupons').select('couponId').where('memberId', '=', racerId).execute()).toHaveLength(2)
      // Existing members are untouched: registered long ago, not new.
      const old = await t.login(nextPhone())
      await ageMember(t, await memberIdOf(t, old), 40)
      await t.db
        .deleteFrom('memberCoupons')
        .where('memberId', '=', await memberIdOf(t, old))
        .execute()
      expect((await t.get('/api/coupons/getNewMemberCouponHint', {}, old)).data.eligible).toBe(false)
      expect(await t.get('/api/coupons/receiveNewMemberCoupon', {}, old)).toMatchObject({ code: 3002, msg: '新人券仅限新用户领取' })
      expect((await t.get('/api/coupons/receiveNewMemberCoupon')).code).toBe(403)
    } finally {
      await t.db.updateTable('coupons').set({ status: 'off' }).where('id', 'in', [a, b]).execute()
    }
  })

  it('a new member registered before the package existed takes it once from the popup', async () => {
    const token = await t.login(nextPhone())
    const a = await makeCoupon(t, { name: '新人5元', newMember: 1, visible: 0, amount: 500 })
    try {
      expect((await t.get('/api/coupons/getNewMemberCouponHint', {}, token)).data).toMatchObject({ eligible: true, needLogin: false, received: false })
      const res = await Promise.all(Array.from({ length: 6 }, () => t.get('/api/coupons/receiveNewMemberCoupon', {}, token)))
      expect(res.filter((r) => r.code === 200)).toHaveLength(1)
      expect(res.find((r) => r.code === 200)!.data.received.map((c: any) => c.couponId)).toEqual([a])
      expect((await t.get('/api/coupons/counts', {}, token)).data.unused).toBe(1)
    } finally {
      await t.db.updateTable('coupons').set({ status: 'off' }).where('id', '=', a).execute()
    }
  })

  it('registering through a WeChat login (the loginKey of miniLogin) gives the package too', async () => {
    const a = await makeCoupon(t, { name: '新人8元', newMember: 1, visible: 0, amount: 800 })
    try {
      // A pending WeChat login as miniLogin leaves it (the openid waits for a phone).
      const loginKey = `key${nextPhone()}`
      const at = Date.now()
      await t.db
        .insertInto('wxLoginKeys')
        .values({ keyHash: hashToken(loginKey), app: 'mini', openid: `o-${loginKey}`, unionid: null, shareMemberId: null, shareBusinessId: null, expiresAt: at + 60_000, usedAt: null, createdAt: at })
        .execute()
      const phone = nextPhone()
      const token = await t.login(phone, { loginKey })
      expect((await t.get('/api/coupons/mine', { status: 'unused' }, token)).data.list.map((c: any) => c.couponId)).toEqual([a])
    } finally {
      await t.db.updateTable('coupons').set({ status: 'off' }).where('id', '=', a).execute()
    }
  })

  it('a member who has paid an order is no longer new', async () => {
    const s = await shopper(t)
    const { skuId } = await makeGoods(t)
    await paidOrder(t, s.token, skuId)
    const a = await makeCoupon(t, { newMember: 1, visible: 0 })
    expect((await t.get('/api/coupons/getNewMemberCouponHint', {}, s.token)).data.eligible).toBe(false)
    await t.db.updateTable('coupons').set({ status: 'off' }).where('id', '=', a).execute()
  })

  it('picks the best coupon at place order, validates the member choice, and a coupon is used once', async () => {
    const s = await shopper(t)
    const { skuId } = await makeGoods(t, { skus: [{ price: 12000, stock: 50 }] })
    const small = await makeCoupon(t, { name: '无门槛5元', amount: 500 })
    const big = await makeCoupon(t, { name: '满100减20', kind: 'threshold', amount: 2000, threshold: 10000 })
    const far = await makeCoupon(t, { name: '满500减100', kind: 'threshold', amount: 10000, threshold: 50000 })
    const rate = await makeCoupon(t, { name: '9折', kind: 'discount', rate: 90, maxDiscount: 1500 })
    const mine: Record<number, number> = {}
    for (const c of [small, big, far, rate]) mine[c] = (await t.post('/api/coupons/receive', { couponId: c }, s.token)).data.coupon.id
    const p = await t.post('/api/order/preview', { from: 'buyNow', skuId, quantity: 1 }, s.token)
    expect(p.code).toBe(200)
    expect(p.data.couponDiscount).toBe(2000)
    expect(p.data.payAmount).toBe(12000 - 2000)
    const ex = p.data.extras.coupons
    expect(ex.bestId).toBe(mine[big])
    expect(ex.selectedId).toBe(mine[big])
    expect(ex.usable.map((o: any) => [o.id, o.discount])).toEqual([
      [mine[big], 2000],
      [mine[rate], 1200],
      [mine[small], 500],
    ])
    expect(ex.unusable).toEqual([expect.objectContaining({ id: mine[far], usable: false, reason: '未满足使用门槛，还差380元' })])
    const none = await t.post('/api/order/preview', { from: 'buyNow', skuId, quantity: 1, couponId: 0 }, s.token)
    expect(none.data).toMatchObject({ couponDiscount: 0, payAmount: 12000 })
    expect(none.data.extras.coupons).toMatchObject({ declined: true, selectedId: null, bestId: mine[big] })
    const chosen = await t.post('/api/order/preview', { from: 'buyNow', skuId, quantity: 1, couponId: mine[small] }, s.token)
    expect(chosen.data).toMatchObject({ couponDiscount: 500, payAmount: 11500 })
    const refused = await t.post('/api/order/submit', { from: 'buyNow', skuId, quantity: 1, couponId: mine[far], requestId: requestId() }, s.token)
    expect(refused).toMatchObject({ code: 3001, msg: '该优惠券不可用：未满足使用门槛，还差380元' })
    // Two orders racing for the same coupon: one gets it.
    const race = await Promise.all([0, 1, 2].map(() => t.post('/api/order/submit', { from: 'buyNow', skuId, quantity: 1, couponId: mine[big], requestId: requestId() }, s.token)))
    expect(race.filter((r) => r.code === 200)).toHaveLength(1)
    expect(race.filter((r) => r.code === 3001)).toHaveLength(2)
    const used = await t.db.selectFrom('memberCoupons').selectAll().where('id', '=', mine[big]).executeTakeFirstOrThrow()
    expect(used.status).toBe('used')
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', used.orderId!).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ couponId: mine[big], couponDiscount: 2000, payAmount: 10000 })
    expect((await t.get('/api/coupons/mine', { status: 'used' }, s.token)).data.list.map((c: any) => c.id)).toEqual([mine[big]])
    // Cancelling gives it back.
    expect((await t.post('/api/order/cancel', { orderNo: order.orderNo }, s.token)).code).toBe(200)
    expect(await t.db.selectFrom('memberCoupons').select(['status', 'orderId']).where('id', '=', mine[big]).executeTakeFirstOrThrow()).toEqual({ status: 'unused', orderId: null })
    expect((await t.db.selectFrom('coupons').select('usedCount').where('id', '=', big).executeTakeFirstOrThrow()).usedCount).toBe(0)
  })

  it('an expired unpaid order returns its coupon', async () => {
    const s = await shopper(t)
    const { skuId } = await makeGoods(t, { skus: [{ price: 3000, stock: 5 }] })
    const c = await makeCoupon(t, { amount: 300 })
    const mc = (await t.post('/api/coupons/receive', { couponId: c }, s.token)).data.coupon.id
    const o = await buyNow(t, s.token, skuId, 1)
    expect(o.data.payAmount).toBe(3000 + 800 - 300)
    expect((await t.db.selectFrom('memberCoupons').select('status').where('id', '=', mc).executeTakeFirstOrThrow()).status).toBe('used')
    await expireOrders(t.db, t.ctx.modules, Date.now() + 31 * 60_000)
    expect((await t.db.selectFrom('memberCoupons').select('status').where('id', '=', mc).executeTakeFirstOrThrow()).status).toBe('unused')
    const again = await t.post('/api/order/preview', { from: 'buyNow', skuId, quantity: 1 }, s.token)
    expect(again.data.extras.coupons.selectedId).toBe(mc)
  })

  it('applies category and goods scopes at place order', async () => {
    const s = await shopper(t)
    const cats = await makeCategories(t, '数码')
    const phone = await makeGoods(t, { skus: [{ price: 30000, stock: 5 }] })
    const shirt = await makeGoods(t, { skus: [{ price: 30000, stock: 5 }] })
    await setCategory(t, phone.goodsId, cats.subId)
    await setCategory(t, shirt.goodsId, (await makeCategories(t, '服饰')).subId)
    const cat = await makeCoupon(t, { name: '数码满299减50', kind: 'threshold', amount: 5000, threshold: 29900, scope: 'category', scopeIds: JSON.stringify([cats.topId]) })
    const named = await makeCoupon(t, { name: '指定商品', amount: 700, scope: 'goods', scopeIds: JSON.stringify([shirt.goodsId]) })
    await t.post('/api/coupons/receive', { couponId: cat }, s.token)
    await t.post('/api/coupons/receive', { couponId: named }, s.token)
    const p1 = await t.post('/api/order/preview', { from: 'buyNow', skuId: phone.skuId, quantity: 1 }, s.token)
    expect(p1.data.couponDiscount).toBe(5000)
    expect(p1.data.extras.coupons.unusable.map((o: any) => o.reason)).toEqual(['仅限指定商品使用'])
    const p2 = await t.post('/api/order/preview', { from: 'buyNow', skuId: shirt.skuId, quantity: 1 }, s.token)
    expect(p2.data.couponDiscount).toBe(700)
    // The goods a coupon applies to.
    const g = await t.get('/api/coupons/goods', { couponId: cat })
    expect(g.data.list.map((x: any) => x.id)).toEqual([phone.goodsId])
    expect(g.data.coupon.scopeText).toBe('指定分类可用')
    expect((await t.get('/api/coupons/goods', { couponId: named })).data.list.map((x: any) => x.id)).toEqual([shirt.goodsId])
  })
})
