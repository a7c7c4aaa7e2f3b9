import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, requestId, shopper, stockOf } from './tradeFixtures'
import { makeCoupon } from './promoFixtures'
import { MemoryGate } from '../src/modules/seckill/gate'
import { ensureToday, reconcileGate, runtimeFor, sessionState, sessions, submit } from '../src/modules/seckill/service'
import { chinaDay, parseChinaTime as chinaTime } from '../src/services/chinaTime'
import { expireOrders } from '../src/modules/order/service'

const MIN = 60_000
const HOUR = 60 * MIN

/** A session around now (start/end relative to now in ms) with one item on a fresh goods. */
async function seckillItem(t: TestApp, opts: { start?: number; end?: number; quota?: number; limit?: number; price?: number; skuStock?: number; title?: string; repeat?: number; day?: string } = {}) {
  const now = Date.now()
  const g = await makeGoods(t, { skus: [{ price: 9900, stock: opts.skuStock ?? 500 }] })
  const s = await t.db
    .insertInto('seckillSessions')
    .values({
      day: opts.day ?? chinaDay(now),
      title: opts.title ?? `t${Math.random().toString(36).slice(2, 8)}`,
      startAt: now + (opts.start ?? -HOUR),
      endAt: now + (opts.end ?? HOUR),
      repeatDaily: opts.repeat ?? 0,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const i = await t.db
    .insertInto('seckillItems')
    .values({ sessionId: s.id, goodsId: g.goodsId, skuId: g.skuId, price: opts.price ?? 3900, quota: opts.quota ?? 10, sold: 0, perMemberLimit: opts.limit ?? 1, sort: 0, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { sessionId: s.id, itemId: i.id, ...g }
}

const buy = (t: TestApp, token: string, itemId: number, quantity = 1, extra: Record<string, unknown> = {}) =>
  t.post('/api/seckill/submit', { itemId, quantity, requestId: requestId(), ...extra }, token)

async function itemState(t: TestApp, itemId: number) {
  const i = await t.db.selectFrom('seckillItems').select(['quota', 'sold']).where('id', '=', itemId).executeTakeFirstOrThrow()
  const live = await t.db
    .selectFrom('seckillOrders as so')
    .innerJoin('orders as o', 'o.id', 'so.orderId')
    .select(['so.memberId', 'so.quantity'])
    .where('so.itemId', '=', itemId)
    .where('o.status', '!=', 'cancelled')
    .execute()
  const perMember = new Map<number, number>()
  for (const r of live) perMember.set(r.memberId, (perMember.get(r.memberId) || 0) + r.quantity)
  return { quota: i.quota, sold: i.sold, ordered: live.reduce((s, r) => s + r.quantity, 0), maxPerMember: Math.max(0, ...perMember.values()) }
}

describe('flash-sale gate (memory)', () => {
  it('admits up to the stock and the member limit, hands back failures, and reconciles only when idle', async () => {
    const g = new MemoryGate()
    const req = (memberId: number, quantity = 1) => ({ itemId: 1, memberId, quantity, limit: 2, ttlSeconds: 60, remaining: async () => 3 })
    expect(await g.grant(req(1))).toBe('ok')
    expect(await g.grant(req(1))).toBe('ok')
    expect(await g.grant(req(1))).toBe('busy') // both of the member's attempts are still in flight
    expect(await g.grant(req(2, 2))).toBe('sold_out')
    expect(await g.grant(req(2))).toBe('ok')
    expect(await g.peek(1)).toEqual({ stock: 0, inflight: 3 })
    expect(await g.reconcile(1, 5)).toBe(false)
    await g.settle(1, 1, 1, true)
    await g.settle(1, 1, 1, false)
    await g.settle(1, 2, 1, true)
    expect(await g.peek(1)).toEqual({ stock: 1, inflight: 0 })
    expect(await g.grant(req(1))).toBe('ok')
    await g.settle(1, 1, 1, true)
    expect(await g.reconcile(1, 2)).toBe(true)
    expect(await g.peek(1)).toEqual({ stock: 2, inflight: 0 })
    // Both of member 1's admissions are settled as bought: the limit now, not busy.
    expect(await g.grant(req(1))).toBe('limit')
  })

  it('tells session states apart', () => {
    expect(sessionState({ startAt: 100, endAt: 200 }, 99)).toBe('upcoming')
    expect(sessionState({ startAt: 100, endAt: 200 }, 100)).toBe('active')
    expect(sessionState({ startAt: 100, endAt: 200 }, 200)).toBe('ended')
  })
})

describe.each(DIALECTS)('flash sales on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t.close())

  it("lists today's sessions with their states and opens on the running one", async () => {
    const day = chinaDay()
    await t.db.deleteFrom('seckillSessions').execute()
    const past = await seckillItem(t, { start: -3 * HOUR, end: -2 * HOUR, title: '01:00' })
    const live = await seckillItem(t, { start: -HOUR, end: HOUR, title: '02:00' })
    const soon = await seckillItem(t, { start: 2 * HOUR, end: 3 * HOUR, title: '03:00' })
    const r = await t.get('/api/seckill/sessions')
    expect(r.data.day).toBe(day)
    expect(r.data.sessions.map((s: any) => [s.id, s.state])).toEqual([
      [past.sessionId, 'ended'],
      [live.sessionId, 'active'],
      [soon.sessionId, 'upcoming'],
    ])
    expect(r.data.currentId).toBe(live.sessionId)
    const items = await t.get('/api/seckill/items', { sessionId: live.sessionId })
    expect(items.data.items[0]).toMatchObject({ id: live.itemId, price: 3900, originalPrice: 9900, quota: 10, sold: 0, soldPercent: 0, perMemberLimit: 1 })
    const d = await t.get('/api/seckill/detail', { itemId: live.itemId })
    expect(d.data).toMatchObject({ id: live.itemId, myBought: 0, session: { state: 'active' } })
  })

  it('sells at the flash price with free shipping; the order is a seckill order in the order list and pays the same way', async () => {
    const s = await shopper(t)
    const { itemId, skuId } = await seckillItem(t, { price: 2900 })
    const p = await t.post('/api/seckill/preview', { itemId, quantity: 1 }, s.token)
    expect(p.data).toMatchObject({ goodsAmount: 2900, freightAmount: 0, payAmount: 2900, myBought: 0, item: { id: itemId } })
    const o = await buy(t, s.token, itemId)
    expect(o.code).toBe(200)
    expect(o.data).toMatchObject({ status: 'unpaid', payAmount: 2900 })
    expect(o.data.expireAt - Date.now()).toBeLessThanOrEqual(10 * MIN)
    const list = await t.get('/api/order/list', { status: 'unpaid' }, s.token)
    expect(list.data.list.find((x: any) => x.orderNo === o.data.orderNo)).toMatchObject({ orderType: 'seckill', payAmount: 2900 })
    const pay = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, s.token)
    const done = await t.post('/api/pay/sandboxConfirm', { payNo: pay.data.payNo, ticket: pay.data.params.ticket }, s.token)
    expect(done.code).toBe(200)
    expect((await t.get('/api/order/detail', { orderNo: o.data.orderNo }, s.token)).data.status).toBe('to_ship')
    expect((await stockOf(t, skuId)).stock).toBe(499)
    expect((await t.get('/api/seckill/detail', { itemId }, s.token)).data).toMatchObject({ myBought: 1, sold: 1 })
  })

  it('refuses coupons whose rules exclude flash sales, and takes one that allows them', async () => {
    const s = await shopper(t)
    const { itemId } = await seckillItem(t, { price: 5000, limit: 2 })
    const plain = await makeCoupon(t, { name: '普通券', amount: 1000 })
    const ok = await makeCoupon(t, { name: '秒杀可用券', kind: 'threshold', amount: 300, threshold: 3000, allowSeckill: 1 })
    const plainId = (await t.post('/api/coupons/receive', { couponId: plain }, s.token)).data.coupon.id
    const okId = (await t.post('/api/coupons/receive', { couponId: ok }, s.token)).data.coupon.id
    const p = await t.post('/api/seckill/preview', { itemId, quantity: 1 }, s.token)
    expect(p.data.extras.coupons.unusable).toEqual([expect.objectContaining({ id: plainId, reason: '秒杀商品不可用' })])
    expect(p.data.extras.coupons.selectedId).toBe(okId)
    expect(p.data.payAmount).toBe(4700)
    expect(p.data.extras.points).toBeUndefined()
    const refused = await buy(t, s.token, itemId, 1, { couponId: plainId })
    expect(refused).toMatchObject({ code: 3001, msg: '该优惠券不可用：秒杀商品不可用' })
    expect((await t.db.selectFrom('seckillItems').select('sold').where('id', '=', itemId).executeTakeFirstOrThrow()).sold).toBe(0)
    const none = await t.post('/api/seckill/preview', { itemId, quantity: 1, couponId: 0 }, s.token)
    expect(none.data).toMatchObject({ couponDiscount: 0, payAmount: 5000 })
    expect(none.data.extras.coupons.declined).toBe(true)
    const withOk = await buy(t, s.token, itemId, 1, { couponId: okId })
    expect(withOk.data.payAmount).toBe(4700)
    // Cancelling gives the coupon back along with the quota.
    await t.post('/api/order/cancel', { orderNo: withOk.data.orderNo }, s.token)
    expect((await t.db.selectFrom('memberCoupons').select('status').where('id', '=', okId).executeTakeFirstOrThrow()).status).toBe('unused')
  })

  it('asks a visitor to log in, and answers "sold out" from the gate without a member', async () => {
    const { itemId } = await seckillItem(t, { quota: 1 })
    expect(await t.post('/api/seckill/submit', { itemId, quantity: 1, requestId: requestId() })).toMatchObject({ code: 403 })
    const a = await shopper(t)
    expect((await buy(t, a.token, itemId)).code).toBe(200)
    expect((await buy(t, (await shopper(t)).token, itemId)).code).toBe(3006)
    expect(runtimeFor(t.ctx).gate.soldOut(itemId)).toBe(true)
    expect(await t.post('/api/seckill/submit', { itemId, quantity: 1, requestId: requestId() })).toMatchObject({ code: 3006, msg: '手慢了，商品已被抢光' })
    expect((await t.post('/api/seckill/submit', { itemId: 999999, quantity: 1, requestId: requestId() })).code).toBe(404)
  })

  it('refuses before the start, after the end, over the limit, and repeats answer the first order', async () => {
    const s = await shopper(t)
    const soon = await seckillItem(t, { start: HOUR, end: 2 * HOUR })
    const over = await seckillItem(t, { start: -2 * HOUR, end: -HOUR })
    const live = await seckillItem(t, { limit: 2 })
    expect(await buy(t, s.token, soon.itemId)).toMatchObject({ code: 3004, msg: '秒杀尚未开始，请稍后再来' })
    expect(await buy(t, s.token, over.itemId)).toMatchObject({ code: 3004, msg: '本场秒杀已结束' })
    expect(await buy(t, s.token, live.itemId, 3)).toMatchObject({ code: 3005, msg: '每人限购2件' })
    const rid = requestId()
    const a = await t.post('/api/seckill/submit', { itemId: live.itemId, quantity: 1, requestId: rid }, s.token)
    const b = await t.post('/api/seckill/submit', { itemId: live.itemId, quantity: 1, requestId: rid }, s.token)
    expect(b.data).toMatchObject({ orderNo: a.data.orderNo, existing: true })
    expect((await buy(t, s.token, live.itemId)).code).toBe(200)
    expect(await buy(t, s.token, live.itemId)).toMatchObject({ code: 3005, msg: '每人限购2件，您已抢购过了' })
    expect(await itemState(t, live.itemId)).toMatchObject({ sold: 2, ordered: 2, maxPerMember: 2 })
  })

  it('never oversells and never exceeds a member limit under a crowd of concurrent attempts', async () => {
    const { itemId, skuId } = await seckillItem(t, { quota: 15, limit: 2 })
    const buyers = await Promise.all(Array.from({ length: 30 }, () => shopper(t)))
    const attempts = buyers.flatMap((b) => [1, 1, 2].map((q) => buy(t, b.token, itemId, q)))
    const res = await Promise.all(attempts)
    expect(res.every((r) => [200, 3005, 3006].includes(r.code))).toBe(true)
    const st = await itemState(t, itemId)
    expect(st.sold).toBe(15)
    expect(st.ordered).toBe(15)
    expect(st.maxPerMember).toBeLessThanOrEqual(2)
    expect((await stockOf(t, skuId)).stock).toBe(500 - 15)
    expect(res.filter((r) => r.code === 3006).every((r) => r.msg === '手慢了，商品已被抢光')).toBe(true)
  })

  it('an expired unpaid flash-sale order returns its quota and the member may buy again', async () => {
    const { itemId, skuId } = await seckillItem(t, { quota: 1, limit: 1 })
    const a = await shopper(t)
    const b = await shopper(t)
    const first = await buy(t, a.token, itemId)
    expect(first.code).toBe(200)
    expect((await buy(t, b.token, itemId)).code).toBe(3006)
    expect(await expireOrders(t.db, t.ctx.modules, Date.now() + 11 * MIN)).toBeGreaterThanOrEqual(1)
    expect(await itemState(t, itemId)).toMatchObject({ sold: 0, ordered: 0 })
    expect((await stockOf(t, skuId)).stock).toBe(500)
    expect((await t.db.selectFrom('seckillBuyers').select('bought').where('itemId', '=', itemId).where('memberId', '=', a.memberId).executeTakeFirstOrThrow()).bought).toBe(0)
    // The gate learns it from the database (reconcile job), then the quota is on sale again.
    await reconcileGate(t.ctx)
    expect(await runtimeFor(t.ctx).gate.peek(itemId)).toEqual({ stock: 1, inflight: 0 })
    expect((await buy(t, a.token, itemId)).code).toBe(200)
    expect(await itemState(t, itemId)).toMatchObject({ sold: 1, ordered: 1 })
  })

  it('a cancelled order gives the member limit back even though the gate counted the admission', async () => {
    const { itemId } = await seckillItem(t, { quota: 5, limit: 1 })
    const a = await shopper(t)
    const o = await buy(t, a.token, itemId)
    expect((await t.post('/api/order/cancel', { orderNo: o.data.orderNo }, a.token)).code).toBe(200)
    // The gate still counts this member; the database says the member may buy.
    expect((await buy(t, a.token, itemId)).code).toBe(200)
  })

  it('the gate never lets quota go unsold: a stale "sold out" is corrected from the database', async () => {
    const { itemId } = await seckillItem(t, { quota: 2, limit: 1 })
    const a = await shopper(t)
    const b = await shopper(t)
    const rt = runtimeFor(t.ctx)
    // Simulate a gate that wrongly believes the item is gone (e.g. another instance's view).
    await buy(t, a.token, itemId)
    await rt.gate.reconcile(itemId, 0, 60)
    ;(rt.gate as MemoryGate)['items'].get(itemId)!.checkedAt = 0
    expect((await buy(t, b.token, itemId)).code).toBe(200)
  })

  it('two instances over one database never oversell together', async () => {
    const { itemId } = await seckillItem(t, { quota: 8, limit: 1 })
    const other = { ...t.ctx } // a second server instance: its own gate and cache, the same database
    expect(runtimeFor(other)).not.toBe(runtimeFor(t.ctx))
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper(t)))
    const res = await Promise.all(
      buyers.flatMap((b, i) =>
        [0, 1].map((k) =>
          submit((i + k) % 2 ? other : t.ctx, { memberId: b.memberId, itemId, quantity: 1, requestId: requestId() }).then(
            () => 200,
            (e) => e.code,
          ),
        ),
      ),
    )
    expect(res.filter((c) => c === 200)).toHaveLength(8)
    expect(await itemState(t, itemId)).toMatchObject({ sold: 8, ordered: 8, maxPerMember: 1 })
  })

  it('keeps a session that runs past midnight listed (and current) until it ends: 23:30 and 00:30 China time', async () => {
    await t.db.deleteFrom('seckillSessions').execute()
    const day = '2025-03-10'
    const late = await seckillItem(t, { day, title: '23:00', repeat: 0 })
    const start = chinaTime(day, '23:00')
    await t.db
      .updateTable('seckillSessions')
      .set({ startAt: start, endAt: start + 2 * HOUR })
      .where('id', '=', late.sessionId)
      .execute()
    const at2330 = await sessions(t.db, chinaTime(day, '23:30'))
    expect(at2330.day).toBe(day)
    expect(at2330.sessions.map((s) => [s.id, s.state])).toEqual([[late.sessionId, 'active']])
    expect(at2330.currentId).toBe(late.sessionId)
    // The next China day: the session is yesterday's, but still running.
    const at0030 = await sessions(t.db, chinaTime('2025-03-11', '00:30'))
    expect(at0030.day).toBe('2025-03-11')
    expect(at0030.sessions.map((s) => [s.id, s.state])).toEqual([[late.sessionId, 'active']])
    expect(at0030.currentId).toBe(late.sessionId)
    // Once it has ended it belongs to yesterday only.
    const at0130 = await sessions(t.db, chinaTime('2025-03-11', '01:30'))
    expect(at0130.sessions).toEqual([])
  })

  it("repeats yesterday's daily sessions today with fresh quotas", async () => {
    await t.db.deleteFrom('seckillSessions').execute()
    const now = Date.now()
    const yesterday = chinaDay(now - 24 * HOUR)
    const y = await seckillItem(t, { day: yesterday, title: '10:00', repeat: 1, quota: 30 })
    await t.db
      .updateTable('seckillSessions')
      .set({ startAt: chinaTime(yesterday, '10:00'), endAt: chinaTime(yesterday, '12:00') })
      .where('id', '=', y.sessionId)
      .execute()
    await t.db.updateTable('seckillItems').set({ sold: 12 }).where('id', '=', y.itemId).execute()
    const late = await seckillItem(t, { day: yesterday, title: '23:00', repeat: 0 })
    await t.db
      .updateTable('seckillSessions')
      .set({ startAt: chinaTime(yesterday, '23:00'), endAt: chinaTime(yesterday, '23:30') })
      .where('id', '=', late.sessionId)
      .execute()
    expect(await ensureToday(t.db, now)).toBe(1)
    expect(await ensureToday(t.db, now)).toBe(0)
    const today = await t.get('/api/seckill/sessions')
    expect(today.data.sessions.map((s: any) => s.title)).toEqual(['10:00'])
    expect(today.data.sessions[0].startAt).toBe(chinaTime(chinaDay(now), '10:00'))
    const items = await t.get('/api/seckill/items', { sessionId: today.data.sessions[0].id })
    expect(items.data.items).toEqual([expect.objectContaining({ goodsId: y.goodsId, quota: 30, sold: 0 })])
  })
})
