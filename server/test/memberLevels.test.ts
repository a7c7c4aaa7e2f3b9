import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { givePoints, makeCoupon, pointsOf } from './promoFixtures'
import { ensureReturnAddress, receivedOrder } from './afterSalesFixtures'
import { adminClient, auditRows, signIn } from './adminHelpers'
import { approveAfterSale } from '../src/modules/afterSales/service'
import { refundAfterSale } from '../src/modules/afterSales/refund'
import { completeOrderTx } from '../src/modules/order/service'
import { growthCompletedHook, levelFor, lineLevelDiscount, takeBackGrowthOfRefunds } from '../src/modules/level/service'
import { chinaDay } from '../src/services/chinaTime'
import { levelProgress } from '../../types/level'
import '../src/db/levelTables'

const HOUR = 3_600_000

/** 会员等级 (docs/promotions.md "Member levels"): growth once per order and back on refunds, the level's boundaries, its benefits in pricing. */
describe.each(DIALECTS)('member levels (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    await ensureReturnAddress(t)
  })
  afterAll(async () => t.close())

  /** Exactly these levels (name, threshold, discount %, free shipping, points tenths). */
  const setLevels = async (levels: Array<[string, number, number, number, number, number?]>) => {
    await t.db.deleteFrom('memberLevels').execute()
    const now = Date.now()
    for (const [name, threshold, discount, freeShipping, pointsTenths, enabled = 1] of levels)
      await t.db.insertInto('memberLevels').values({ name, threshold, discount, freeShipping, pointsTenths, enabled, createdAt: now, updatedAt: now }).execute()
  }
  const setGrowth = (memberId: number, growth: number) =>
    t.db
      .insertInto('memberGrowth')
      .values({ memberId, growth, updatedAt: Date.now() })
      .onConflict((oc) => oc.column('memberId').doUpdateSet({ growth }))
      .execute()
  const growth = async (memberId: number) => Number((await t.db.selectFrom('memberGrowth').select('growth').where('memberId', '=', memberId).executeTakeFirst())?.growth || 0)
  const ledger = (memberId: number) => t.db.selectFrom('growthLedger').selectAll().where('memberId', '=', memberId).orderBy('id').execute()
  const orderRow = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const complete = async (orderNo: string) => {
    const o = await orderRow(orderNo)
    await t.db.transaction().execute((tx) => completeOrderTx(tx, t.ctx.modules, o.id, 'system'))
  }
  const refund = async (token: string, orderNo: string, quantity: number, amount: number) => {
    const item = (await t.get('/api/afterSales/applyInfo', { orderNo }, token)).data.items[0]
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity }], reason: '不想要了', images: [], amount }, token)
    expect(ap.code).toBe(200)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    await refundAfterSale(t.ctx, ap.data.afterSaleNo)
  }
  const preview = (token: string, skuId: number, quantity = 1, extra: Record<string, unknown> = {}) =>
    t.post('/api/order/preview', { from: 'buyNow', skuId, quantity, ...extra }, token).then((r) => {
      expect(r.code).toBe(200)
      return r.data
    })

  it('a level starts exactly at its threshold; disabled levels are skipped; the progress reads 成长值 x / y', async () => {
    await setLevels([
      ['白银', 100, 98, 0, 10],
      ['黄金', 500, 95, 1, 15],
      ['停用的', 300, 50, 1, 50, 0],
    ])
    const me = await shopper(t)
    const mine = async () => (await t.get('/api/level/mine', {}, me.token)).data
    let m = await mine()
    expect(m).toMatchObject({ growth: 0, level: null, next: { name: '白银', minGrowth: 100 } })
    expect(m.levels.map((l: { name: string }) => l.name)).toEqual(['白银', '黄金'])
    await setGrowth(me.memberId, 99)
    expect((await mine()).level).toBeNull()
    await setGrowth(me.memberId, 100)
    m = await mine()
    expect(m).toMatchObject({ level: { name: '白银' }, next: { name: '黄金' } })
    expect(levelProgress(m.growth, m.level, m.next)).toMatchObject({ text: '成长值 100 / 500', percent: 0 })
    await setGrowth(me.memberId, 499)
    expect((await mine()).level.name).toBe('白银') // the disabled level at 300 does not count
    await setGrowth(me.memberId, 500)
    m = await mine()
    expect(m).toMatchObject({ level: { name: '黄金', discount: 95, freeShipping: true, pointsTenths: 15 }, next: null })
    expect(levelFor([{ threshold: 0 }, { threshold: 10 }], 9)).toEqual({ threshold: 0 })
    expect(lineLevelDiscount(999, 95)).toBe(49) // 5% of ¥9.99 = 49.95 fen, rounded down
    // Another member's growth is never this member's.
    const other = await shopper(t)
    expect((await t.get('/api/level/mine', {}, other.token)).data.growth).toBe(0)
    expect((await t.get('/api/level/mine', {})).code).not.toBe(200)
  })

  it('pricing: the level discount comes first, free shipping zeroes freight, the points multiplier is kept on the order', async () => {
    await setLevels([['黄金', 500, 95, 1, 15]])
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 50 }] }) // ¥50: below free freight, so freight is charged without the level
    let p = await preview(me.token, g.skuId)
    expect(p.levelDiscount).toBe(0)
    expect(p.freightAmount).toBeGreaterThan(0)
    expect(p.extras.level).toBeUndefined()
    await setGrowth(me.memberId, 500)
    p = await preview(me.token, g.skuId, 2)
    expect(p).toMatchObject({ goodsAmount: 10000, levelDiscount: 500, freightAmount: 0, payAmount: 9500 })
    expect(p.extras.level).toEqual({ name: '黄金', discount: 95, freeShipping: true, pointsTenths: 15 })
    const o = await buyNow(t, me.token, g.skuId, 2)
    expect(o.code).toBe(200)
    expect(o.data.payAmount).toBe(9500)
    const row = await orderRow(o.data.orderNo)
    expect(row).toMatchObject({ levelDiscount: 500, pointsTenths: 15, payAmount: 9500 })
    const items = await t.db.selectFrom('orderItems').select('payAmount').where('orderId', '=', row.id).execute()
    expect(items.map((i) => i.payAmount)).toEqual([9500])
    const detail = (await t.get('/api/order/detail', { orderNo: o.data.orderNo }, me.token)).data
    expect(detail.levelDiscount).toBe(500)
    const staff = adminClient(t, await signIn(t, 'owner'))
    expect((await staff.get(`/orders/${o.data.orderNo}`)).data.order).toMatchObject({ levelDiscount: 500, payAmount: 9500 })
  })

  it('level + coupon: the coupon threshold sees the goods after the level discount', async () => {
    await setLevels([['黄金', 500, 90, 0, 10]])
    const me = await shopper(t)
    await setGrowth(me.memberId, 800)
    const couponId = await makeCoupon(t, { kind: 'threshold', amount: 2000, threshold: 10000, name: '满100减20', issuedCount: 1 })
    const now = Date.now()
    await t.db
      .insertInto('memberCoupons')
      .values({ memberId: me.memberId, couponId, status: 'unused', source: 'admin', validFrom: now - HOUR, validTo: now + 24 * HOUR, orderId: null, usedAt: null, receivedAt: now })
      .execute()
    const g = await makeGoods(t, { skus: [{ price: 10500, stock: 50 }] })
    // ¥105 at 9折 is ¥94.50: below the ¥100 threshold, so the coupon does not apply.
    let p = await preview(me.token, g.skuId)
    expect(p).toMatchObject({ levelDiscount: 1050, couponDiscount: 0 })
    expect(p.extras.coupons.usable).toHaveLength(0)
    // Two: ¥210 → ¥189 after the level, the coupon takes ¥20 more.
    p = await preview(me.token, g.skuId, 2)
    expect(p).toMatchObject({ goodsAmount: 21000, levelDiscount: 2100, couponDiscount: 2000, payAmount: 21000 - 2100 - 2000 + p.freightAmount })
    const o = await buyNow(t, me.token, g.skuId, 2)
    expect(o.code).toBe(200)
    expect(o.data.payAmount).toBe(p.payAmount)
  })

  it('level + points: the points cap is taken on the goods after the level discount', async () => {
    await setLevels([['黄金', 500, 50, 0, 10]])
    const me = await shopper(t)
    await setGrowth(me.memberId, 500)
    await givePoints(t, me.memberId, 100_000)
    const g = await makeGoods(t, { skus: [{ price: 20000, stock: 50 }] })
    // ¥200 at 5折 = ¥100; 20% of ¥100 = ¥20 of points (2000 points), not 20% of ¥200.
    const p = await preview(me.token, g.skuId, 1, { usePoints: true })
    expect(p).toMatchObject({ levelDiscount: 10000, pointsDiscount: 2000 })
    expect(p.extras.points.used).toBe(2000)
    expect(p.payAmount).toBe(20000 - 10000 - 2000 + p.freightAmount)
  })

  it('flash-sale goods get no level benefit', async () => {
    await setLevels([['黄金', 0, 80, 1, 20]])
    const me = await shopper(t)
    const now = Date.now()
    const g = await makeGoods(t, { skus: [{ price: 9900, stock: 50 }] })
    const s = await t.db
      .insertInto('seckillSessions')
      .values({ day: chinaDay(now), title: `lv${Math.random().toString(36).slice(2, 8)}`, startAt: now - HOUR, endAt: now + HOUR, repeatDaily: 0, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const item = await t.db
      .insertInto('seckillItems')
      .values({ sessionId: s.id, goodsId: g.goodsId, skuId: g.skuId, price: 3900, quota: 10, sold: 0, perMemberLimit: 1, sort: 0, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const p = await t.post('/api/seckill/preview', { itemId: item.id, quantity: 1 }, me.token)
    expect(p.code).toBe(200)
    expect(p.data.levelDiscount).toBe(0)
    expect(p.data.extras.level).toBeUndefined()
    expect(p.data.goodsAmount).toBe(3900)
    // The same goods bought at its normal price is discounted.
    expect((await preview(me.token, g.skuId)).levelDiscount).toBe(1980)
  })

  it('growth: given once when the order completes, the points multiplied by the level; a partial refund takes its share back once', async () => {
    await setLevels([['黄金', 100000, 100, 0, 15]])
    const me = await shopper(t)
    await setGrowth(me.memberId, 100000) // the level: no discount, 1.5× points
    const g = await makeGoods(t, { skus: [{ price: 20000, stock: 50 }] })
    const orderNo = await receivedOrder(t, me.token, g.skuId, 2) // ¥400, free freight
    expect((await orderRow(orderNo)).pointsTenths).toBe(15)
    await complete(orderNo)
    expect(await growth(me.memberId)).toBe(100400)
    expect(await pointsOf(t, me.memberId)).toBe(600) // 400 × 1.5
    const o = await orderRow(orderNo)
    // The hook again (a retried completion): nothing more.
    await t.db.transaction().execute((tx) => growthCompletedHook(tx, { event: 'completed', order: o, items: [], operator: 'system' }))
    expect(await growth(me.memberId)).toBe(100400)
    await refund(me.token, orderNo, 1, 15000) // ¥150 of ¥400 back: keeps floor(400 × 250 / 400) = 250
    expect(await growth(me.memberId)).toBe(100250)
    // The same refund counted again takes nothing more.
    const as = await t.db.selectFrom('afterSales').select('id').where('orderId', '=', o.id).executeTakeFirstOrThrow()
    await t.db.transaction().execute(async (tx) => expect(await takeBackGrowthOfRefunds(tx, o, `as${as.id}`)).toBe(0))
    expect(await growth(me.memberId)).toBe(100250)
    const rows = await ledger(me.memberId)
    expect(rows.map((r) => [r.kind, Number(r.change), Number(r.after)])).toEqual([
      ['order', 400, 100400],
      ['refund', -150, 100250],
    ])
  })

  it('a refund before completion is taken from the growth when it is given; a full refund leaves none', async () => {
    await setLevels([])
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 50 }] })
    const orderNo = await receivedOrder(t, me.token, g.skuId, 3) // ¥300
    await refund(me.token, orderNo, 1, 10000)
    expect(await growth(me.memberId)).toBe(0)
    await complete(orderNo)
    expect(await growth(me.memberId)).toBe(200)
    await refund(me.token, orderNo, 2, 20000)
    expect(await growth(me.memberId)).toBe(0)
    expect((await ledger(me.memberId)).map((r) => Number(r.change))).toEqual([300, -100, -200])
  })

  it('race: the completed hook twice at once gives one growth row', async () => {
    await setLevels([])
    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 12300, stock: 50 }] })
    const orderNo = await receivedOrder(t, me.token, g.skuId, 1)
    const o = await orderRow(orderNo)
    const run = () => t.db.transaction().execute((tx) => growthCompletedHook(tx, { event: 'completed', order: { ...o, status: 'completed' }, items: [], operator: 'system' }))
    const results = await Promise.allSettled([run(), run(), run()])
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    expect(await growth(me.memberId)).toBe(123)
    expect(await ledger(me.memberId)).toHaveLength(1)
  })

  it('console: levels created, edited and disabled with audit rows; clear refusals; a role without the permission is refused', async () => {
    await setLevels([])
    const owner = adminClient(t, await signIn(t, 'owner'))
    const body = { name: '铂金会员', minGrowth: 300, discount: 92, freeShipping: true, pointsTenths: 12 }
    const c = await owner.post('/levels', body)
    expect(c.code).toBe(200)
    const id = c.data.id
    expect((await owner.post('/levels', { ...body, name: '另一个' })).msg).toContain('成长值门槛也是 300')
    expect((await owner.post('/levels', { ...body, minGrowth: 400 })).msg).toContain('已有名为「铂金会员」的等级')
    expect((await owner.post('/levels', { ...body, name: 'x', minGrowth: 1, discount: 101 })).code).not.toBe(200)
    expect((await owner.put(`/levels/${id}`, { ...body, discount: 90 })).code).toBe(200)
    const me = await shopper(t)
    await setGrowth(me.memberId, 300)
    let list = (await owner.get('/levels')).data.list
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ name: '铂金会员', discount: 90, enabled: true })
    expect(list[0].members).toBeGreaterThanOrEqual(1)
    expect((await owner.get('/levels/members', { ids: String(me.memberId) })).data.list).toEqual([{ memberId: me.memberId, growth: 300, levelName: '铂金会员' }])
    expect((await owner.put(`/levels/${id}/enabled`, { enabled: false })).code).toBe(200)
    list = (await owner.get('/levels')).data.list
    expect(list[0]).toMatchObject({ enabled: false, members: 0 })
    expect((await t.get('/api/level/mine', {}, me.token)).data.level).toBeNull()
    for (const action of ['level.create', 'level.update', 'level.disable']) expect(await auditRows(t, action)).not.toHaveLength(0)
    const service = adminClient(t, await signIn(t, 'finance'))
    const refused = await service.post('/levels', { ...body, name: '无权', minGrowth: 9 })
    expect(refused.code).not.toBe(200)
    expect((await t.db.selectFrom('memberLevels').select('id').where('name', '=', '无权').execute()).length).toBe(0)
  })
})
