/**
 * The flash-sale stock gate: an admission check in front of the database so that a hot item's
 * thousands of doomed attempts never reach it. The database stays the authority (its conditional
 * updates alone guarantee no overselling and no member over the limit); the gate only decides who
 * may try. Being wrong in the generous direction costs one database attempt; being wrong in the
 * stingy direction would leave quota unsold, so the gate reconciles with the database:
 *   - lazily: when it answers "sold out" and has not looked at the database for RECONCILE_MS;
 *   - from the reconcile job every few seconds for the running sessions;
 *   - a reconcile only overwrites the stock when no attempt is in flight (so it never erases one), and only when no
 *     attempt settled since the database was read (else the count it read may miss orders committed meanwhile, and
 *     the gate would admit attempts that the database can only refuse).
 *
 * Two implementations with the same semantics:
 *   - MemoryGate: one process (the default; also fine for several processes, each reconciling);
 *   - RedisGate (REDIS_URL): shared by every server instance; each step is one atomic Lua script.
 *
 * Per item: stock (what the gate still admits), inflight (admitted, not yet settled), per member the
 * quantity admitted (checked against the per-member limit) and the member's attempts in flight (a second
 * attempt while the first is still in the database is answered 'busy' instead of taking stock meanwhile).
 */
/** busy: over the limit counting an attempt of the same member still in flight (a double tap). */
export type GateResult = 'ok' | 'sold_out' | 'limit' | 'busy'

export interface GrantRequest {
  itemId: number
  memberId: number
  quantity: number
  limit: number
  /** Skip the gate's member count (the caller checked the database and the member may still buy). */
  skipMember?: boolean
  /** Seconds the item's keys live (until a while after its session ends). */
  ttlSeconds: number
  /** Reads quota - sold from the database (initialises and reconciles the gate). */
  remaining: () => Promise<number>
}

export interface SeckillGate {
  readonly kind: 'memory' | 'redis'
  grant(req: GrantRequest): Promise<GateResult>
  /** After the database attempt: ok keeps the admission, otherwise it is handed back. */
  settle(itemId: number, memberId: number, quantity: number, ok: boolean): Promise<void>
  /**
   * Sets the stock to the database's remaining quota when nothing is in flight and, given `since` (settled() before
   * the database was read), nothing settled since. True when it did.
   */
  reconcile(itemId: number, dbRemaining: number, ttlSeconds: number, since?: number): Promise<boolean>
  /** How many attempts on the item have settled so far (read before the database, for reconcile's `since`). */
  settled(itemId: number): Promise<number>
  /**
   * Moves the item's stock by delta (the console changed its quota after the database commit), admissions in
   * flight kept. No-op for an item the gate has not loaded yet (it loads the new quota then).
   */
  adjust(itemId: number, delta: number): Promise<void>
  /**
   * True when the gate knows, from a recent look (within RECONCILE_MS for memory, SOLD_OUT_MEMO_MS for Redis),
   * that the item is sold out: such attempts are answered without touching the database or Redis.
   */
  soldOut(itemId: number): boolean
  /**
   * The sold-out answer a crowd gets before it is authenticated: soldOut() when that knows; otherwise, for an item
   * the gate has seen sold out, one look per process (concurrent callers share it): Redis's live count, and the
   * database's remaining quota when the gate has not reconciled for RECONCILE_MS (returned quota goes back on sale
   * as it would on a grant). False for an item the gate has not loaded (the first grant loads it).
   */
  soldOutNow(itemId: number, remaining: () => Promise<number>, ttlSeconds: number): Promise<boolean>
  /** For tests and the bench: the gate's view of an item. */
  peek(itemId: number): Promise<{ stock: number | null; inflight: number }>
  close(): Promise<void>
}

export const RECONCILE_MS = 2000
/** How long a Redis gate's "sold out" answer is trusted locally before asking Redis again. */
export const SOLD_OUT_MEMO_MS = 250

const YES = Promise.resolve(true)
const NO = Promise.resolve(false)

/** One look per item at a time: callers that arrive while it runs share its answer. */
function oneLook(running: Map<number, Promise<boolean>>, itemId: number, look: () => Promise<boolean>): Promise<boolean> {
  let p = running.get(itemId)
  if (!p) {
    p = look().finally(() => running.delete(itemId))
    running.set(itemId, p)
  }
  return p
}

// ---------------------------------------------------------------- memory

interface MemItem {
  stock: number
  inflight: number
  settled: number
  members: Map<number, number>
  memberFlight: Map<number, number>
  checkedAt: number
}

export class MemoryGate implements SeckillGate {
  readonly kind = 'memory' as const
  private items = new Map<number, MemItem>()
  private loading = new Map<number, Promise<void>>()

  private async init(itemId: number, remaining: () => Promise<number>) {
    let p = this.loading.get(itemId)
    if (!p) {
      p = remaining().then((r) => {
        if (!this.items.has(itemId)) this.items.set(itemId, { stock: r, inflight: 0, settled: 0, members: new Map(), memberFlight: new Map(), checkedAt: Date.now() })
      })
      this.loading.set(itemId, p)
      p.finally(() => this.loading.delete(itemId)).catch(() => {})
    }
    await p
  }

  private tryGrant(it: MemItem, req: GrantRequest): GateResult {
    if (it.stock < req.quantity) return 'sold_out'
    const had = it.members.get(req.memberId) || 0
    const flying = it.memberFlight.get(req.memberId) || 0
    if (!req.skipMember && had + req.quantity > req.limit) return flying > 0 ? 'busy' : 'limit'
    it.stock -= req.quantity
    it.inflight += req.quantity
    it.members.set(req.memberId, had + req.quantity)
    it.memberFlight.set(req.memberId, flying + req.quantity)
    return 'ok'
  }

  async grant(req: GrantRequest): Promise<GateResult> {
    if (!this.items.has(req.itemId)) await this.init(req.itemId, req.remaining)
    const it = this.items.get(req.itemId)!
    const r = this.tryGrant(it, req)
    if (r !== 'sold_out' || Date.now() - it.checkedAt < RECONCILE_MS) return r
    it.checkedAt = Date.now()
    const since = it.settled
    await this.reconcile(req.itemId, await req.remaining(), req.ttlSeconds, since)
    return this.tryGrant(it, req)
  }

  async settle(itemId: number, memberId: number, quantity: number, ok: boolean) {
    const it = this.items.get(itemId)
    if (!it) return
    it.settled += 1
    it.inflight = Math.max(0, it.inflight - quantity)
    const flying = (it.memberFlight.get(memberId) || 0) - quantity
    if (flying > 0) it.memberFlight.set(memberId, flying)
    else it.memberFlight.delete(memberId)
    if (ok) return
    it.stock += quantity
    const had = it.members.get(memberId) || 0
    if (had <= quantity) it.members.delete(memberId)
    else it.members.set(memberId, had - quantity)
  }

  async reconcile(itemId: number, dbRemaining: number, _ttlSeconds?: number, since?: number) {
    const it = this.items.get(itemId)
    if (!it) {
      this.items.set(itemId, { stock: dbRemaining, inflight: 0, settled: 0, members: new Map(), memberFlight: new Map(), checkedAt: Date.now() })
      return true
    }
    it.checkedAt = Date.now()
    if (it.inflight > 0 || (since !== undefined && it.settled !== since)) return false
    it.stock = dbRemaining
    return true
  }

  async settled(itemId: number) {
    return this.items.get(itemId)?.settled ?? 0
  }

  async adjust(itemId: number, delta: number) {
    const it = this.items.get(itemId)
    if (it) it.stock += delta
  }

  soldOut(itemId: number) {
    const it = this.items.get(itemId)
    // Admissions in flight may still fail and hand stock back: the live count says so at once.
    return !!it && it.stock <= 0 && Date.now() - it.checkedAt < RECONCILE_MS
  }

  private looking = new Map<number, Promise<boolean>>()

  soldOutNow(itemId: number, remaining: () => Promise<number>, ttlSeconds: number): Promise<boolean> {
    const it = this.items.get(itemId)
    if (!it || it.stock > 0) return NO
    if (Date.now() - it.checkedAt < RECONCILE_MS) return YES
    // Stale: the first caller reconciles with the database (as a grant would), the others wait for that answer.
    return oneLook(this.looking, itemId, async () => {
      it.checkedAt = Date.now()
      const since = it.settled
      await this.reconcile(itemId, await remaining(), ttlSeconds, since)
      return it.stock <= 0
    })
  }

  async peek(itemId: number) {
    const it = this.items.get(itemId)
    return { stock: it ? it.stock : null, inflight: it ? it.inflight : 0 }
  }

  async close() {
    this.items.clear()
  }
}

// ---------------------------------------------------------------- Redis

/** Keys of one item share a hash tag, so the scripts work on Redis Cluster too. */
const keys = (prefix: string, itemId: number) => [
  `${prefix}{sk:${itemId}}:stock`,
  `${prefix}{sk:${itemId}}:inflight`,
  `${prefix}{sk:${itemId}}:members`,
  `${prefix}{sk:${itemId}}:mflight`,
  `${prefix}{sk:${itemId}}:settled`,
]

/** -1: not initialised; 0: sold out; -2: member limit; -3: limit with an attempt of the member in flight; 1: admitted. */
const GRANT_LUA = `
local s = redis.call('GET', KEYS[1])
if not s then return -1 end
s = tonumber(s)
local q = tonumber(ARGV[2])
if s < q then return 0 end
if ARGV[4] ~= '1' then
  local b = tonumber(redis.call('HGET', KEYS[3], ARGV[1]) or '0')
  if b + q > tonumber(ARGV[3]) then
    if tonumber(redis.call('HGET', KEYS[4], ARGV[1]) or '0') > 0 then return -3 end
    return -2
  end
end
redis.call('DECRBY', KEYS[1], q)
redis.call('INCRBY', KEYS[2], q)
redis.call('EXPIRE', KEYS[2], 30)
redis.call('HINCRBY', KEYS[3], ARGV[1], q)
redis.call('EXPIRE', KEYS[3], tonumber(ARGV[5]))
redis.call('HINCRBY', KEYS[4], ARGV[1], q)
redis.call('EXPIRE', KEYS[4], 30)
return 1
`

/** ARGV: member, quantity, ok (1/0). KEYS[5] counts the settled attempts (reconcile's `since`). */
const SETTLE_LUA = `
redis.call('INCR', KEYS[5])
redis.call('EXPIRE', KEYS[5], 86400)
local q = tonumber(ARGV[2])
local i = redis.call('DECRBY', KEYS[2], q)
if i <= 0 then redis.call('DEL', KEYS[2]) end
local f = redis.call('HINCRBY', KEYS[4], ARGV[1], -q)
if f <= 0 then redis.call('HDEL', KEYS[4], ARGV[1]) end
if ARGV[3] == '1' then return 1 end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCRBY', KEYS[1], q) end
local b = redis.call('HINCRBY', KEYS[3], ARGV[1], -q)
if b <= 0 then redis.call('HDEL', KEYS[3], ARGV[1]) end
return 1
`

/** ARGV: remaining, ttl, since ('' for none). Overwrites the stock only when nothing is in flight or settled since. */
const RECONCILE_LUA = `
local i = tonumber(redis.call('GET', KEYS[2]) or '0')
if i > 0 then return 0 end
if ARGV[3] ~= '' and tonumber(redis.call('GET', KEYS[5]) or '0') ~= tonumber(ARGV[3]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[2]))
return 1
`

/** ARGV: delta. Moves the stock of a loaded item (a quota changed by the console). */
const ADJUST_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('INCRBY', KEYS[1], tonumber(ARGV[1]))
return 1
`

interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>
  set(key: string, value: string, ...args: (string | number)[]): Promise<unknown>
  get(key: string): Promise<string | null>
  quit(): Promise<unknown>
  disconnect(): void
}

export class RedisGate implements SeckillGate {
  readonly kind = 'redis' as const
  private checkedAt = new Map<number, number>()
  private soldOutAt = new Map<number, number>()

  constructor(
    private redis: RedisLike,
    private prefix = 'mall:',
    private ownsClient = true,
  ) {}

  async grant(req: GrantRequest): Promise<GateResult> {
    const k = keys(this.prefix, req.itemId).slice(0, 4)
    const run = () => this.redis.eval(GRANT_LUA, 4, ...k, String(req.memberId), req.quantity, req.limit, req.skipMember ? '1' : '0', req.ttlSeconds) as Promise<number>
    let r = Number(await run())
    if (r === -1) {
      // First attempt on this item anywhere: load the remaining quota (only the first SET wins).
      await this.redis.set(k[0], String(await req.remaining()), 'EX', req.ttlSeconds, 'NX')
      this.checkedAt.set(req.itemId, Date.now())
      r = Number(await run())
    } else if (r === 0 && Date.now() - (this.checkedAt.get(req.itemId) || 0) >= RECONCILE_MS) {
      this.checkedAt.set(req.itemId, Date.now())
      const since = await this.settled(req.itemId)
      if (await this.reconcile(req.itemId, await req.remaining(), req.ttlSeconds, since)) r = Number(await run())
    }
    if (r === 0) this.soldOutAt.set(req.itemId, Date.now())
    else this.soldOutAt.delete(req.itemId)
    return r === 1 ? 'ok' : r === -2 ? 'limit' : r === -3 ? 'busy' : 'sold_out'
  }

  soldOut(itemId: number) {
    const at = this.soldOutAt.get(itemId)
    return at !== undefined && Date.now() - at < SOLD_OUT_MEMO_MS
  }

  private looking = new Map<number, Promise<boolean>>()

  soldOutNow(itemId: number, remaining: () => Promise<number>, ttlSeconds: number): Promise<boolean> {
    if (this.soldOut(itemId)) return YES
    // Only for an item this process has seen sold out: anything else goes on to a grant, which loads and counts.
    if (!this.soldOutAt.has(itemId)) return NO
    return oneLook(this.looking, itemId, async () => {
      const stockKey = keys(this.prefix, itemId)[0]
      let stock = await this.redis.get(stockKey)
      if (stock !== null && Number(stock) <= 0 && Date.now() - (this.checkedAt.get(itemId) || 0) >= RECONCILE_MS) {
        this.checkedAt.set(itemId, Date.now())
        const since = await this.settled(itemId)
        if (await this.reconcile(itemId, await remaining(), ttlSeconds, since)) stock = await this.redis.get(stockKey)
      }
      const out = stock !== null && Number(stock) <= 0
      if (out) this.soldOutAt.set(itemId, Date.now())
      else this.soldOutAt.delete(itemId)
      return out
    })
  }

  async settle(itemId: number, memberId: number, quantity: number, ok: boolean) {
    await this.redis.eval(SETTLE_LUA, 5, ...keys(this.prefix, itemId), String(memberId), quantity, ok ? '1' : '0')
  }

  async reconcile(itemId: number, dbRemaining: number, ttlSeconds: number, since?: number) {
    this.checkedAt.set(itemId, Date.now())
    const done = Number(await this.redis.eval(RECONCILE_LUA, 5, ...keys(this.prefix, itemId), String(dbRemaining), ttlSeconds, since === undefined ? '' : String(since))) === 1
    if (done && dbRemaining > 0) this.soldOutAt.delete(itemId)
    return done
  }

  async settled(itemId: number) {
    return Number((await this.redis.get(keys(this.prefix, itemId)[4])) || 0)
  }

  async adjust(itemId: number, delta: number) {
    if (delta > 0) this.soldOutAt.delete(itemId)
    await this.redis.eval(ADJUST_LUA, 1, keys(this.prefix, itemId)[0], delta)
  }

  async peek(itemId: number) {
    const [s, i] = keys(this.prefix, itemId)
    const stock = await this.redis.get(s)
    const inflight = await this.redis.get(i)
    return { stock: stock === null ? null : Number(stock), inflight: Number(inflight || 0) }
  }

  async close() {
    if (this.ownsClient) await this.redis.quit().catch(() => this.redis.disconnect())
  }
}

/** The gate for a configuration: Redis when a URL is given, else memory. */
export function createGate(redisUrl: string, opts: { prefix?: string; onError?: (err: Error) => void } = {}): SeckillGate {
  if (!redisUrl) return new MemoryGate()
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- ioredis is loaded only when REDIS_URL is set
  const Redis = require('ioredis')
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
  redis.on('error', (err: Error) => opts.onError?.(err))
  return new RedisGate(redis, opts.prefix ?? 'mall:')
}
