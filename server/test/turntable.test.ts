import crypto from 'node:crypto'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, shopper, requestId } from './tradeFixtures'
import { givePoints, ledgerConsistent, makeCoupon, pointsOf } from './promoFixtures'
import { DRAW_COST, draw, pickPrize } from '../src/modules/turntable/service'
import { runAdminCommand } from '../src/adminCommands'
import '../src/modules/turntable/commands'

/** Pearson's chi-square statistic of observed counts against expected ones. */
const chiSquare = (observed: number[], expected: number[]) => observed.reduce((s, o, i) => s + (o - expected[i]) ** 2 / expected[i], 0)
/** Upper critical value of chi-square with df degrees of freedom at p = 0.0001 (Wilson–Hilferty). */
const critical = (df: number, z = 3.719) => df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3

describe('the draw', () => {
  const weights = [3000, 1500, 800, 1000, 100, 30, 10, 2, 3558]
  const prizes = weights.map((weight, id) => ({ id, weight }))

  it('follows the weights (chi-square over 200,000 draws with crypto.randomInt)', () => {
    const n = 200_000
    const counts = new Array(prizes.length).fill(0)
    for (let i = 0; i < n; i++) counts[pickPrize(prizes)!.id] += 1
    const total = weights.reduce((a, b) => a + b, 0)
    const stat = chiSquare(
      counts,
      weights.map((w) => (n * w) / total),
    )
    expect(stat).toBeLessThan(critical(prizes.length - 1))
  })

  it('the same statistic rejects a biased source (the check has teeth)', () => {
    const n = 200_000
    const counts = new Array(prizes.length).fill(0)
    // A source that favours small numbers a little (like a modulo bias would).
    const biased = (max: number) => Math.min(crypto.randomInt(max), crypto.randomInt(max) + Math.floor(max * 0.05))
    for (let i = 0; i < n; i++) counts[pickPrize(prizes, biased)!.id] += 1
    const total = weights.reduce((a, b) => a + b, 0)
    expect(
      chiSquare(
        counts,
        weights.map((w) => (n * w) / total),
      ),
    ).toBeGreaterThan(critical(prizes.length - 1))
  })

  it('never picks a prize without weight, and nothing from an empty pool', () => {
    for (let i = 0; i < 1000; i++)
      expect(
        pickPrize([
          { id: 1, weight: 0 },
          { id: 2, weight: 5 },
        ])!.id,
      ).toBe(2)
    expect(pickPrize([])).toBeNull()
    expect(pickPrize([{ weight: 0 }])).toBeNull()
  })
})

describe.each(DIALECTS)('blind box on %s', (dialect) => {
  let t: TestApp
  let goods: { goodsId: number; skuId: number }
  let couponId: number
  const prize = async (over: Record<string, unknown>) =>
    (
      await t.db
        .insertInto('turntablePrizes')
        .values({
          name: '奖品',
          image: '',
          kind: 'points',
          points: 0,
          couponId: null,
          goodsId: null,
          skuId: null,
          weight: 1,
          stock: 0,
          unlimited: 0,
          won: 0,
          sort: 0,
          status: 'on',
          createdAt: Date.now(),
          ...over,
        } as any)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const resetPool = async () => t.db.updateTable('turntablePrizes').set({ status: 'off' }).execute()

  beforeAll(async () => {
    t = await makeTestApp(dialect)
    goods = await makeGoods(t)
    couponId = await makeCoupon(t, { name: '盲盒券', visible: 0, perMemberLimit: 999 })
  })
  afterAll(async () => t.close())

  it('shows the pool with each chance, and never lets an out-of-stock prize be won', async () => {
    await resetPool()
    const a = await prize({ name: '10积分', points: 10, weight: 3, unlimited: 1 })
    const b = await prize({ name: '耳机', kind: 'goods', goodsId: goods.goodsId, skuId: goods.skuId, weight: 1, stock: 0 })
    const c = await prize({ name: '谢谢参与', kind: 'none', weight: 1, unlimited: 1 })
    const pool = (await t.get('/api/turntable/prizes')).data
    expect(pool.cost).toBe(DRAW_COST)
    expect(pool.balance).toBeNull()
    expect(pool.prizes.map((p: any) => [p.id, p.probability, p.inStock])).toEqual([
      [a, 75, true],
      [b, 0, false],
      [c, 25, true],
    ])
    const s = await shopper(t)
    await givePoints(t, s.memberId, DRAW_COST * 60)
    for (let i = 0; i < 60; i++) expect((await draw(t.db, s.memberId)).record.prizeId).not.toBe(b)
  })

  it('draws on the server: the distribution of 1,200 draws (6 members at once) follows the weights', async () => {
    await resetPool()
    const w = [50, 30, 20]
    const ids = [
      await prize({ name: '1积分', points: 1, weight: w[0], unlimited: 1 }),
      await prize({ name: '2积分', points: 2, weight: w[1], unlimited: 1 }),
      await prize({ name: '谢谢', kind: 'none', weight: w[2], unlimited: 1 }),
    ]
    const members = await Promise.all(Array.from({ length: 6 }, () => shopper(t)))
    const each = 200
    for (const m of members) await givePoints(t, m.memberId, DRAW_COST * each)
    const counts = [0, 0, 0]
    await Promise.all(
      members.map(async (m) => {
        for (let i = 0; i < each; i++) counts[ids.indexOf((await draw(t.db, m.memberId)).record.prizeId)] += 1
      }),
    )
    const n = members.length * each
    expect(
      chiSquare(
        counts,
        w.map((x) => (n * x) / 100),
      ),
    ).toBeLessThan(critical(2))
    for (const m of members) expect(await pointsOf(t, m.memberId)).toBe(0)
  }, 180_000)

  it('refuses without enough points and writes nothing', async () => {
    await resetPool()
    await prize({ name: '10积分', points: 10, weight: 1, unlimited: 1 })
    const s = await shopper(t)
    await givePoints(t, s.memberId, DRAW_COST - 1)
    const r = await t.post('/api/turntable/redeemIntegral', {}, s.token)
    expect(r).toMatchObject({ code: 3003, msg: `积分不足，当前积分${DRAW_COST - 1}，需要${DRAW_COST}` })
    expect((await t.get('/api/turntable/recordList', {}, s.token)).data.total).toBe(0)
  })

  it('keeps points and prize stock consistent under concurrent draws', async () => {
    await resetPool()
    const scarce = await prize({ name: '限量积分', points: 100, weight: 50, stock: 7 })
    const common = await prize({ name: '5积分', points: 5, weight: 50, unlimited: 1 })
    const members = await Promise.all(Array.from({ length: 6 }, () => shopper(t)))
    for (const m of members) await givePoints(t, m.memberId, DRAW_COST * 8 + 20) // enough for 8 draws each
    // Each member taps 12 times at once: only 8 can be paid for.
    const res = await Promise.all(members.flatMap((m) => Array.from({ length: 12 }, () => t.post('/api/turntable/redeemIntegral', { requestId: requestId() }, m.token))))
    const ok = res.filter((r) => r.code === 200)
    expect(ok).toHaveLength(6 * 8)
    expect(res.filter((r) => r.code !== 200).every((r) => r.code === 3003)).toBe(true)
    const p = await t.db.selectFrom('turntablePrizes').select(['id', 'stock', 'won']).where('id', 'in', [scarce, common]).orderBy('id').execute()
    const wonScarce = ok.filter((r) => r.data.record.prizeId === scarce).length
    expect(p[0]).toEqual({ id: scarce, stock: 7 - wonScarce, won: wonScarce })
    expect(wonScarce).toBeLessThanOrEqual(7)
    expect(p[1].won).toBe(48 - wonScarce)
    for (const m of members) {
      expect(await pointsOf(t, m.memberId)).toBe(20)
      expect(await ledgerConsistent(t, m.memberId)).toBe(true)
    }
  })

  it('stops drawing the scarce prize once its stock is gone', async () => {
    await resetPool()
    const one = await prize({ name: '唯一大奖', points: 1000, weight: 1000, stock: 1 })
    const rest = await prize({ name: '谢谢参与', kind: 'none', weight: 1, unlimited: 1 })
    const members = await Promise.all(Array.from({ length: 4 }, () => shopper(t)))
    for (const m of members) await givePoints(t, m.memberId, DRAW_COST * 5)
    const res = await Promise.all(members.flatMap((m) => Array.from({ length: 5 }, () => t.post('/api/turntable/redeemIntegral', {}, m.token))))
    expect(res.every((r) => r.code === 200)).toBe(true)
    expect(res.filter((r) => r.data.record.prizeId === one)).toHaveLength(1)
    expect(res.filter((r) => r.data.record.prizeId === rest)).toHaveLength(19)
  })

  it('claims points and coupons once; a goods prize takes an address, then the operator ships it', async () => {
    await resetPool()
    const pts = await prize({ name: '88积分', points: 88, weight: 1, unlimited: 1 })
    const s = await shopper(t)
    await givePoints(t, s.memberId, DRAW_COST * 3)
    const d1 = await t.post('/api/turntable/redeemIntegral', { requestId: 'req-abc-123' }, s.token)
    expect(d1.data).toMatchObject({ index: 0, balance: DRAW_COST * 2, record: { prizeId: pts, status: 'unclaimed', statusText: '待领取' } })
    const again = await t.post('/api/turntable/redeemIntegral', { requestId: 'req-abc-123' }, s.token)
    expect(again.data.record.id).toBe(d1.data.record.id)
    expect(await pointsOf(t, s.memberId)).toBe(DRAW_COST * 2)
    const claims = await Promise.all([0, 1, 2].map(() => t.get('/api/turntable/toReceive', { recordId: d1.data.record.id }, s.token)))
    expect(claims.every((c) => c.code === 200 && c.data.record.status === 'received')).toBe(true)
    expect(await pointsOf(t, s.memberId)).toBe(DRAW_COST * 2 + 88)

    await resetPool()
    await prize({ name: '5元券', kind: 'coupon', couponId, weight: 1, stock: 10 })
    const d2 = await t.post('/api/turntable/redeemIntegral', {}, s.token)
    const c2 = await t.get('/api/turntable/toReceive', { recordId: d2.data.record.id }, s.token)
    expect(c2.data).toMatchObject({ needAddress: false, record: { status: 'received' } })
    expect((await t.get('/api/coupons/mine', { status: 'unused' }, s.token)).data.list.some((c: any) => c.couponId === couponId && c.source === 'prize')).toBe(true)

    await resetPool()
    await prize({ name: '实物好礼', kind: 'goods', goodsId: goods.goodsId, skuId: goods.skuId, weight: 1, stock: 1 })
    const d3 = await t.post('/api/turntable/redeemIntegral', {}, s.token)
    const c3 = await t.get('/api/turntable/toReceive', { recordId: d3.data.record.id }, s.token)
    expect(c3.data).toMatchObject({ needAddress: true, record: { status: 'await_address' } })
    const w = await t.post('/api/turntable/writeAddress', { recordId: d3.data.record.id, addressId: s.addressId }, s.token)
    expect(w.data).toMatchObject({ status: 'to_ship', receiver: { name: '张三', phone: '13812345678', address: '浙江省杭州市西湖区文三路 100 号' } })
    expect((await t.post('/api/turntable/writeAddress', { recordId: d3.data.record.id, addressId: s.addressId }, s.token)).code).toBe(409)
    const out: string[] = []
    expect(await runAdminCommand(['turntable-ship', String(d3.data.record.id), 'SF', 'SF1234567890'], { config: t.ctx.config, db: t.db, out: (l) => out.push(l) })).toBe(0)
    const list = await t.get('/api/turntable/recordList', {}, s.token)
    expect(list.data.list[0]).toMatchObject({ status: 'shipped', shipment: { expressName: '顺丰速运', trackingNo: 'SF1234567890' } })
    expect((await t.get('/api/turntable/recordList', { onlyWon: true }, s.token)).data.total).toBe(3)
    expect(await ledgerConsistent(t, s.memberId)).toBe(true)
  })

  it("refuses claims on no-prize draws and on others' records", async () => {
    await resetPool()
    await prize({ name: '谢谢参与', kind: 'none', weight: 1, unlimited: 1 })
    const a = await shopper(t)
    const b = await shopper(t)
    await givePoints(t, a.memberId, DRAW_COST)
    const d = await t.post('/api/turntable/redeemIntegral', {}, a.token)
    expect(d.data.record.status).toBe('none')
    expect(await t.get('/api/turntable/toReceive', { recordId: d.data.record.id }, a.token)).toMatchObject({ code: 409, msg: '很遗憾未中奖，没有可领取的奖品' })
    expect((await t.get('/api/turntable/toReceive', { recordId: d.data.record.id }, b.token)).code).toBe(404)
    expect((await t.post('/api/turntable/writeAddress', { recordId: d.data.record.id, addressId: b.addressId }, b.token)).code).toBe(404)
  })
})
