import type { Selectable } from 'kysely'
import type { AppContext } from '../../context'
import type { Conn, Db, Tx } from '../../db/types'
import type { SeckillSessionTable } from '../../db/promotionTables'
import type {
  SeckillDetail,
  SeckillItem,
  SeckillPreview,
  SeckillPreviewRequest,
  SeckillSession,
  SeckillSubmitRequest,
  SeckillSubmitResponse,
  SessionItemsResponse,
  SessionState,
  SessionsResponse,
} from '../../../../types/seckill'
import { AppError, ErrorCode } from '../../errors'
import { defaultAddress, getAddress } from '../address/service'
import type { Contributions } from '../contributions'
import { payPasswordProof as passwordProof } from '../balance/password'
import { FREE_FREIGHT_THRESHOLD, finalizeWithSteps, newDraft, type OrderDraft, type PricingInput } from '../order/pricing'
import type { OrderHook } from '../order/hooks'
import { createOrder, isUniqueViolation, previewOf, reserveStock } from '../order/service'
import { createGate, type SeckillGate } from './gate'
import { observeGate } from '../../services/metrics'
import '../../db/promotionTables'
import { chinaDay, parseChinaTime } from '../../services/chinaTime'

/** Unpaid flash-sale orders expire sooner than normal ones, so unpaid quota goes back on sale quickly. */
export const SECKILL_EXPIRE_MINUTES = 10
/** How long item facts (times, limit, price) are trusted from memory before reading them again. */
const META_TTL_MS = 2000

type SessionRow = Selectable<SeckillSessionTable>

export function sessionState(s: { startAt: number; endAt: number }, now: number): SessionState {
  if (now < s.startAt) return 'upcoming'
  if (now >= s.endAt) return 'ended'
  return 'active'
}

const toSession = (s: SessionRow, now: number): SeckillSession => ({
  id: s.id,
  title: s.title,
  startAt: Number(s.startAt),
  endAt: Number(s.endAt),
  state: sessionState({ startAt: Number(s.startAt), endAt: Number(s.endAt) }, now),
})

// ---------------------------------------------------------------- per-app runtime: gate and item cache

interface ItemMeta {
  id: number
  sessionId: number
  startAt: number
  endAt: number
  perMemberLimit: number
  quota: number
  loadedAt: number
}

/**
 * At most this many purchase transactions per item run at once in one process. They all wait on the same hot
 * rows anyway; the others wait here, in memory, instead of holding database connections that every other
 * request (logins, pages) needs.
 */
export const DB_SLOTS_PER_ITEM = 4

/** A counting semaphore. */
class Slots {
  private free: number
  private waiting: Array<() => void> = []
  constructor(n: number) {
    this.free = n
  }
  async take() {
    if (this.free > 0) {
      this.free -= 1
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }
  give() {
    const next = this.waiting.shift()
    if (next) next()
    else this.free += 1
  }
}

export interface SeckillRuntime {
  gate: SeckillGate
  meta: Map<number, ItemMeta>
  slots: Map<number, Slots>
}

const runtimes = new WeakMap<object, SeckillRuntime>()

/**
 * The instance's gate and item cache, one per app context (created on first use; the routes close the
 * gate with the app). Two contexts are two server instances, even over one database.
 */
export function runtimeFor(ctx: Pick<AppContext, 'db' | 'config' | 'log'> & Partial<Pick<AppContext, 'metrics'>>): SeckillRuntime {
  let rt = runtimes.get(ctx)
  if (!rt) {
    rt = { gate: observeGate(createGate(ctx.config.redisUrl, { onError: (err) => ctx.log.warn({ err: err.message }, 'seckill gate redis error') }), ctx.metrics), meta: new Map(), slots: new Map() }
    runtimes.set(ctx, rt)
  }
  return rt
}

/** Replaces the app's gate (tests use a Redis gate with their own key prefix). */
export function setGate(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, gate: SeckillGate) {
  runtimeFor(ctx).gate = gate
}

async function itemMeta(rt: SeckillRuntime, db: Conn, itemId: number, now: number): Promise<ItemMeta> {
  const hit = rt.meta.get(itemId)
  if (hit && now - hit.loadedAt < META_TTL_MS) return hit
  const r = await db
    .selectFrom('seckillItems as i')
    .innerJoin('seckillSessions as s', 's.id', 'i.sessionId')
    .select(['i.id', 'i.sessionId', 'i.perMemberLimit', 'i.quota', 's.startAt', 's.endAt'])
    .where('i.id', '=', itemId)
    .executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '秒杀商品不存在')
  const m: ItemMeta = { id: r.id, sessionId: r.sessionId, startAt: Number(r.startAt), endAt: Number(r.endAt), perMemberLimit: Number(r.perMemberLimit), quota: Number(r.quota), loadedAt: now }
  rt.meta.set(itemId, m)
  return m
}

const remainingOf = (db: Conn, itemId: number) => async () => {
  const r = await db.selectFrom('seckillItems').select(['quota', 'sold']).where('id', '=', itemId).executeTakeFirst()
  return r ? Math.max(0, Number(r.quota) - Number(r.sold)) : 0
}

const gateTtl = (m: { endAt: number }, now: number) => Math.max(60, Math.ceil((m.endAt - now) / 1000) + 3600)

// ---------------------------------------------------------------- schedule

/**
 * Makes sure today has its sessions: when today has none, the most recent day's repeating sessions
 * are copied to today at the same times with the same goods, prices, quotas and limits (nothing sold).
 * Safe to run from several processes: (day, title) is unique, and only the process whose session row
 * was inserted copies that session's items.
 */
export async function ensureToday(db: Db, now = Date.now()): Promise<number> {
  const today = chinaDay(now)
  const has = await db.selectFrom('seckillSessions').select('id').where('day', '=', today).limit(1).executeTakeFirst()
  if (has) return 0
  const last = await db.selectFrom('seckillSessions').select('day').where('repeatDaily', '=', 1).where('day', '<', today).orderBy('day', 'desc').limit(1).executeTakeFirst()
  if (!last) return 0
  const templates = await db.selectFrom('seckillSessions').selectAll().where('day', '=', last.day).where('repeatDaily', '=', 1).orderBy('startAt').execute()
  let created = 0
  for (const s of templates) {
    await db.transaction().execute(async (tx) => {
      const startAt = parseChinaTime(today, s.title)
      const row = await tx
        .insertInto('seckillSessions')
        .values({ day: today, title: s.title, startAt, endAt: startAt + (Number(s.endAt) - Number(s.startAt)), repeatDaily: 1, createdAt: now })
        .onConflict((oc) => oc.columns(['day', 'title']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!row) return
      created += 1
      const items = await tx.selectFrom('seckillItems').selectAll().where('sessionId', '=', s.id).execute()
      if (items.length)
        await tx
          .insertInto('seckillItems')
          .values(
            items.map((i) => ({ sessionId: row.id, goodsId: i.goodsId, skuId: i.skuId, price: i.price, quota: i.quota, sold: 0, perMemberLimit: i.perMemberLimit, sort: i.sort, createdAt: now })),
          )
          .execute()
    })
  }
  return created
}

// ---------------------------------------------------------------- reads

export async function sessions(db: Db, now = Date.now()): Promise<SessionsResponse> {
  await ensureToday(db, now)
  const day = chinaDay(now)
  // A session belongs to the day it starts, but stays listed for as long as it runs: one that started at 23:00
  // yesterday and ends at 01:00 is still on sale at 00:30 (its details page counts down; the list shows it too).
  const rows = await db
    .selectFrom('seckillSessions')
    .selectAll()
    .where((eb) => eb.or([eb('day', '=', day), eb.and([eb('startAt', '<=', now), eb('endAt', '>', now)])]))
    .orderBy('startAt')
    .orderBy('id')
    .execute()
  const list = rows.map((r) => toSession(r, now))
  const current = list.find((s) => s.state === 'active') || list.find((s) => s.state === 'upcoming') || list[list.length - 1]
  return { now, day, sessions: list, currentId: current?.id ?? null }
}

async function itemRows(db: Conn, where: { sessionId?: number; itemId?: number }) {
  let q = db
    .selectFrom('seckillItems as i')
    .innerJoin('goodsSkus as s', 's.id', 'i.skuId')
    .innerJoin('goods as g', 'g.id', 'i.goodsId')
    .select([
      'i.id',
      'i.sessionId',
      'i.goodsId',
      'i.skuId',
      'i.price',
      'i.quota',
      'i.sold',
      'i.perMemberLimit',
      's.specText',
      's.price as originalPrice',
      's.image as skuImage',
      'g.name',
      'g.mainImage',
      'g.status',
      'g.images',
      'g.detailHtml',
      'g.subtitle',
    ])
  if (where.sessionId) q = q.where('i.sessionId', '=', where.sessionId)
  if (where.itemId) q = q.where('i.id', '=', where.itemId)
  return q.orderBy('i.sort').orderBy('i.id').execute()
}

type JoinedItem = Awaited<ReturnType<typeof itemRows>>[number]

const toItem = (r: JoinedItem): SeckillItem => {
  const quota = Number(r.quota)
  const sold = Number(r.sold)
  return {
    id: r.id,
    sessionId: r.sessionId,
    goodsId: r.goodsId,
    skuId: r.skuId,
    name: r.name,
    image: r.skuImage || r.mainImage,
    specText: r.specText,
    price: Number(r.price),
    originalPrice: Math.max(Number(r.originalPrice), Number(r.price)),
    quota,
    sold,
    soldPercent: quota > 0 ? Math.min(100, Math.floor((sold * 100) / quota)) : 100,
    perMemberLimit: Number(r.perMemberLimit),
  }
}

export async function sessionItems(db: Conn, sessionId: number, now = Date.now()): Promise<SessionItemsResponse> {
  const s = await db.selectFrom('seckillSessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '秒杀场次不存在')
  const rows = await itemRows(db, { sessionId })
  return { now, session: toSession(s, now), items: rows.filter((r) => r.status === 'on').map(toItem) }
}

async function boughtBy(db: Conn, itemId: number, memberId: number) {
  const r = await db.selectFrom('seckillBuyers').select('bought').where('itemId', '=', itemId).where('memberId', '=', memberId).executeTakeFirst()
  return Number(r?.bought || 0)
}

export async function itemDetail(db: Conn, itemId: number, memberId: number | null, now = Date.now()): Promise<SeckillDetail> {
  const [r] = await itemRows(db, { itemId })
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '秒杀商品不存在')
  const s = await db.selectFrom('seckillSessions').selectAll().where('id', '=', r.sessionId).executeTakeFirstOrThrow()
  let images: string[] = []
  try {
    images = JSON.parse(r.images || '[]')
  } catch {
    images = []
  }
  if (!images.length && r.mainImage) images = [r.mainImage]
  return {
    ...toItem(r),
    now,
    session: toSession(s, now),
    images,
    detailHtml: r.detailHtml,
    subtitle: r.subtitle,
    myBought: memberId ? await boughtBy(db, itemId, memberId) : 0,
  }
}

// ---------------------------------------------------------------- pricing

/** The preview request (types/seckill.ts) of a member. */
type DraftInput = SeckillPreviewRequest & { memberId: number; payPasswordProof?: PricingInput['payPasswordProof'] }

// The hot refusals are made once: a crowd of doomed attempts should not pay for stack traces.
const NOT_STARTED = new AppError(ErrorCode.SECKILL_NOT_ACTIVE, '秒杀尚未开始，请稍后再来')
const ENDED = new AppError(ErrorCode.SECKILL_NOT_ACTIVE, '本场秒杀已结束')
const SOLD_OUT = new AppError(ErrorCode.SECKILL_SOLD_OUT, '手慢了，商品已被抢光')
const BUSY = new AppError(ErrorCode.SECKILL_LIMIT, '您的抢购正在处理中，请稍后在订单中查看')

function checkWindow(s: { startAt: number; endAt: number }, now: number) {
  if (now < s.startAt) throw NOT_STARTED
  if (now >= s.endAt) throw ENDED
}

function checkQuantity(quantity: number, limit: number) {
  if (!Number.isInteger(quantity) || quantity < 1) throw new AppError(ErrorCode.BAD_REQUEST, '请选择购买数量')
  if (quantity > limit) throw new AppError(ErrorCode.SECKILL_LIMIT, `每人限购${limit}件`)
}

/**
 * A flash-sale order priced like any order: the flash price, free shipping, then the registered pricing
 * steps (coupons: only those whose rules allow flash-sale goods; points: not on flash-sale orders).
 */
async function seckillDraft(db: Conn, modules: Contributions, item: JoinedItem, input: DraftInput): Promise<OrderDraft> {
  if (item.status !== 'on') throw new AppError(ErrorCode.GOODS_OFF_SHELF, `「${item.name}」已下架`)
  const address = input.addressId ? await getAddress(db, input.memberId, input.addressId) : await defaultAddress(db, input.memberId)
  const price = Number(item.price)
  const amount = price * input.quantity
  const stock = await db.selectFrom('goodsSkus').select('stock').where('id', '=', item.skuId).executeTakeFirst()
  const draft = newDraft({
    memberId: input.memberId,
    from: 'buyNow',
    orderType: 'seckill',
    lines: [
      {
        skuId: item.skuId,
        goodsId: item.goodsId,
        goodsName: item.name,
        image: item.skuImage || item.mainImage,
        specText: item.specText,
        price,
        quantity: input.quantity,
        stock: Number(stock?.stock || 0),
        amount,
        payAmount: amount,
        cartItemId: null,
      },
    ],
    address,
  })
  const pricingInput: PricingInput = {
    memberId: input.memberId,
    from: 'buyNow',
    skuId: item.skuId,
    quantity: input.quantity,
    addressId: input.addressId,
    couponId: input.couponId,
    useBalance: input.useBalance,
    balanceAmount: input.balanceAmount,
    payPasswordProof: input.payPasswordProof,
    orderType: 'seckill',
  }
  for (const step of modules.pricingSteps) await step.apply(db, draft, pricingInput)
  return finalizeWithSteps(db, modules, draft, pricingInput)
}

export async function preview(db: Conn, modules: Contributions, input: DraftInput, now = Date.now()): Promise<SeckillPreview> {
  const [item] = await itemRows(db, { itemId: input.itemId })
  if (!item) throw new AppError(ErrorCode.NOT_FOUND, '秒杀商品不存在')
  const s = await db.selectFrom('seckillSessions').selectAll().where('id', '=', item.sessionId).executeTakeFirstOrThrow()
  checkQuantity(input.quantity, Number(item.perMemberLimit))
  return {
    ...previewOf(await seckillDraft(db, modules, item, input), FREE_FREIGHT_THRESHOLD),
    item: toItem(item),
    session: toSession(s, now),
    myBought: await boughtBy(db, item.id, input.memberId),
  }
}

// ---------------------------------------------------------------- submit

/**
 * The database part of a flash-sale purchase, in one transaction:
 * 1. the order through the trade module (its row and lines, the coupon's use), and the link to the item;
 * 2. then the contended rows, last, so their locks are held for the shortest time: the SKU's stock
 *    (`stock >= n`), the item's quota (`sold + n <= quota`), the member's count (`bought + n <= limit`),
 *    all conditional updates, in the same order as a cancel (SKU, goods, item, buyer: no deadlock).
 * Any refusal rolls everything back.
 */
async function placeOrder(tx: Tx, modules: Contributions, input: SeckillSubmitRequest & Omit<DraftInput, keyof SeckillPreviewRequest>, now: number) {
  const [item] = await itemRows(tx, { itemId: input.itemId })
  if (!item) throw new AppError(ErrorCode.NOT_FOUND, '秒杀商品不存在')
  const s = await tx.selectFrom('seckillSessions').select(['startAt', 'endAt']).where('id', '=', item.sessionId).executeTakeFirstOrThrow()
  checkWindow({ startAt: Number(s.startAt), endAt: Number(s.endAt) }, now)
  checkQuantity(input.quantity, Number(item.perMemberLimit))
  const draft = await seckillDraft(tx, modules, item, input)
  if (!draft.address) throw new AppError(ErrorCode.BAD_REQUEST, '请先添加收货地址')
  const q = input.quantity
  const o = await createOrder(tx, modules, draft, { requestId: input.requestId, remark: input.remark, expireMinutes: SECKILL_EXPIRE_MINUTES, now, reserveStock: false })
  await tx.insertInto('seckillOrders').values({ orderId: o.id, itemId: item.id, memberId: input.memberId, quantity: q, returned: 0, createdAt: now }).execute()
  await tx
    .insertInto('seckillBuyers')
    .values({ itemId: item.id, memberId: input.memberId, bought: 0 })
    .onConflict((oc) => oc.columns(['itemId', 'memberId']).doNothing())
    .execute()
  // The hot rows.
  await reserveStock(tx, { skuId: item.skuId, goodsId: item.goodsId, quantity: q, goodsName: item.name })
  const sold = await tx
    .updateTable('seckillItems')
    .set((eb) => ({ sold: eb('sold', '+', q) }))
    .where('id', '=', item.id)
    .where((eb) => eb('sold', '<=', eb('quota', '-', q)))
    .executeTakeFirst()
  if (Number(sold.numUpdatedRows) !== 1) throw SOLD_OUT
  const mine = await tx
    .updateTable('seckillBuyers')
    .set((eb) => ({ bought: eb('bought', '+', q) }))
    .where('itemId', '=', item.id)
    .where('memberId', '=', input.memberId)
    .where('bought', '<=', Number(item.perMemberLimit) - q)
    .executeTakeFirst()
  if (Number(mine.numUpdatedRows) !== 1) throw new AppError(ErrorCode.SECKILL_LIMIT, `每人限购${item.perMemberLimit}件，您已抢购过了`)
  return { orderNo: o.orderNo, payAmount: o.payAmount, status: o.status, expireAt: o.expireAt, existing: false }
}

async function byRequest(db: Conn, memberId: number, requestId: string): Promise<SeckillSubmitResponse | null> {
  const o = await db.selectFrom('orders').select(['orderNo', 'payAmount', 'status', 'expireAt']).where('memberId', '=', memberId).where('requestId', '=', requestId).executeTakeFirst()
  return o ? { orderNo: o.orderNo, payAmount: Number(o.payAmount), status: o.status, expireAt: Number(o.expireAt), existing: true } : null
}

/**
 * The answers that need no member and no database: an unknown item (from the item cache), a session not
 * running, or an item the gate knows is sold out. The submit route gives these before it authenticates, so
 * a crowd hammering a sold-out item costs no database work. (They are public facts: the lists show them.)
 */
export async function publicRefusal(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, itemId: number, now = Date.now()): Promise<AppError | null> {
  const rt = runtimeFor(ctx)
  const meta = await itemMeta(rt, ctx.db, itemId, now)
  if (now < meta.startAt) return NOT_STARTED
  if (now >= meta.endAt) return ENDED
  return (await rt.gate.soldOutNow(itemId, remainingOf(ctx.db, itemId), gateTtl(meta, now))) ? SOLD_OUT : null
}

/**
 * A flash-sale attempt. Cheap refusals first (from memory: session window, quantity over the limit),
 * then the gate (sold out / member limit without touching the database), then the database
 * transaction, which alone decides. The gate is told the outcome so it hands back what was not taken.
 * A repeated requestId answers the first order.
 */
export async function submit(ctx: Pick<AppContext, 'db' | 'config' | 'log' | 'modules'>, input: SeckillSubmitRequest & { memberId: number }, now = Date.now()): Promise<SeckillSubmitResponse> {
  const { db } = ctx
  const rt = runtimeFor(ctx)
  const before = await byRequest(db, input.memberId, input.requestId)
  if (before) return before
  const meta = await itemMeta(rt, db, input.itemId, now)
  checkWindow(meta, now)
  checkQuantity(input.quantity, meta.perMemberLimit)
  // 支付密码 before the gate and the transaction (a wrong try stays counted; balance/password.ts).
  const payPasswordProof = await passwordProof(db, input.memberId, input.payPassword)
  const q = input.quantity
  const grant = { itemId: meta.id, memberId: input.memberId, quantity: q, limit: meta.perMemberLimit, ttlSeconds: gateTtl(meta, now), remaining: remainingOf(db, meta.id) }
  let gated = true
  try {
    let g = await rt.gate.grant(grant)
    if (g === 'busy') throw BUSY
    if (g === 'limit') {
      // The gate counts admissions; the database knows what was bought (a cancelled order gives the limit back).
      if ((await boughtBy(db, meta.id, input.memberId)) + q > meta.perMemberLimit) throw new AppError(ErrorCode.SECKILL_LIMIT, `每人限购${meta.perMemberLimit}件，您已抢购过了`)
      g = await rt.gate.grant({ ...grant, skipMember: true })
    }
    if (g === 'sold_out') throw SOLD_OUT
  } catch (err) {
    if (err instanceof AppError) throw err
    // The gate is only an optimisation: without Redis the database still decides alone.
    ctx.log.warn({ err: (err as Error).message }, 'seckill gate unavailable, trying the database directly')
    gated = false
  }
  let ok = false
  let slots = rt.slots.get(meta.id)
  if (!slots) rt.slots.set(meta.id, (slots = new Slots(DB_SLOTS_PER_ITEM)))
  await slots.take()
  try {
    const r = await db.transaction().execute((tx) => placeOrder(tx, ctx.modules, { ...input, payPasswordProof }, now))
    ok = true
    return r
  } catch (err) {
    if (isUniqueViolation(err)) {
      const same = await byRequest(db, input.memberId, input.requestId)
      if (same) return same
    }
    throw err
  } finally {
    slots.give()
    if (gated) await rt.gate.settle(meta.id, input.memberId, q, ok).catch((err) => ctx.log.warn({ err: err.message }, 'seckill gate settle failed'))
  }
}

/** Reconciles the gate with the database for the items of sessions running now (the reconcile job). */
export async function reconcileGate(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, now = Date.now()): Promise<number> {
  const rt = runtimeFor(ctx)
  const rows = await ctx.db
    .selectFrom('seckillItems as i')
    .innerJoin('seckillSessions as s', 's.id', 'i.sessionId')
    .select(['i.id', 'i.quota', 'i.sold', 's.endAt'])
    .where('s.startAt', '<=', now + 60_000)
    .where('s.endAt', '>', now)
    .execute()
  let n = 0
  for (const r of rows) {
    // The item's remaining quota read again after the gate's settle count, so that reconcile can tell a stale read.
    const since = await rt.gate.settled(r.id)
    if (await rt.gate.reconcile(r.id, await remainingOf(ctx.db, r.id)(), gateTtl({ endAt: Number(r.endAt) }, now), since)) n += 1
  }
  return n
}

// ---------------------------------------------------------------- cancel / expiry

/** A cancelled or expired unpaid flash-sale order returns its quota and the member's count, once. */
export const seckillCancelledHook: OrderHook = async (tx, { order }) => {
  if (order.orderType !== 'seckill') return
  const so = await tx.selectFrom('seckillOrders').selectAll().where('orderId', '=', order.id).executeTakeFirst()
  if (!so) return
  const res = await tx.updateTable('seckillOrders').set({ returned: 1 }).where('id', '=', so.id).where('returned', '=', 0).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return
  const q = so.quantity
  await tx
    .updateTable('seckillItems')
    .set((eb) => ({ sold: eb('sold', '-', q) }))
    .where('id', '=', so.itemId)
    .where('sold', '>=', q)
    .execute()
  await tx
    .updateTable('seckillBuyers')
    .set((eb) => ({ bought: eb('bought', '-', q) }))
    .where('itemId', '=', so.itemId)
    .where('memberId', '=', so.memberId)
    .where('bought', '>=', q)
    .execute()
}
