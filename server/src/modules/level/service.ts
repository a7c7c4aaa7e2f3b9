/**
 * 会员等级 (docs/promotions.md "Member levels"): each member's growth value (a ledger and a balance), the level it
 * gives, and the level's benefits on orders (a pricing step, the points multiplier kept on the order).
 *
 * The level is computed, never stored: the highest enabled level whose threshold ≤ the member's growth. Editing,
 * enabling or disabling a level in the console therefore takes effect at once for everyone, with nothing to resync.
 */
import type { Selectable } from 'kysely'
import type { Conn, Tx } from '../../db/types'
import type { MemberLevelTable } from '../../db/levelTables'
import type { MemberLevelInfo, MyLevel } from '../../../../types/level'
import type { OrderLevelExtras } from '../../../../types/order'
import type { PricingStep } from '../order/pricing'
import type { OrderHook } from '../order/hooks'
import type { OrderEventListener } from '../order/events'
import '../../db/levelTables'
import '../../db/tradeTables'
import '../../db/afterSalesTables'

export type LevelRow = Selectable<MemberLevelTable>

export const toLevelInfo = (r: LevelRow): MemberLevelInfo => ({
  id: r.id,
  name: r.name,
  minGrowth: Number(r.threshold),
  discount: Number(r.discount),
  freeShipping: !!r.freeShipping,
  pointsTenths: Number(r.pointsTenths),
})

/** The enabled levels, lowest threshold first. */
export const enabledLevels = (db: Conn): Promise<LevelRow[]> => db.selectFrom('memberLevels').selectAll().where('enabled', '=', 1).orderBy('threshold').orderBy('id').execute()

/** The highest level whose threshold ≤ growth (levels sorted by threshold ascending), or null. */
export function levelFor<L extends { threshold: number }>(levels: L[], growth: number): L | null {
  let found: L | null = null
  for (const l of levels) if (Number(l.threshold) <= growth) found = l
  return found
}

export async function growthOf(db: Conn, memberId: number): Promise<number> {
  const r = await db.selectFrom('memberGrowth').select('growth').where('memberId', '=', memberId).executeTakeFirst()
  return Number(r?.growth || 0)
}

/** The member's growth, level and next level, with every enabled level (我的等级, mine). */
export async function myLevel(db: Conn, memberId: number): Promise<MyLevel> {
  const [growth, levels] = await Promise.all([growthOf(db, memberId), enabledLevels(db)])
  const level = levelFor(levels, growth)
  const next = levels.find((l) => Number(l.threshold) > growth) || null
  return { growth, level: level && toLevelInfo(level), next: next && toLevelInfo(next), levels: levels.map(toLevelInfo) }
}

/** The level's discount on a line: what a `discount`% price takes off, rounded down to the fen (the shop keeps the fraction). */
export const lineLevelDiscount = (amount: number, discount: number): number => (discount >= 100 ? 0 : Math.floor((amount * (100 - discount)) / 100))

/**
 * The level step of order pricing, first in PRICING_ORDER (before the coupon and the points). Normal orders only: their
 * lines are at the goods' normal price; flash-sale and points-mall orders (their own prices) get no level benefit.
 * - discount: every line pays `discount`% (levelDiscount on the line and the draft); the coupon's thresholds and the
 *   points' cap then see the goods after it;
 * - free shipping: freight 0 (a pickup order has none anyway);
 * - points multiplier: kept on the draft, written on the order (orders.points_tenths) for its completion reward.
 * Nothing to commit: the order row carries levelDiscount and pointsTenths (createOrder).
 */
export const levelPricingStep: PricingStep = {
  name: 'level',
  async apply(db, draft) {
    if (draft.orderType !== 'normal') return
    const [growth, levels] = await Promise.all([growthOf(db, draft.memberId), enabledLevels(db)])
    const level = levelFor(levels, growth)
    if (!level) return
    let total = 0
    for (const l of draft.lines) {
      l.levelDiscount = lineLevelDiscount(l.amount, Number(level.discount))
      total += l.levelDiscount
    }
    draft.levelDiscount = total
    if (level.freeShipping) draft.freightAmount = 0
    draft.pointsTenths = Number(level.pointsTenths)
    const extras: OrderLevelExtras = { name: level.name, discount: Number(level.discount), freeShipping: !!level.freeShipping, pointsTenths: Number(level.pointsTenths) }
    draft.extras.level = extras
  },
}

/** Growth an order gives: 1 per whole yuan paid (freight included). Points-mall orders give none. */
export const growthOfOrder = (o: { orderType: string; payAmount: number }): number => (o.orderType === 'points' ? 0 : Math.floor(Math.max(0, Number(o.payAmount)) / 100))

/**
 * One growth change with its ledger row, exactly once per refKey: the row goes in first (ON CONFLICT DO NOTHING on the
 * unique ref_key, so a second call — even a concurrent one, which waits for the first — changes nothing), then the
 * balance by upsert (a gain) or by a conditional update that never goes below zero (a loss). Returns the change made.
 */
async function changeGrowth(tx: Tx, memberId: number, change: number, kind: 'order' | 'refund', orderId: number, refKey: string, note: string): Promise<number> {
  if (change === 0) return 0
  const t = Date.now()
  const row = await tx
    .insertInto('growthLedger')
    .values({ memberId, change, after: 0, kind, orderId, refKey, note, createdAt: t })
    .onConflict((oc) => oc.column('refKey').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!row) return 0
  let after: number
  if (change > 0) {
    const r = await tx
      .insertInto('memberGrowth')
      .values({ memberId, growth: change, updatedAt: t })
      .onConflict((oc) => oc.column('memberId').doUpdateSet((eb) => ({ growth: eb('memberGrowth.growth', '+', change), updatedAt: t })))
      .returning('growth')
      .executeTakeFirstOrThrow()
    after = Number(r.growth)
  } else {
    const r = await tx
      .updateTable('memberGrowth')
      .set((eb) => ({ growth: eb('growth', '-', -change), updatedAt: t }))
      .where('memberId', '=', memberId)
      .where('growth', '>=', -change)
      .returning('growth')
      .executeTakeFirst()
    if (!r) throw new Error(`growth of member ${memberId} is below ${-change}`) // callers take at most the balance
    after = Number(r.growth)
  }
  await tx.updateTable('growthLedger').set({ after }).where('id', '=', row.id).execute()
  return change
}

/**
 * The 'completed' hook: the order's growth, once per order (ref 'order:<id>'); refunds made before completion take
 * their share back at once.
 */
export const growthCompletedHook: OrderHook = async (tx, { order }) => {
  const g = growthOfOrder(order)
  if (g <= 0) return
  await changeGrowth(tx, order.memberId, g, 'order', order.id, `order:${order.id}`, `订单${order.orderNo}完成`)
  await takeBackGrowthOfRefunds(tx, order, 'completed')
}

/**
 * Growth follows refunds like the points reward: of G given for an order paid P, the member keeps
 * floor(G × (P − refunded) / P), refunded being every succeeded refund of the order. Each call takes what is due and
 * not yet taken in a row keyed by the refund ('refund:<order>:<tag>'), so a repeated event takes nothing more and the
 * take-backs never add up to more than G; never below zero (it takes at most the balance).
 */
export async function takeBackGrowthOfRefunds(tx: Tx, order: { id: number; orderNo: string; memberId: number; payAmount: number }, tag: string): Promise<number> {
  const given = await tx.selectFrom('growthLedger').select('change').where('refKey', '=', `order:${order.id}`).executeTakeFirst()
  const g = Number(given?.change || 0)
  const pay = Number(order.payAmount)
  if (g <= 0 || pay <= 0) return 0
  const refunds = await tx
    .selectFrom('afterSales')
    .select((eb) => eb.fn.sum<number>('refundAmount').as('m'))
    .where('orderId', '=', order.id)
    .where('status', '=', 'refunded')
    .executeTakeFirst()
  const refunded = Math.min(pay, Number(refunds?.m || 0))
  if (refunded <= 0) return 0
  const due = g - Math.floor((g * (pay - refunded)) / pay)
  const back = await tx
    .selectFrom('growthLedger')
    .select((eb) => eb.fn.sum<number>('change').as('n'))
    .where('orderId', '=', order.id)
    .where('kind', '=', 'refund')
    .executeTakeFirst()
  const owed = due + Number(back?.n || 0) // back.n is negative
  const take = Math.min(owed, await growthOf(tx, order.memberId))
  if (take <= 0) return 0
  return -(await changeGrowth(tx, order.memberId, -take, 'refund', order.id, `refund:${order.id}:${tag}`, `订单${order.orderNo}退款`))
}

/** The 'refunded' order event: the growth's share of this refund goes back (once per refund). */
export const growthRefundListener: OrderEventListener<'refunded'> = async (tx, e) => {
  const order = await tx.selectFrom('orders').select(['id', 'orderNo', 'memberId', 'payAmount']).where('id', '=', e.orderId).executeTakeFirst()
  if (order) await takeBackGrowthOfRefunds(tx, order, `as${e.afterSaleId}`)
}
