import { sql } from 'kysely'
import type { Conn } from '../../db/types'
import { dialectOf } from '../../db'
import { AppError, ErrorCode } from '../../errors'

/**
 * 每人限购 and 起购数量 (issue 34, goods.per_member_limit / min_quantity, 0 = none; docs/orders.md "Purchase limits").
 * A member's units of a goods are those of their orders that are not cancelled (unpaid ones included), less the
 * units refunded: a refund gives the allowance back, as a cancel does.
 */
export interface LimitLine {
  goodsId: number
  goodsName: string
  quantity: number
}

export interface GoodsLimit {
  goodsId: number
  perMemberLimit: number
  minQuantity: number
  /** Units the member already holds (counted only for goods with a limit). */
  bought: number
}

/** Units of each goods the member holds in orders that are not cancelled, refunded units given back. */
export async function boughtUnits(db: Conn, memberId: number, goodsIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (!goodsIds.length) return out
  const rows = await db
    .selectFrom('orderItems as i')
    .innerJoin('orders as o', 'o.id', 'i.orderId')
    .select(['i.goodsId', sql<number>`SUM(i.quantity - i.refunded_quantity)`.as('units')])
    .where('o.memberId', '=', memberId)
    .where('o.status', '!=', 'cancelled')
    .where('i.goodsId', 'in', goodsIds)
    .groupBy('i.goodsId')
    .execute()
  for (const r of rows) out.set(r.goodsId, Number(r.units) || 0)
  return out
}

/** The rules of the given goods and, for those with a limit, what the member holds already. */
export async function goodsLimits(db: Conn, memberId: number | null, goodsIds: number[]): Promise<Map<number, GoodsLimit>> {
  const out = new Map<number, GoodsLimit>()
  const ids = [...new Set(goodsIds)]
  if (!ids.length) return out
  const rows = await db.selectFrom('goods').select(['id', 'perMemberLimit', 'minQuantity']).where('id', 'in', ids).execute()
  const limited = rows.filter((r) => r.perMemberLimit > 0).map((r) => r.id)
  const bought = memberId && limited.length ? await boughtUnits(db, memberId, limited) : new Map<number, number>()
  for (const r of rows) out.set(r.id, { goodsId: r.id, perMemberLimit: r.perMemberLimit, minQuantity: r.minQuantity, bought: bought.get(r.id) ?? 0 })
  return out
}

export const limitMessage = (name: string, limit: number, bought: number) => `「${name}」每人限购${limit}件${bought > 0 ? `，您已购买${bought}件` : ''}`
export const minimumMessage = (name: string, min: number) => `「${name}」${min}件起购`

/**
 * Refuses lines that break a goods' rules (code 2005). `lock` (order submission, inside its transaction): on
 * PostgreSQL the member's row is locked first (SELECT … FOR UPDATE) when a goods has a limit, so two submissions of
 * one member count one after the other: the second waits for the first to commit and then counts its order.
 * SQLite runs one transaction at a time already.
 */
export async function checkPurchaseLimits(db: Conn, memberId: number, lines: LimitLine[], opts: { lock?: boolean } = {}) {
  const units = new Map<number, { name: string; quantity: number }>()
  for (const l of lines) {
    const u = units.get(l.goodsId) ?? { name: l.goodsName, quantity: 0 }
    u.quantity += l.quantity
    units.set(l.goodsId, u)
  }
  const ids = [...units.keys()]
  if (!ids.length) return
  const rules = await db.selectFrom('goods').select(['id', 'perMemberLimit', 'minQuantity']).where('id', 'in', ids).execute()
  for (const r of rules) {
    const u = units.get(r.id)!
    if (r.minQuantity > 0 && u.quantity < r.minQuantity) throw new AppError(ErrorCode.PURCHASE_LIMIT, minimumMessage(u.name, r.minQuantity), { goodsId: r.id, minQuantity: r.minQuantity })
  }
  const limited = rules.filter((r) => r.perMemberLimit > 0)
  if (!limited.length) return
  if (opts.lock && dialectOf(db) === 'postgres') await db.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute()
  const bought = await boughtUnits(
    db,
    memberId,
    limited.map((r) => r.id),
  )
  for (const r of limited) {
    const u = units.get(r.id)!
    const had = bought.get(r.id) ?? 0
    if (had + u.quantity > r.perMemberLimit) throw new AppError(ErrorCode.PURCHASE_LIMIT, limitMessage(u.name, r.perMemberLimit, had), { goodsId: r.id, perMemberLimit: r.perMemberLimit, bought: had })
  }
}

/**
 * The cart's side of 每人限购 (adding to it, changing a line's quantity): what the member holds already plus what
 * their cart would then hold of the goods must stay within the limit. `cartUnits`: the cart's units of the goods
 * after the change. The order is still checked when it is priced (the cart is no reservation).
 */
export async function checkCartAllowance(db: Conn, memberId: number, goodsId: number, cartUnits: number) {
  const g = await db.selectFrom('goods').select(['name', 'perMemberLimit']).where('id', '=', goodsId).executeTakeFirst()
  if (!g || g.perMemberLimit <= 0) return
  const had = (await boughtUnits(db, memberId, [goodsId])).get(goodsId) ?? 0
  if (had + cartUnits > g.perMemberLimit) throw new AppError(ErrorCode.PURCHASE_LIMIT, limitMessage(g.name, g.perMemberLimit, had), { goodsId, perMemberLimit: g.perMemberLimit, bought: had })
}
