import type { OrderPointsExtras } from '../../../../types/integral'
import type { PricingStep } from '../order/pricing'
import type { OrderHook } from '../order/hooks'
import type { OrderEventListener } from '../order/events'
import type { Tx } from '../../db/types'
import '../../db/afterSalesTables'
import { changePoints, hasLedgerKey, pointsBalance } from './points'
import { pointsRules } from './rules'

/**
 * The most points an order may use and what they take off: `rate` points take ¥1 off, in whole yuan only, within the
 * balance and at most `maxPercent` % of the goods after the coupon (the console's 积分抵现 rules; 100 and 20 by default,
 * so 1200 points take ¥12 off a ¥60 order). Points used are a multiple of the rate.
 */
export function usablePoints(balance: number, goodsAfterCoupon: number, rate = 100, maxPercent = 20): { points: number; discount: number } {
  const capYuan = Math.floor((Math.max(0, goodsAfterCoupon) * Math.max(0, maxPercent)) / 100 / 100)
  const yuan = Math.max(0, Math.min(Math.floor(Math.max(0, balance) / Math.max(1, rate)), capYuan))
  return { points: yuan * rate, discount: yuan * 100 }
}

/**
 * The points step of order pricing (rate and cap: the console's rules, read as the order is priced — preview and
 * submit alike, so submit prices by the rules of that moment). Normal orders may use points when the member asks (usePoints);
 * flash-sale orders may not. Points-mall orders come priced already (pointsUsed is their price).
 * commit: takes the points with a ledger row ('order_deduct', or 'redeem' for points-mall orders).
 * It runs after the level and coupon steps (PRICING_ORDER in modules/index.ts): the cap is taken on the goods after the level's discount and the coupon.
 */
export const pointsPricingStep: PricingStep = {
  name: 'points',
  async apply(db, draft, input) {
    if (draft.orderType !== 'normal') return
    const [balance, rules] = await Promise.all([pointsBalance(db, draft.memberId), pointsRules(db)])
    const usable = usablePoints(balance, draft.goodsAmount - draft.levelDiscount - draft.couponDiscount, rules.redeemRate, rules.redeemMaxPercent)
    const used = input.usePoints ? usable.points : 0
    draft.pointsUsed = used
    draft.pointsDiscount = input.usePoints ? usable.discount : 0
    const extras: OrderPointsExtras = { balance, usable: usable.points, discount: usable.discount, used, rate: rules.redeemRate, maxPercent: rules.redeemMaxPercent }
    draft.extras.points = extras
  },
  async commit(tx, draft, order) {
    if (draft.pointsUsed <= 0) return
    const reason = draft.orderType === 'points' ? 'redeem' : 'order_deduct'
    await changePoints(tx, order.memberId, -draft.pointsUsed, reason, `订单${order.orderNo}`, `order:${order.id}`)
  },
}

/** A cancelled or expired unpaid order gives its points back; a points-mall order also its stock and limit. */
export const pointsCancelledHook: OrderHook = async (tx, { order }) => {
  if (order.pointsUsed > 0) {
    const key = `refund:${order.id}`
    if (!(await hasLedgerKey(tx, order.memberId, key))) {
      await changePoints(tx, order.memberId, order.pointsUsed, order.orderType === 'points' ? 'redeem_refund' : 'order_refund', `订单${order.orderNo}取消`, key)
    }
  }
  if (order.orderType !== 'points') return
  const po = await tx.selectFrom('pointsOrders').selectAll().where('orderId', '=', order.id).executeTakeFirst()
  if (!po) return
  const res = await tx.updateTable('pointsOrders').set({ returned: 1 }).where('id', '=', po.id).where('returned', '=', 0).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return
  const q = po.quantity
  await tx
    .updateTable('pointsGoods')
    .set((eb) => ({ stock: eb('stock', '+', q), redeemed: eb('redeemed', '-', q), updatedAt: Date.now() }))
    .where('id', '=', po.pointsGoodsId)
    .where('redeemed', '>=', q)
    .execute()
  await tx
    .updateTable('pointsRedemptions')
    .set((eb) => ({ redeemed: eb('redeemed', '-', q) }))
    .where('memberId', '=', po.memberId)
    .where('pointsGoodsId', '=', po.pointsGoodsId)
    .where('redeemed', '>=', q)
    .execute()
}

/**
 * A completed cash order earns points: the rules' points per whole yuan paid (1 by default), times the member level's
 * multiplier fixed on the order at submission (orders.points_tenths, 15 = 1.5×, rounded down), once per order.
 */
export const pointsRewardHook: OrderHook = async (tx, { order }) => {
  if (order.orderType === 'points') return
  const base = Math.floor(order.payAmount / 100) * (await pointsRules(tx)).perYuan
  const points = Math.floor((base * Math.max(10, Number(order.pointsTenths) || 10)) / 10)
  if (points <= 0) return
  const key = `reward:${order.id}`
  if (await hasLedgerKey(tx, order.memberId, key)) return
  await changePoints(tx, order.memberId, points, 'order_reward', `订单${order.orderNo}完成`, key)
  // Refunds made before the order completed (one line of several) take their share back at once.
  await takeBackRewardOfRefunds(tx, order, 'completed')
}

const yuanText = (fen: number) => (fen / 100).toFixed(2)

/**
 * The completion reward follows refunds: of a reward R for an order paid P, the member keeps
 * floor(R × (P − refunded) / P), refunded being every succeeded refund of the order (freight included), so a
 * ¥1547 order's 1547 points keep 886 after ¥660.46 comes back, and none after a full refund. Each call takes
 * what is due and not yet taken, in a ledger row keyed by the refund ('reward-back:<order>:<tag>'): a retried
 * event or a second call for the same refund takes nothing more, and the amounts never add up to more than R.
 *
 * Points the member has already spent are not pushed below zero: the row takes what the balance holds (nothing
 * when it is empty, and then no row). What could not be taken stays due and is taken by the order's next refund,
 * if there is one, as far as the balance then allows; otherwise it is forgone.
 */
export async function takeBackRewardOfRefunds(tx: Tx, order: { id: number; orderNo: string; memberId: number; payAmount: number }, tag: string): Promise<number> {
  const reward = await tx.selectFrom('pointsLedger').select('change').where('memberId', '=', order.memberId).where('refKey', '=', `reward:${order.id}`).executeTakeFirst()
  const given = Number(reward?.change || 0)
  if (given <= 0 || order.payAmount <= 0) return 0
  const key = `reward-back:${order.id}:${tag}`
  if (await hasLedgerKey(tx, order.memberId, key)) return 0
  const refunds = await tx
    .selectFrom('afterSales')
    .select((eb) => eb.fn.sum<number>('refundAmount').as('m'))
    .where('orderId', '=', order.id)
    .where('status', '=', 'refunded')
    .executeTakeFirst()
  const refunded = Math.min(order.payAmount, Number(refunds?.m || 0))
  if (refunded <= 0) return 0
  const due = given - Math.floor((given * (order.payAmount - refunded)) / order.payAmount)
  const back = await tx
    .selectFrom('pointsLedger')
    .select((eb) => eb.fn.sum<number>('change').as('n'))
    .where('memberId', '=', order.memberId)
    .where('reason', '=', 'reward_back')
    .where('refKey', 'like', `reward-back:${order.id}:%`)
    .executeTakeFirst()
  const owed = due + Number(back?.n || 0) // back.n is negative
  const take = Math.min(owed, await pointsBalance(tx, order.memberId))
  if (take <= 0) return 0
  const short = owed - take
  await changePoints(tx, order.memberId, -take, 'reward_back', `订单${order.orderNo}已退款¥${yuanText(refunded)}${short ? `，积分不足，少扣${short}` : ''}`, key)
  return take
}

/** The 'refunded' order event: the completion reward's share of this refund goes back (once per refund). */
export const rewardRefundListener: OrderEventListener<'refunded'> = async (tx, e) => {
  const order = await tx.selectFrom('orders').select(['id', 'orderNo', 'memberId', 'payAmount', 'orderType']).where('id', '=', e.orderId).executeTakeFirst()
  if (!order || order.orderType === 'points') return
  await takeBackRewardOfRefunds(tx, { ...order, payAmount: Number(order.payAmount) }, `as${e.afterSaleId}`)
}
