import { PAY_PASSWORD, setPayPassword } from './payPasswordHelpers'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { makeGoods, paidOrder, requestId, shopper, stockOf } from './tradeFixtures'
import { givePoints, ledgerConsistent, memberIdOf, pointsOf, DAY_MS } from './promoFixtures'
import { signIn, pointsSummary, claimMission, SIGN_IN_POINTS } from '../src/modules/integral/service'
import { usablePoints } from '../src/modules/integral/pricing'
import { changePoints } from '../src/modules/integral/points'
import { chinaDay } from '../src/services/chinaTime'
import { expireOrders, completeOrderTx } from '../src/modules/order/service'
import { changeBalance } from '../src/modules/balance/service'

async function mallItem(t: TestApp, over: { points?: number; cash?: number; stock?: number; perMemberLimit?: number; skuStock?: number } = {}) {
  const g = await makeGoods(t, { skus: [{ price: 5900, stock: over.skuStock ?? 100 }] })
  const now = Date.now()
  const r = await t.db
    .insertInto('pointsGoods')
    .values({
      goodsId: g.goodsId,
      skuId: g.skuId,
      name: '积分好物',
      image: '',
      points: over.points ?? 300,
      cash: over.cash ?? 0,
      marketPrice: 5900,
      stock: over.stock ?? 10,
      redeemed: 0,
      perMemberLimit: over.perMemberLimit ?? 2,
      status: 'on',
      description: '',
      sort: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: r.id, ...g }
}

describe('points rules', () => {
  it('lets an order use points in whole yuan, within the balance and 20% of the goods after the coupon', () => {
    expect(usablePoints(5000, 10000)).toEqual({ points: 2000, discount: 2000 })
    expect(usablePoints(1550, 100000)).toEqual({ points: 1500, discount: 1500 })
    expect(usablePoints(99, 100000)).toEqual({ points: 0, discount: 0 })
    expect(usablePoints(5000, 499)).toEqual({ points: 0, discount: 0 })
  })
  it('follows the console rate and cap: 50 points a yuan, at most 10%', () => {
    // ¥60 of goods, 10% → at most ¥6; 1200 points at 50 a yuan would be ¥24.
    expect(usablePoints(1200, 6000, 50, 10)).toEqual({ points: 300, discount: 600 })
    // 1000 points a yuan: 1999 points are ¥1, used as 1000.
    expect(usablePoints(1999, 100000, 1000, 100)).toEqual({ points: 1000, discount: 100 })
    // 0% means points cannot be spent on orders.
    expect(usablePoints(5000, 100000, 100, 0)).toEqual({ points: 0, discount: 0 })
  })
  it('walks the 7-day sign-in cycle', () => {
    expect(SIGN_IN_POINTS).toEqual([5, 10, 15, 20, 25, 30, 50])
  })
})

describe.each(DIALECTS)('points on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t.close())

  it('signs in once a day, builds a streak over consecutive days, and restarts after a gap', async () => {
    const token = await t.login(nextPhone())
    const me = await memberIdOf(t, token)
    const first = await t.post('/api/integral/signIn', {}, token)
    expect(first.data).toEqual({ points: 5, streak: 1, balance: 5 })
    expect(await t.post('/api/integral/signIn', {}, token)).toMatchObject({ code: 409, msg: '今天已经签到过了，明天再来吧' })
    const s = (await t.get('/api/integral/summary', {}, token)).data
    expect(s).toMatchObject({ balance: 5, signedToday: true, streak: 1, nextPoints: 10, earned: 5, spent: 0 })
    expect(s.week.map((d: any) => [d.signed, d.today])).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ])
    // The following days, in China time.
    const now = Date.now()
    for (let d = 1; d <= 7; d++) await signIn(t.db, me, now + d * DAY_MS)
    const after = await pointsSummary(t.db, me, now + 7 * DAY_MS)
    expect(after.streak).toBe(8)
    expect(after.balance).toBe(5 + 10 + 15 + 20 + 25 + 30 + 50 + 5)
    expect(after.week.filter((d) => d.signed)).toHaveLength(1)
    // Skip a day: the streak starts again.
    const gap = await signIn(t.db, me, now + 9 * DAY_MS)
    expect(gap).toMatchObject({ streak: 1, points: 5 })
    const next = await pointsSummary(t.db, me, now + 10 * DAY_MS)
    expect(next).toMatchObject({ signedToday: false, streak: 1, nextPoints: 10 })
    expect(next.week.map((d) => d.today)).toEqual([false, true, false, false, false, false, false])
    expect(await ledgerConsistent(t, me)).toBe(true)
  })

  it('signs in once even when tapped many times at once', async () => {
    const token = await t.login(nextPhone())
    const me = await memberIdOf(t, token)
    const res = await Promise.all(Array.from({ length: 8 }, () => t.post('/api/integral/signIn', {}, token)))
    expect(res.filter((r) => r.code === 200)).toHaveLength(1)
    expect(await pointsOf(t, me)).toBe(5)
    expect(await ledgerConsistent(t, me)).toBe(true)
  })

  it('keeps a ledger with reasons and balances, pages it and filters income and spending', async () => {
    const token = await t.login(nextPhone())
    const me = await memberIdOf(t, token)
    await givePoints(t, me, 300)
    await t.post('/api/integral/signIn', {}, token)
    await t.db.transaction().execute((tx) => changePoints(tx, me, -100, 'turntable', '盲盒抽奖'))
    const all = (await t.get('/api/integral/ledger', {}, token)).data
    expect(all.list.map((e: any) => [e.change, e.balanceAfter, e.reasonText])).toEqual([
      [-100, 205, '盲盒抽奖'],
      [5, 305, '每日签到'],
      [300, 300, '客服调整'],
    ])
    expect((await t.get('/api/integral/ledger', { type: 'out' }, token)).data.list).toHaveLength(1)
    expect((await t.get('/api/integral/ledger', { type: 'in', pageSize: 1, page: 2 }, token)).data).toMatchObject({ total: 2, list: [expect.objectContaining({ change: 300 })] })
  })

  it('never lets the balance go negative, even with concurrent spending', async () => {
    const token = await t.login(nextPhone())
    const me = await memberIdOf(t, token)
    await givePoints(t, me, 250)
    const spend = () =>
      t.db
        .transaction()
        .execute((tx) => changePoints(tx, me, -100, 'turntable', '并发'))
        .then(
          () => 'ok',
          (e) => e.code,
        )
    const res = await Promise.all(Array.from({ length: 10 }, spend))
    expect(res.filter((r) => r === 'ok')).toHaveLength(2)
    expect(res.filter((r) => r === 3003)).toHaveLength(8)
    expect(await pointsOf(t, me)).toBe(50)
    expect(await ledgerConsistent(t, me)).toBe(true)
  })

  it('awards missions once per period when done, and refuses them before', async () => {
    const s = await shopper(t)
    const list = (await t.get('/api/integral/missions', {}, s.token)).data.list
    expect(list.map((m: any) => [m.key, m.state, m.period])).toEqual([
      ['first_order', 'todo', 'once'],
      ['review', 'todo', 'daily'],
      ['share', 'todo', 'daily'],
      ['browse', 'todo', 'daily'],
    ])
    expect(await t.post('/api/integral/claimMission', { mission: 'first_order' }, s.token)).toMatchObject({ code: 409, msg: '任务还未完成，完成后再来领取吧' })
    const { skuId, goodsId } = await makeGoods(t)
    await paidOrder(t, s.token, skuId)
    expect((await t.get('/api/integral/missions', {}, s.token)).data.list[0].state).toBe('claimable')
    const claims = await Promise.all([0, 1, 2].map(() => t.post('/api/integral/claimMission', { mission: 'first_order' }, s.token)))
    expect(claims.filter((c) => c.code === 200)).toHaveLength(1)
    expect(claims.find((c) => c.code !== 200)).toMatchObject({ code: 409, msg: '该任务奖励已领取' })
    expect(await pointsOf(t, s.memberId)).toBe(100)
    // Share: reported by the client, once a day.
    expect((await t.post('/api/integral/reportShare', { goodsId }, s.token)).code).toBe(200)
    expect((await t.post('/api/integral/claimMission', { mission: 'share' }, s.token)).data).toEqual({ points: 10, balance: 110 })
    expect((await t.post('/api/integral/claimMission', { mission: 'share' }, s.token)).msg).toBe('今天已领取过该任务奖励')
    // Browse: three different goods today (the catalogue's footprints).
    const day = chinaDay()
    for (const gid of [goodsId, goodsId + 1000, goodsId + 2000]) await t.db.insertInto('footprints').values({ memberId: s.memberId, goodsId: gid, day, viewedAt: Date.now() }).execute()
    const browse = (await t.get('/api/integral/missions', {}, s.token)).data.list.find((m: any) => m.key === 'browse')
    expect(browse).toMatchObject({ progress: 3, target: 3, state: 'claimable' })
    expect((await t.post('/api/integral/claimMission', { mission: 'browse' }, s.token)).code).toBe(200)
    // Tomorrow the daily ones start again; the one-off stays done.
    const tomorrow = Date.now() + DAY_MS
    await expect(claimMission(t.db, s.memberId, 'share', tomorrow)).rejects.toMatchObject({ code: 409, message: '任务还未完成，完成后再来领取吧' })
    expect(await ledgerConsistent(t, s.memberId)).toBe(true)
  })

  it('redeems points goods: stock, limit, SKU stock and points change together in one order', async () => {
    const s = await shopper(t)
    const item = await mallItem(t, { points: 300, stock: 3, perMemberLimit: 2 })
    await givePoints(t, s.memberId, 1000)
    const detail = (await t.get('/api/integral/goodsDetail', { id: item.id }, s.token)).data
    expect(detail).toMatchObject({ points: 300, cash: 0, stock: 3, myRedeemed: 0, balance: 1000 })
    const prev = await t.post('/api/integral/preview', { id: item.id, quantity: 2 }, s.token)
    expect(prev.data).toMatchObject({ points: 600, cash: 0, balance: 1000, address: expect.objectContaining({ id: s.addressId }) })
    const r = await t.post('/api/integral/redeem', { id: item.id, quantity: 2, requestId: requestId() }, s.token)
    expect(r.data).toMatchObject({ status: 'to_ship', payAmount: 0, pointsUsed: 600 })
    expect(await pointsOf(t, s.memberId)).toBe(400)
    const order = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', r.data.orderNo).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ orderType: 'points', pointsUsed: 600, payAmount: 0 })
    expect((await stockOf(t, item.skuId)).stock).toBe(98)
    expect(await t.db.selectFrom('pointsGoods').select(['stock', 'redeemed']).where('id', '=', item.id).executeTakeFirstOrThrow()).toEqual({ stock: 1, redeemed: 2 })
    expect(await t.post('/api/integral/redeem', { id: item.id, quantity: 1, requestId: requestId() }, s.token)).toMatchObject({ code: 409, msg: '每人限兑2件，您已兑换过了' })
    const list = await t.get('/api/order/list', { status: 'all' }, s.token)
    // the list and the details carry the points paid beside the cash (「¥0.00 + 600 积分」)
    expect(list.data.list.find((o: any) => o.orderNo === r.data.orderNo)).toMatchObject({ orderType: 'points', pointsUsed: 600, payAmount: 0 })
    expect((await t.get('/api/order/detail', { orderNo: r.data.orderNo }, s.token)).data).toMatchObject({ orderType: 'points', pointsUsed: 600, payAmount: 0 })
    const ledger = (await t.get('/api/integral/ledger', {}, s.token)).data.list[0]
    expect(ledger).toMatchObject({ change: -600, reason: 'redeem', balanceAfter: 400 })
  })

  it('refuses a redemption without enough points and changes nothing', async () => {
    const s = await shopper(t)
    const item = await mallItem(t, { points: 500 })
    await givePoints(t, s.memberId, 499)
    const r = await t.post('/api/integral/redeem', { id: item.id, quantity: 1, requestId: requestId() }, s.token)
    expect(r).toMatchObject({ code: 3003, msg: '积分不足，当前积分499，需要500' })
    expect((await t.db.selectFrom('pointsGoods').select('stock').where('id', '=', item.id).executeTakeFirstOrThrow()).stock).toBe(10)
    expect((await stockOf(t, item.skuId)).stock).toBe(100)
    expect(await pointsOf(t, s.memberId)).toBe(499)
  })

  it('points + cash waits for payment; expiry returns points, mall stock, SKU stock and the limit', async () => {
    const s = await shopper(t)
    const item = await mallItem(t, { points: 200, cash: 990, perMemberLimit: 1 })
    await givePoints(t, s.memberId, 500)
    const r = await t.post('/api/integral/redeem', { id: item.id, quantity: 1, requestId: requestId() }, s.token)
    expect(r.data).toMatchObject({ status: 'unpaid', payAmount: 990, pointsUsed: 200 })
    expect(await pointsOf(t, s.memberId)).toBe(300)
    // the result page shows 「¥9.90 + 200 积分」 from the order row
    expect((await t.get('/api/pay/status', { orderNo: r.data.orderNo }, s.token)).data).toMatchObject({ payAmount: 990, pointsPaid: 200 })
    await expireOrders(t.db, t.ctx.modules, Date.now() + 31 * 60_000)
    expect(await pointsOf(t, s.memberId)).toBe(500)
    expect(await t.db.selectFrom('pointsGoods').select(['stock', 'redeemed']).where('id', '=', item.id).executeTakeFirstOrThrow()).toEqual({ stock: 10, redeemed: 0 })
    expect((await stockOf(t, item.skuId)).stock).toBe(100)
    const again = await t.post('/api/integral/redeem', { id: item.id, quantity: 1, requestId: requestId() }, s.token)
    expect(again.code).toBe(200)
    const ledger = (await t.get('/api/integral/ledger', { type: 'in' }, s.token)).data.list[0]
    expect(ledger).toMatchObject({ change: 200, reason: 'redeem_refund' })
    expect(await ledgerConsistent(t, s.memberId)).toBe(true)
  })

  it('points + cash: 使用余额 in the preview shows what the balance pays of the cash; the redemption takes exactly that', async () => {
    const s = await shopper(t)
    const item = await mallItem(t, { points: 200, cash: 990, perMemberLimit: 1 })
    await givePoints(t, s.memberId, 500)
    await t.db.transaction().execute((tx) => changeBalance(tx, { memberId: s.memberId, amount: 500, kind: 'staff_adjust', refType: 'staff_adjust', refId: requestId(), note: '测试' }))
    const off = await t.post('/api/integral/preview', { id: item.id, quantity: 1 }, s.token)
    expect(off.data.balancePay).toEqual({ available: 500, used: 0, gatewayAmount: 990 })
    const on = await t.post('/api/integral/preview', { id: item.id, quantity: 1, useBalance: true }, s.token)
    expect(on.data.balancePay).toEqual({ available: 500, used: 500, gatewayAmount: 490 })
    // The balance is spent only with the 支付密码 (docs/balance.md): refused without it, nothing redeemed.
    expect((await t.post('/api/integral/redeem', { id: item.id, quantity: 1, useBalance: true, requestId: requestId() }, s.token)).code).toBe(4010)
    await setPayPassword(t, s.token, s.memberId)
    const r = await t.post('/api/integral/redeem', { id: item.id, quantity: 1, useBalance: true, payPassword: PAY_PASSWORD, requestId: requestId() }, s.token)
    expect(r.data).toMatchObject({ status: 'unpaid', payAmount: 990 })
    const o = await t.db.selectFrom('orders').select(['balanceAmount']).where('orderNo', '=', r.data.orderNo).executeTakeFirstOrThrow()
    expect(Number(o.balanceAmount)).toBe(500)
    // Points only: nothing to pay, no 使用余额 row.
    const free = await mallItem(t, { points: 100, cash: 0 })
    expect((await t.post('/api/integral/preview', { id: free.id, quantity: 1, useBalance: true }, s.token)).data.balancePay).toBeNull()
  })

  it('never redeems more than the stock or the member limit under concurrency', async () => {
    const item = await mallItem(t, { points: 100, stock: 5, perMemberLimit: 1 })
    const buyers = await Promise.all(Array.from({ length: 12 }, () => shopper(t)))
    for (const b of buyers) await givePoints(t, b.memberId, 1000)
    // Each buyer taps twice at once.
    const res = await Promise.all(buyers.flatMap((b) => [0, 1].map(() => t.post('/api/integral/redeem', { id: item.id, quantity: 1, requestId: requestId() }, b.token))))
    expect(res.filter((r) => r.code === 200)).toHaveLength(5)
    const pg = await t.db.selectFrom('pointsGoods').select(['stock', 'redeemed']).where('id', '=', item.id).executeTakeFirstOrThrow()
    expect(pg).toEqual({ stock: 0, redeemed: 5 })
    const perMember = await t.db
      .selectFrom('pointsOrders')
      .select(['memberId', (eb) => eb.fn.sum<number>('quantity').as('q')])
      .where('pointsGoodsId', '=', item.id)
      .groupBy('memberId')
      .execute()
    expect(perMember.every((m) => Number(m.q) <= 1)).toBe(true)
    let spent = 0
    for (const b of buyers) {
      expect(await ledgerConsistent(t, b.memberId)).toBe(true)
      spent += 1000 - (await pointsOf(t, b.memberId))
    }
    expect(spent).toBe(500)
  })

  it('uses points on a normal order when asked, and gives them back on cancel', async () => {
    const s = await shopper(t)
    await givePoints(t, s.memberId, 5000)
    const { skuId } = await makeGoods(t, { skus: [{ price: 10000, stock: 10 }] })
    const p = await t.post('/api/order/preview', { from: 'buyNow', skuId, quantity: 1 }, s.token)
    expect(p.data.extras.points).toEqual({ balance: 5000, usable: 2000, discount: 2000, used: 0, rate: 100, maxPercent: 20 })
    expect(p.data.pointsDiscount).toBe(0)
    const used = await t.post('/api/order/submit', { from: 'buyNow', skuId, quantity: 1, usePoints: true, requestId: requestId() }, s.token)
    expect(used.data.payAmount).toBe(10000 - 2000)
    expect(await pointsOf(t, s.memberId)).toBe(3000)
    expect((await t.post('/api/order/cancel', { orderNo: used.data.orderNo }, s.token)).code).toBe(200)
    expect(await pointsOf(t, s.memberId)).toBe(5000)
    expect(await ledgerConsistent(t, s.memberId)).toBe(true)
  })

  it('a completed order earns a point per yuan paid, once', async () => {
    const s = await shopper(t)
    const { skuId } = await makeGoods(t, { skus: [{ price: 12345, stock: 10 }] })
    const orderNo = await paidOrder(t, s.token, skuId)
    const o = await t.db.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
    await t.db.updateTable('orders').set({ status: 'to_review' }).where('id', '=', o.id).execute()
    await t.db.transaction().execute((tx) => completeOrderTx(tx, t.ctx.modules, o.id, 'system'))
    expect(await pointsOf(t, s.memberId)).toBe(123)
    expect((await t.get('/api/integral/ledger', {}, s.token)).data.list[0]).toMatchObject({ reason: 'order_reward', change: 123 })
  })
})

describe.each(DIALECTS)('seeded points on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
  })
  afterAll(async () => t.close())

  it('explains every seeded balance with its ledger, in time order', async () => {
    const holders = await t.db.selectFrom('members').select(['id', 'points']).where('points', '>', 0).execute()
    expect(holders.length).toBeGreaterThan(0)
    for (const m of holders) {
      const rows = await t.db.selectFrom('pointsLedger').select(['change', 'balanceAfter']).where('memberId', '=', m.id).orderBy('createdAt').orderBy('id').execute()
      let bal = 0
      for (const r of rows) {
        bal += Number(r.change)
        expect(Number(r.balanceAfter)).toBe(bal)
      }
      expect(bal).toBe(Number(m.points))
    }
    const shopper = await t.db.selectFrom('members').select('id').where('phone', '=', '13800138000').executeTakeFirstOrThrow()
    const s = await pointsSummary(t.db, shopper.id)
    expect(s).toMatchObject({ signedToday: false, streak: 2, nextPoints: 15 })
  })
})
