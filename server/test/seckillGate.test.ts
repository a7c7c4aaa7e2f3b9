import crypto from 'node:crypto'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, requestId, shopper } from './tradeFixtures'
import { MemoryGate, RECONCILE_MS, RedisGate, SOLD_OUT_MEMO_MS, type SeckillGate } from '../src/modules/seckill/gate'
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

// Both gates: a reconcile that read the database before an attempt settled does not overwrite the stock, and the
// sold-out answer given before authentication looks once for a crowd (and reconciles when stale).
const gates: Array<[string, () => SeckillGate, boolean]> = [
  ['memory', () => new MemoryGate(), true],
  ['Redis', () => new RedisGate(client(), `test:${crypto.randomBytes(4).toString('hex')}:`), !!REDIS],
]
describe.each(gates)('the %s gate', (_name, make, available) => {
  const maybe = available ? it : it.skip
  const req = (itemId: number, memberId: number, remaining: () => Promise<number>) => ({ itemId, memberId, quantity: 1, limit: 1, ttlSeconds: 120, remaining })

  maybe('refuses a reconcile whose database read may have missed an attempt that settled meanwhile', async () => {
    const gate = make()
    try {
      expect(await gate.grant(req(21, 1, async () => 2))).toBe('ok')
      const since = await gate.settled(21)
      // The database was read here (1 left), then the attempt committed and settled (0 left).
      await gate.settle(21, 1, 1, true)
      expect(await gate.reconcile(21, 1, 120, since)).toBe(false)
      expect(await gate.peek(21)).toMatchObject({ stock: 1, inflight: 0 })
      expect(await gate.reconcile(21, 1, 120, await gate.settled(21))).toBe(true)
    } finally {
      await gate.close()
    }
  })

  maybe('answers sold out before authentication with one look for a crowd, and sees returned quota when stale', async () => {
    const gate = make()
    let reads = 0
    const remaining = async () => (reads++, 0)
    try {
      // An item the gate has not loaded (or not seen sold out) goes on to a grant.
      expect(await gate.soldOutNow(22, remaining, 120)).toBe(false)
      expect(await gate.grant(req(22, 1, async () => 1))).toBe('ok')
      await gate.settle(22, 1, 1, true)
      expect(await gate.grant(req(22, 2, remaining))).toBe('sold_out')
      expect(await gate.soldOutNow(22, remaining, 120)).toBe(true)
      const readsBefore = reads
      // After the local memo (Redis) or the reconcile interval (memory): one look shared by the crowd.
      const realNow = Date.now
      Date.now = () => realNow() + RECONCILE_MS + SOLD_OUT_MEMO_MS
      try {
        const answers = await Promise.all(Array.from({ length: 20 }, () => gate.soldOutNow(22, remaining, 120)))
        expect(answers.every(Boolean)).toBe(true)
        expect(reads - readsBefore).toBe(1)
        // A cancelled order gave one back in the database: the next stale look puts it on sale again.
        Date.now = () => realNow() + 2 * (RECONCILE_MS + SOLD_OUT_MEMO_MS)
        expect(await gate.soldOutNow(22, async () => 1, 120)).toBe(false)
        expect(await gate.grant(req(22, 3, async () => 1))).toBe('ok')
      } finally {
        Date.now = realNow
      }
    } finally {
      await gate.close()
    }
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
