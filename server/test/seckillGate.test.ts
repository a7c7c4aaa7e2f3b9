import crypto from 'node:crypto'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, requestId, shopper } from './tradeFixtures'
import { RedisGate } from '../src/modules/seckill/gate'
import { reconcileGate, runtimeFor, setGate, submit } from '../src/modules/seckill/service'
import { chinaDay } from '../src/services/chinaTime'
import { expireOrders } from '../src/modules/order/service'

/**
 * The Redis stock gate (REDIS_URL): the Lua scripts against a real Redis, and two server instances
 * (two app contexts, each with its own Redis client) sharing one hot item over one database.
 * Needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379); skipped with a message otherwise.
 */
const REDIS = process.env.TEST_REDIS_URL || ''
if (!REDIS) console.warn('seckillGate.test.ts: TEST_REDIS_URL is not set, the Redis gate tests are skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)')
const describeRedis = REDIS ? describe : describe.skip

const HOUR = 3600_000

function client() {
  const Redis = require('ioredis')
  return new Redis(REDIS, { maxRetriesPerRequest: 2 })
}

describeRedis('Redis gate scripts', () => {
  const prefix = `test:${crypto.randomBytes(4).toString('hex')}:`
  let gate: RedisGate
  beforeAll(() => {
    gate = new RedisGate(client(), prefix)
  })
  afterAll(async () => gate.close())

  it('initialises from the database once, admits within stock and limit, hands back failures', async () => {
    let loads = 0
    const req = (memberId: number, quantity = 1) => ({ itemId: 7, memberId, quantity, limit: 2, ttlSeconds: 120, remaining: async () => (loads++, 3) })
    expect(await gate.grant(req(1))).toBe('ok')
    expect(loads).toBe(1)
    expect(await gate.grant(req(1))).toBe('ok')
    expect(await gate.grant(req(1))).toBe('busy') // both of the member's attempts are still in flight
    expect(await gate.grant(req(2, 2))).toBe('sold_out')
    expect(await gate.grant(req(2))).toBe('ok')
    expect(await gate.peek(7)).toEqual({ stock: 0, inflight: 3 })
    expect(await gate.reconcile(7, 9, 120)).toBe(false)
    await gate.settle(7, 1, 1, true)
    await gate.settle(7, 1, 1, false)
    await gate.settle(7, 2, 1, true)
    expect(await gate.peek(7)).toEqual({ stock: 1, inflight: 0 })
    expect(await gate.reconcile(7, 2, 120)).toBe(true)
    expect(await gate.peek(7)).toEqual({ stock: 2, inflight: 0 })
    expect(await gate.grant(req(1))).toBe('ok')
    await gate.settle(7, 1, 1, true)
    expect(await gate.grant(req(1))).toBe('limit')
  })

  it('is atomic: 200 concurrent grants on a stock of 25 admit exactly 25', async () => {
    const res = await Promise.all(Array.from({ length: 200 }, (_, i) => gate.grant({ itemId: 8, memberId: i, quantity: 1, limit: 1, ttlSeconds: 120, remaining: async () => 25 })))
    expect(res.filter((r) => r === 'ok')).toHaveLength(25)
    expect(await gate.peek(8)).toEqual({ stock: 0, inflight: 25 })
  })
})

describeRedis.each(DIALECTS)('two instances sharing a Redis gate on %s', (dialect) => {
  let t: TestApp
  const prefix = `test:${crypto.randomBytes(4).toString('hex')}:`
  let other: TestApp['ctx']
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    other = { ...t.ctx }
    setGate(t.ctx, new RedisGate(client(), prefix))
    setGate(other, new RedisGate(client(), prefix))
  })
  afterAll(async () => {
    await runtimeFor(other).gate.close()
    await t.close() // closes this instance's gate with the app
  })

  it('sell the quota exactly once between them, and returned quota goes back on sale after reconcile', async () => {
    const now = Date.now()
    const g = await makeGoods(t, { skus: [{ price: 9900, stock: 500 }] })
    const s = await t.db
      .insertInto('seckillSessions')
      .values({ day: chinaDay(now), title: 'redis', startAt: now - HOUR, endAt: now + HOUR, repeatDaily: 0, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const item = await t.db
      .insertInto('seckillItems')
      .values({ sessionId: s.id, goodsId: g.goodsId, skuId: g.skuId, price: 1900, quota: 10, sold: 0, perMemberLimit: 1, sort: 0, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const buyers = await Promise.all(Array.from({ length: 25 }, () => shopper(t)))
    const res = await Promise.all(
      buyers.flatMap((b, i) =>
        [0, 1, 2].map((k) =>
          submit((i + k) % 2 ? other : t.ctx, { memberId: b.memberId, itemId: item.id, quantity: 1, requestId: requestId() }).then(
            (o) => o,
            (e) => e.code,
          ),
        ),
      ),
    )
    const won = res.filter((r) => typeof r === 'object')
    expect(won).toHaveLength(10)
    expect(res.filter((r) => typeof r !== 'object').every((c) => c === 3005 || c === 3006)).toBe(true)
    const row = await t.db.selectFrom('seckillItems').select('sold').where('id', '=', item.id).executeTakeFirstOrThrow()
    expect(row.sold).toBe(10)
    const perMember = await t.db
      .selectFrom('seckillOrders')
      .select(['memberId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('itemId', '=', item.id)
      .groupBy('memberId')
      .execute()
    expect(perMember.every((m) => Number(m.n) === 1)).toBe(true)
    expect(await runtimeFor(t.ctx).gate.peek(item.id)).toEqual({ stock: 0, inflight: 0 })
    // All ten expire unpaid: the database gives the quota back, the reconcile job tells Redis.
    await expireOrders(t.db, t.ctx.modules, Date.now() + 11 * 60_000)
    await reconcileGate(other)
    expect(await runtimeFor(t.ctx).gate.peek(item.id)).toEqual({ stock: 10, inflight: 0 })
    const late = await shopper(t)
    await expect(submit(t.ctx, { memberId: late.memberId, itemId: item.id, quantity: 1, requestId: requestId() })).resolves.toMatchObject({ status: 'unpaid' })
  })
})
