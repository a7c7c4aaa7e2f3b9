import type { Selectable } from 'kysely'
import type { Conn, Db, Tx } from '../../db/types'
import type { OrderItemTable, OrderTable } from '../../db/tradeTables'
import { commissionOf } from '../../../../types/agent'
import type { OrderEvent, OrderHook } from '../order/hooks'
import type { OrderRefundedEvent } from '../order/events'
import { moveMoney } from './account'
import { DAY, num } from './util'
import { bindingExpiresAt, ratesFor, storedRules, teamRatesFor } from './rules'
import { parentOf } from './team'
import './tables'

/**
 * Commission (docs/agent.md):
 * - an order paid by a shopper bound to an active agent shop (orders.bound_business_id, snapshot at submit)
 *   earns the shop a commission per line whose goods is on the agent's shelf (agent_goods 'on') at payment;
 * - rate: fixed at submission (agent_order_terms, rules.ts: goods > category > default); amount = floor(line pay amount × rate);
 * - normal orders only (flash-sale and points orders earn none), never on the agent's own orders;
 * - frozen at payment; release time = receipt + the order's freeze days (rules, fixed at submission); the release job makes it available
 *   (not while an after-sales case is open); a refund while frozen shrinks it in proportion to what stays paid,
 *   a full refund or a cancel cancels it. Released commission is final.
 * - second level (two-level distribution): the parent of the order's shop (agent_parents) earns a second commission
 *   row on each line that earns the first level, at the second-level rate fixed at submission (terms.parent_rate),
 *   if the parent is active at payment and is not the buyer. Each level is its own row (commissions.level) in its
 *   own shop's account: frozen, released, reduced and cancelled by the same code, so each shop's ledger identities
 *   hold unchanged and per level.
 */

type OrderRow = Selectable<OrderTable>
type ItemRow = Selectable<OrderItemTable>

/**
 * Fixes each line's commission terms when the order is submitted (hook 'created'): the rate under the agent rules
 * then in force and the freeze days, so a later change of the rules applies to new orders only. A buyer whose
 * binding has lapsed (rules: binding for N days) gets rate 0: the order earns nothing.
 */
export async function fixCommissionTerms(tx: Conn, order: OrderRow, items: ItemRow[], t = Date.now()) {
  if (!order.boundBusinessId || order.orderType !== 'normal' || !items.length) return
  const rules = await storedRules(tx)
  const expires = await bindingExpiresAt(tx, order.memberId, rules)
  const lapsed = expires !== null && expires <= num(order.createdAt || t)
  const goodsIds = [...new Set(items.map((i) => i.goodsId))]
  const rates = await ratesFor(tx, goodsIds, rules, order.boundBusinessId)
  const parentShopId = await parentOf(tx, order.boundBusinessId)
  const teamRates = parentShopId ? await teamRatesFor(tx, goodsIds, rules) : new Map<number, number>()
  for (const i of items) {
    await tx
      .insertInto('agentOrderTerms')
      .values({
        orderItemId: i.id,
        orderId: order.id,
        shopId: order.boundBusinessId,
        rate: lapsed ? 0 : (rates.get(i.goodsId) ?? rules.defaultRate),
        freezeDays: rules.freezeDays,
        parentShopId,
        parentRate: lapsed || !parentShopId ? 0 : (teamRates.get(i.goodsId) ?? rules.teamDefaultRate),
        createdAt: t,
      })
      .onConflict((oc) => oc.column('orderItemId').doNothing())
      .execute()
  }
}

/**
 * The order's terms by line, and its freeze days (orders submitted before the terms existed: the rules now). The
 * second level by line: its parent shop and rate (orders submitted before migration 102: none).
 */
async function termsOf(tx: Conn, orderId: number) {
  const rows = await tx.selectFrom('agentOrderTerms').selectAll().where('orderId', '=', orderId).execute()
  return {
    rates: new Map(rows.map((r) => [r.orderItemId, num(r.rate)])),
    team: new Map(rows.filter((r) => r.parentShopId).map((r) => [r.orderItemId, { shopId: num(r.parentShopId), rate: num(r.parentRate) }])),
    freezeDays: rows.length ? num(rows[0].freezeDays) : (await storedRules(tx)).freezeDays,
  }
}

/** One commission row (level 1 or 2) of a line, frozen; answers its amount, 0 if there was one already (idempotent). */
async function insertCommission(tx: Conn, c: { shopId: number; sourceShopId: number; level: 1 | 2; order: OrderRow; item: ItemRow; rate: number; releaseAt: number | null }, t: number) {
  const base = num(c.item.payAmount)
  const refunded = Math.min(base, num(c.item.refundedAmount))
  const amount = commissionOf(base - refunded, c.rate)
  if (amount <= 0) return 0
  const inserted = await tx
    .insertInto('commissions')
    .values({
      shopId: c.shopId,
      sourceShopId: c.sourceShopId,
      level: c.level,
      orderId: c.order.id,
      orderItemId: c.item.id,
      buyerId: c.order.memberId,
      goodsId: c.item.goodsId,
      baseAmount: base,
      rate: c.rate,
      refundedBase: refunded,
      originalAmount: commissionOf(base, c.rate),
      amount,
      status: 'frozen',
      releaseAt: c.releaseAt,
      releasedAt: null,
      cancelledAt: null,
      createdAt: t,
      updatedAt: t,
    })
    .onConflict((oc) => oc.columns(['orderItemId', 'level']).doNothing())
    .returning('amount')
    .executeTakeFirst()
  return inserted ? num(inserted.amount) : 0
}

/**
 * Books frozen commission for a paid order (idempotent: one commission per order line and level): the first level
 * for the order's shop, the second for that shop's parent on the same lines. Answers the first level's total.
 */
export async function bookCommission(tx: Conn, order: OrderRow, items: ItemRow[], t = Date.now()): Promise<number> {
  if (!order.boundBusinessId || order.orderType !== 'normal' || !items.length) return 0
  const shop = await tx.selectFrom('agentShops').select(['id', 'memberId', 'status', 'shopName']).where('id', '=', order.boundBusinessId).executeTakeFirst()
  if (!shop || shop.status !== 'active' || shop.memberId === order.memberId) return 0
  const goodsIds = [...new Set(items.map((i) => i.goodsId))]
  const shelf = await tx.selectFrom('agentGoods').select('goodsId').where('shopId', '=', shop.id).where('status', '=', 'on').where('goodsId', 'in', goodsIds).execute()
  const onShelf = new Set(shelf.map((s) => s.goodsId))
  if (!onShelf.size) return 0
  const terms = await termsOf(tx, order.id)
  const current = terms.rates.size ? null : await ratesFor(tx, goodsIds, undefined, shop.id)
  const rateOf = (item: ItemRow) => (current ? (current.get(item.goodsId) ?? 0) : (terms.rates.get(item.id) ?? 0))
  const releaseAt = order.receivedAt ? num(order.receivedAt) + terms.freezeDays * DAY : null
  // The second level: the parent fixed in the terms, if it is still active and is not the buyer.
  const parentIds = [...new Set([...terms.team.values()].map((p) => p.shopId))]
  const parents = parentIds.length ? await tx.selectFrom('agentShops').select(['id', 'memberId', 'status']).where('id', 'in', parentIds).execute() : []
  const earning = new Set(parents.filter((p) => p.status === 'active' && p.memberId !== order.memberId).map((p) => p.id))
  let total = 0
  const team = new Map<number, number>()
  for (const item of items) {
    if (!onShelf.has(item.goodsId)) continue
    total += await insertCommission(tx, { shopId: shop.id, sourceShopId: shop.id, level: 1, order, item, rate: rateOf(item), releaseAt }, t)
    const p = terms.team.get(item.id)
    if (!p || !earning.has(p.shopId)) continue
    const amount = await insertCommission(tx, { shopId: p.shopId, sourceShopId: shop.id, level: 2, order, item, rate: p.rate, releaseAt }, t)
    if (amount > 0) team.set(p.shopId, (team.get(p.shopId) || 0) + amount)
  }
  if (total > 0) await moveMoney(tx, shop.id, { frozen: total }, { type: 'commission_frozen', orderId: order.id, note: `订单${order.orderNo}佣金，售后期满后结算` }, t)
  for (const [parentId, amount] of team)
    await moveMoney(tx, parentId, { frozen: amount }, { type: 'commission_frozen', orderId: order.id, note: `下级代理「${shop.shopName}」订单${order.orderNo}的二级佣金，售后期满后结算` }, t)
  return total
}

/** Receipt starts the after-sales window: frozen commission is released at receipt + afterSalesDays. */
export async function scheduleRelease(tx: Conn, order: OrderRow, t = Date.now()) {
  const afterSalesDays = (await termsOf(tx, order.id)).freezeDays
  const receivedAt = order.receivedAt ? num(order.receivedAt) : t
  await tx
    .updateTable('commissions')
    .set({ releaseAt: receivedAt + afterSalesDays * DAY, updatedAt: t })
    .where('orderId', '=', order.id)
    .where('status', '=', 'frozen')
    .execute()
}

/**
 * Shrinks the order's frozen commissions after a refund: each refunded line's commission becomes
 * floor((line pay amount − refunded so far) × rate), never more than it was; `'all'` (a cancel, or a refund of
 * every unit) cancels them. One ledger entry for the order. Released commission is never touched (final).
 */
export async function reduceCommissions(tx: Conn, orderId: number, refunds: Map<number, number> | 'all', t = Date.now()): Promise<number> {
  const rows = await tx.selectFrom('commissions').selectAll().where('orderId', '=', orderId).where('status', '=', 'frozen').orderBy('id').execute()
  if (!rows.length) return 0
  // Per shop (the order's shop at level 1, its parent at level 2): what was taken out and what stays frozen.
  const byShop = new Map<number, { total: number; left: number }>()
  const at = (shopId: number) => byShop.get(shopId) ?? byShop.set(shopId, { total: 0, left: 0 }).get(shopId)!
  for (const c of rows) {
    const refunded = refunds === 'all' ? num(c.baseAmount) : Math.min(num(c.baseAmount), num(c.refundedBase) + (refunds.get(c.orderItemId) || 0))
    const target = refunds === 'all' ? 0 : Math.min(num(c.amount), commissionOf(num(c.baseAmount) - refunded, num(c.rate)))
    const diff = num(c.amount) - target
    if (diff <= 0 && refunded === num(c.refundedBase)) {
      at(c.shopId).left += num(c.amount)
      continue
    }
    const res = await tx
      .updateTable('commissions')
      .set({ amount: target, refundedBase: refunded, status: target === 0 ? 'cancelled' : 'frozen', cancelledAt: target === 0 ? t : null, updatedAt: t })
      .where('id', '=', c.id)
      .where('status', '=', 'frozen')
      .where('amount', '=', c.amount)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) continue
    at(c.shopId).total += diff
    at(c.shopId).left += target
  }
  let total = 0
  const order = byShop.size ? await tx.selectFrom('orders').select('orderNo').where('id', '=', orderId).executeTakeFirst() : undefined
  for (const [shopId, s] of byShop) {
    if (s.total <= 0) continue
    await moveMoney(
      tx,
      shopId,
      { frozen: -s.total },
      {
        type: s.left === 0 ? 'commission_cancelled' : 'commission_adjusted',
        orderId,
        note: `订单${order?.orderNo || ''}${refunds === 'all' && !s.left ? '取消或全额退款' : '部分退款'}，扣减冻结佣金`,
      },
      t,
    )
    total += s.total
  }
  return total
}

/** The 'refunded' order event (after-sales): the refunded lines' money reduces their frozen commission. */
export async function onOrderRefunded(tx: Conn, e: Pick<OrderRefundedEvent, 'orderId' | 'items' | 'fullyRefunded'>): Promise<number> {
  if (e.fullyRefunded) return reduceCommissions(tx, e.orderId, 'all')
  const refunds = new Map<number, number>()
  for (const i of e.items) refunds.set(i.orderItemId, (refunds.get(i.orderItemId) || 0) + num(i.amount))
  return reduceCommissions(tx, e.orderId, refunds)
}

/**
 * The release job: frozen commissions whose release time has passed and whose order has no open after-sales
 * case become available, one transaction per order. Returns how many commissions it released.
 */
export async function releaseDueCommissions(db: Db, now = Date.now(), limit = 500): Promise<number> {
  const due = await db
    .selectFrom('commissions as c')
    .innerJoin('orders as o', 'o.id', 'c.orderId')
    .select('c.orderId')
    .distinct()
    .where('c.status', '=', 'frozen')
    .where('c.releaseAt', 'is not', null)
    .where('c.releaseAt', '<=', now)
    .where('o.afterSaleStatus', '!=', 'processing')
    .limit(limit)
    .execute()
  let released = 0
  for (const { orderId } of due) {
    released += await db.transaction().execute(async (tx) => {
      const o = await tx.selectFrom('orders').select(['orderNo', 'afterSaleStatus']).where('id', '=', orderId).executeTakeFirst()
      if (!o || o.afterSaleStatus === 'processing') return 0
      const rows = await tx
        .updateTable('commissions')
        .set({ status: 'released', releasedAt: now, updatedAt: now })
        .where('orderId', '=', orderId)
        .where('status', '=', 'frozen')
        .where('releaseAt', '<=', now)
        .returning(['shopId', 'amount'])
        .execute()
      const byShop = new Map<number, number>()
      for (const r of rows) byShop.set(r.shopId, (byShop.get(r.shopId) || 0) + num(r.amount))
      for (const [shopId, amount] of byShop) {
        if (amount > 0)
          await moveMoney(tx, shopId, { frozen: -amount, available: amount, totalCommission: amount }, { type: 'commission_released', orderId, note: `订单${o.orderNo}售后期已过，佣金可提现` }, now)
      }
      return rows.length
    })
  }
  return released
}

/** The agent module's order hooks: commission booked when paid, its release scheduled on receipt, reversed on cancel. */
export const commissionOrderHooks: Partial<Record<OrderEvent, OrderHook>> = {
  created: async (tx, { order, items }) => {
    await fixCommissionTerms(tx, order, items)
  },
  paid: async (tx, { order, items }) => {
    await bookCommission(tx, order, items)
  },
  received: async (tx, { order }) => {
    await scheduleRelease(tx, order)
  },
  cancelled: async (tx, { order }) => {
    await reduceCommissions(tx, order.id, 'all')
  },
}

/** An after-sales refund reverses the commission of the refunded amount. */
export async function commissionRefundListener(tx: Tx, e: OrderRefundedEvent) {
  await onOrderRefunded(tx, e)
}

/**
 * 清退 with the frozen commission forfeited: every frozen commission of the shop is cancelled (conditional on still
 * being frozen, so a release or a refund running at the same time is never counted twice), one ledger entry per order.
 * Released commission is never touched. Returns the amount taken out of 冻结.
 */
export async function forfeitFrozenCommissions(tx: Conn, shopId: number, t = Date.now()): Promise<number> {
  const rows = await tx
    .updateTable('commissions')
    .set({ status: 'cancelled', cancelledAt: t, updatedAt: t })
    .where('shopId', '=', shopId)
    .where('status', '=', 'frozen')
    .returning(['orderId', 'amount'])
    .execute()
  const byOrder = new Map<number, number>()
  for (const r of rows) byOrder.set(r.orderId, (byOrder.get(r.orderId) || 0) + num(r.amount))
  let total = 0
  for (const [orderId, amount] of byOrder) {
    if (amount <= 0) continue
    const order = await tx.selectFrom('orders').select('orderNo').where('id', '=', orderId).executeTakeFirst()
    await moveMoney(tx, shopId, { frozen: -amount }, { type: 'commission_cancelled', orderId, note: `代理清退，订单${order?.orderNo || ''}的冻结佣金作废` }, t)
    total += amount
  }
  return total
}
