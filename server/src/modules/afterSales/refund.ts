/**
 * The refund of an after-sales case (docs/after-sales.md): book it, send it through the payment gateway, finish it
 * once — and the gateway's later answers (notification, query) for refunds still processing. Opening and moving
 * cases is service.ts's.
 */
import type { Selectable } from 'kysely'
import type { AppContext } from '../../context'
import type { Db, Tx } from '../../db/types'
import type { OrderTable } from '../../db/tradeTables'
import type { AfterSaleStatusValue, AfterSaleTable, AfterSaleTypeValue, CaseOperator } from '../../db/afterSalesTables'
import { AFTER_SALE_STATE_TEXT } from '../../../../types/afterSales'
import { AppError, ErrorCode } from '../../errors'
import { getPaymentProvider } from '../../payments'
import { allocate } from '../order/pricing'
import { logOrder, returnStock } from '../order/service'
import { emitOrderEvent } from '../order/events'
import { balanceShareOfRefund, changeBalance } from '../balance/service'
import { withdrawableBack } from '../balance/order'
import { changePoints, hasLedgerKey } from '../integral/points'
import { giveCouponBack } from '../coupon/pricing'
import { rejectTasksOfRefundedItems } from '../cashback/service'
import { completeIfAllReviewed } from '../review/service'
import { finishShippingIfDone } from '../logistics/service'
import type { Contributions } from '../contributions'
import { caseRefundAmount, fenText, findCase, freightRefunded, logCase, move, quote, syncOrderFlag } from './service'

type OrderRow = Selectable<OrderTable>
type CaseRow = Selectable<AfterSaleTable>

/** A refund starts from here: refund only once approved, return and refund once the shop has the goods back. */
const REFUND_FROM: Record<AfterSaleTypeValue, AfterSaleStatusValue> = { refund: 'approved', return_refund: 'received' }

type RefundCtx = Pick<AppContext, 'db' | 'config' | 'http' | 'log' | 'modules'> & Partial<AppContext>

/**
 * Refunds a case through the payment provider of the order's payment, in three steps:
 * 1. one transaction books it: the order row is locked, the case moves to 'refunding' by a conditional
 *    update (so concurrent requests make one refund), each line's refunded units and money grow by a
 *    conditional update bounded by what was paid for it, and the order's refunds together must stay within
 *    its pay amount; anything over refuses the whole step (code 4003);
 * 2. the provider refunds (refund number RF + case number: a retry sends the same number, which the gateway
 *    treats as the same refund);
 * 3. on success one transaction finishes it (refunding → refunded, once): stock back when the goods came back
 *    or never left, points and coupon in proportion (the 'refunded' order event), the order closed when every
 *    unit is refunded before completion, the payment marked refunded when all of it went back.
 * A failed or pending gateway answer keeps the case 'refunding' with the error; running refund again retries.
 */
export async function refundAfterSale(ctx: RefundCtx, ref: string, operator: CaseOperator = 'admin') {
  const { db } = ctx
  const c0 = await findCase(db, ref)
  if (c0.status === 'refunding') {
    const t = Date.now()
    const res = await db
      .updateTable('afterSales')
      .set({ refundError: '', refundFailedAt: null, updatedAt: t })
      .where('id', '=', c0.id)
      .where('status', '=', 'refunding')
      .where('refundError', '!=', '')
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.AFTER_SALE_STATE, '退款处理中，请稍后再试')
  } else {
    await bookRefund(db, c0, operator)
  }
  const c = await findCase(db, String(c0.id))
  // Paid by the balance alone: nothing goes through the gateway; the balance part is credited as the case finishes.
  const gatewayPart = c.refundAmount - c.balanceRefundAmount
  if (gatewayPart <= 0) {
    await db.transaction().execute((tx) => finishRefund(tx, ctx.modules, c.id, '', null, 0, operator))
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'refunded' as const, refundAmount: c.refundAmount }
  }
  const pay = await db.selectFrom('payments').selectAll().where('orderId', '=', c.orderId).where('status', 'in', ['paid', 'refunded']).orderBy('paidAt', 'desc').executeTakeFirst()
  const fail = async (msg: string) => {
    await markRefundFailed(db, c.id, msg)
    return new AppError(ErrorCode.PAY_FAILED, `退款失败：${msg}（可稍后重试）`)
  }
  if (!pay) throw await fail('订单没有可退的支付记录')
  let result
  try {
    result = await getPaymentProvider(ctx as AppContext, pay.provider).refund({
      payNo: pay.payNo,
      refundNo: c.refundNo!,
      refundAmount: gatewayPart,
      totalAmount: pay.amount,
      reason: `售后退款 ${c.reason}`.slice(0, 80),
    })
  } catch (err: any) {
    ctx.log.error({ err, afterSaleNo: c.afterSaleNo }, 'refund request failed')
    throw await fail(err?.message || '支付通道异常')
  }
  if (result.status === 'failed') throw await fail('支付通道拒绝退款')
  if (result.status === 'processing') {
    // Only while still refunding: the refund's notification may have finished the case before this call returned.
    await db
      .updateTable('afterSales')
      .set({ refundId: result.refundId, refundError: '退款处理中，可稍后重试查询', updatedAt: Date.now() })
      .where('id', '=', c.id)
      .where('status', '=', 'refunding')
      .execute()
    const now = await findCase(db, String(c.id))
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: now.status === 'refunded' ? ('refunded' as const) : ('refunding' as const), refundAmount: c.refundAmount }
  }
  await db.transaction().execute((tx) => finishRefund(tx, ctx.modules, c.id, result.refundId, pay.id, pay.amount, operator))
  return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'refunded' as const, refundAmount: c.refundAmount }
}

/** Records a refund the gateway refused or reported failed: the case stays 'refunding', counted by failedRefundCases. */
async function markRefundFailed(db: Db, caseId: number, msg: string) {
  const t = Date.now()
  await db
    .updateTable('afterSales')
    .set({ refundError: msg.slice(0, 200), refundFailedAt: t, updatedAt: t })
    .where('id', '=', caseId)
    .where('status', '=', 'refunding')
    .execute()
}

/**
 * A refund's result from the gateway (its notification, or a query of a refund still processing), by refund number.
 * Success finishes the case once (the same step as a refund answered at once: a second notification, or the refund
 * call returning after the notification, changes nothing); a failure is recorded for the console's to-do list.
 * Returns false when no case has this refund number.
 */
export async function settleCaseRefund(
  ctx: Pick<AppContext, 'db' | 'log' | 'modules'>,
  r: { refundNo: string; refundId: string; status: 'success' | 'processing' | 'failed'; reason?: string },
): Promise<boolean> {
  const { db } = ctx
  const c = await db.selectFrom('afterSales').selectAll().where('refundNo', '=', r.refundNo).executeTakeFirst()
  if (!c) return false
  if (c.status !== 'refunding' || r.status === 'processing') return true
  if (r.status === 'failed') {
    await markRefundFailed(db, c.id, r.reason || '支付通道退款失败')
    ctx.log.warn({ afterSaleNo: c.afterSaleNo, reason: r.reason }, 'refund failed at the gateway')
    return true
  }
  const pay = await db.selectFrom('payments').selectAll().where('orderId', '=', c.orderId).where('status', 'in', ['paid', 'refunded']).orderBy('paidAt', 'desc').executeTakeFirst()
  if (!pay) throw new AppError(ErrorCode.PAY_FAILED, '订单没有可退的支付记录')
  await db.transaction().execute((tx) => finishRefund(tx, ctx.modules, c.id, r.refundId || c.refundId || '', pay.id, pay.amount, 'system'))
  return true
}

/** Cases whose refund is still processing at the gateway (to query), oldest first. */
export async function processingRefundCases(db: Db, limit = 100) {
  return db
    .selectFrom('afterSales as s')
    .innerJoin('payments as p', (j) => j.onRef('p.orderId', '=', 's.orderId').on('p.status', 'in', ['paid', 'refunded']))
    .select(['s.id', 's.refundNo', 'p.provider'])
    .where('s.status', '=', 'refunding')
    .where('s.refundFailedAt', 'is', null)
    .where('s.refundNo', 'is not', null)
    .orderBy('s.updatedAt')
    .limit(limit)
    .execute()
}

/** Refunds that failed (gateway refused or reported CLOSED / ABNORMAL) and wait for the operator: the console's to-do list. */
export async function failedRefundCases(db: Db, limit = 100) {
  return db
    .selectFrom('afterSales as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.id', 's.afterSaleNo', 's.refundNo', 's.refundAmount', 's.refundError', 's.refundFailedAt', 'o.orderNo'])
    .where('s.status', '=', 'refunding')
    .where('s.refundFailedAt', 'is not', null)
    .orderBy('s.refundFailedAt', 'desc')
    .limit(limit)
    .execute()
}

async function bookRefund(db: Db, c0: CaseRow, operator: CaseOperator) {
  const from = REFUND_FROM[c0.type]
  if (c0.status !== from) {
    throw new AppError(
      ErrorCode.AFTER_SALE_STATE,
      c0.type === 'return_refund' && ['approved', 'returned'].includes(c0.status) ? '商家确认收到退货后才能退款' : `售后单当前为「${AFTER_SALE_STATE_TEXT[c0.status]}」，不能退款`,
    )
  }
  // Never more than staff approved (caseRefundAmount), never more than the lines and the order allow (below).
  const amount = caseRefundAmount(c0)
  await db.transaction().execute(async (tx) => {
    const t = Date.now()
    // Lock the order row first: refunds of one order are booked one at a time (PostgreSQL; SQLite serialises anyway).
    await tx.updateTable('orders').set({ updatedAt: t }).where('id', '=', c0.orderId).execute()
    if (!(await move(tx, c0.id, [from], 'refunding', { refundNo: `RF${c0.afterSaleNo}`, refundError: '' }))) throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化，不能重复退款')
    const order = await tx.selectFrom('orders').selectAll().where('id', '=', c0.orderId).executeTakeFirstOrThrow()
    const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', order.id).execute()
    const lines = await tx.selectFrom('afterSaleItems').selectAll().where('afterSaleId', '=', c0.id).orderBy('id').execute()
    const q = quote(
      order,
      items,
      lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
      await freightRefunded(tx, order.id, c0.id),
    )
    if (amount > q.maxAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, `退款金额超出可退金额¥${(q.maxAmount / 100).toFixed(2)}`)
    const goodsPart = Math.min(amount, q.goodsAmount)
    const freightPart = amount - goodsPart
    const parts = allocate(
      q.perItem.map((amount) => ({ amount })),
      goodsPart,
    )
    for (const [k, l] of lines.entries()) {
      const res = await tx
        .updateTable('orderItems')
        .set((eb) => ({ refundedQuantity: eb('refundedQuantity', '+', l.quantity), refundedAmount: eb('refundedAmount', '+', parts[k]) }))
        .where('id', '=', l.orderItemId)
        .where((eb) => eb(eb('refundedQuantity', '+', l.quantity), '<=', eb.ref('quantity')))
        .where((eb) => eb(eb('refundedAmount', '+', parts[k]), '<=', eb.ref('payAmount')))
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款超出该商品的实付金额')
      await tx.updateTable('afterSaleItems').set({ refundAmount: parts[k] }).where('id', '=', l.id).execute()
    }
    const other = await tx
      .selectFrom('afterSales')
      .select((eb) => eb.fn.sum<number>('refundAmount').as('s'))
      .where('orderId', '=', order.id)
      .where('status', 'in', ['refunding', 'refunded'])
      .where('id', '!=', c0.id)
      .executeTakeFirst()
    if (Number(other?.s || 0) + amount > order.payAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款总额不能超过订单实付金额')
    // The balance's part of this refund (docs/balance.md "Refunds"), taken from what the order's balance part has left.
    const balancePart = balanceShareOfRefund(order, Number(other?.s || 0), amount)
    if (balancePart > 0) {
      const took = await tx
        .updateTable('orders')
        .set((eb) => ({ balanceRefunded: eb('balanceRefunded', '+', balancePart) }))
        .where('id', '=', order.id)
        .where((eb) => eb(eb('balanceRefunded', '+', balancePart), '<=', eb.ref('balanceAmount')))
        .executeTakeFirst()
      if (Number(took.numUpdatedRows) !== 1) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款超出余额支付的金额')
    }
    await tx.updateTable('afterSales').set({ refundAmount: amount, balanceRefundAmount: balancePart, freightAmount: freightPart }).where('id', '=', c0.id).execute()
    await logCase(tx, c0.id, 'refunding', operator, `退款 ${fenText(amount)}${refundPartsText(amount, balancePart)}`)
  })
}

/** How a refund goes back: all through the gateway (原路退回), or its balance and gateway parts. */
const refundPartsText = (amount: number, balancePart: number) =>
  balancePart <= 0 ? ' 原路退回' : balancePart >= amount ? ' 退回余额' : `（退回余额 ${fenText(balancePart)}，原路退回 ${fenText(amount - balancePart)}）`

/** Points given back for a refund: proportional to the goods amount refunded so far, all of the rest when fully refunded. */
export function pointsToReturn(pointsUsed: number, goodsAmount: number, refundedGoodsAmount: number, fullyRefunded: boolean, returnedBefore: number): number {
  if (pointsUsed <= 0) return 0
  const target = fullyRefunded || goodsAmount <= 0 ? pointsUsed : Math.floor((pointsUsed * Math.min(refundedGoodsAmount, goodsAmount)) / goodsAmount)
  return Math.max(0, target - returnedBefore)
}

/**
 * Gives back what the refund returns, inside its transaction: points through the points module's changePoints
 * (ledger reason order_refund, key aftersale:<case id>, so at most once per case), and the coupon through the
 * coupon module's giveCouponBack (the same conditional update as its 'cancelled' hook). Returns what was given back.
 */
async function givePointsAndCouponBack(tx: Tx, order: OrderRow, c: CaseRow, points: number, couponId: number | null) {
  let givenPoints = 0
  if (points > 0) {
    const key = `aftersale:${c.id}`
    if (!(await hasLedgerKey(tx, order.memberId, key))) {
      await changePoints(tx, order.memberId, points, 'order_refund', `售后退款 ${c.afterSaleNo}`, key)
      givenPoints = points
    }
  }
  const givenCoupon = couponId ? await giveCouponBack(tx, order.id, couponId) : false
  return { points: givenPoints, coupon: givenCoupon }
}

async function finishRefund(tx: Tx, modules: Contributions, caseId: number, refundId: string, paymentId: number | null, paymentAmount: number, operator: CaseOperator) {
  const t = Date.now()
  if (!(await move(tx, caseId, ['refunding'], 'refunded', { refundId, refundError: '', refundedAt: t }))) return
  const c = await tx.selectFrom('afterSales').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow()
  const order = await tx.selectFrom('orders').selectAll().where('id', '=', c.orderId).executeTakeFirstOrThrow()
  const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', order.id).execute()
  const lines = await tx.selectFrom('afterSaleItems').selectAll().where('afterSaleId', '=', c.id).orderBy('id').execute()
  // Stock: the goods came back (return), or never left (units of the line not in any parcel: split shipment).
  for (const l of [...lines].sort((a, b) => a.orderItemId - b.orderItemId)) {
    const it = items.find((i) => i.id === l.orderItemId)!
    const unshipped = Math.max(0, it.quantity - it.shippedQuantity - (it.refundedQuantity - l.quantity))
    const back = c.type === 'return_refund' ? l.quantity : Math.min(l.quantity, unshipped)
    if (back > 0) await returnStock(tx, { skuId: it.skuId, goodsId: it.goodsId, quantity: back })
  }
  const fullyRefunded = items.every((i) => i.refundedQuantity >= i.quantity)
  const before = await tx
    .selectFrom('afterSales')
    .select((eb) => [
      eb.fn.sum<number>('pointsReturned').as('p'),
      eb.fn.sum<number>('couponReturned').as('c'),
      eb.fn.sum<number>('refundAmount').as('m'),
      eb.fn.sum<number>('balanceRefundAmount').as('b'),
    ])
    .where('orderId', '=', order.id)
    .where('status', '=', 'refunded')
    .where('id', '!=', c.id)
    .executeTakeFirst()
  const refundedGoods = items.reduce((s, i) => s + i.price * i.refundedQuantity, 0)
  const pointsReturn = pointsToReturn(order.pointsUsed, order.goodsAmount, refundedGoods, fullyRefunded, Number(before?.p || 0))
  const couponId = fullyRefunded && order.couponId && !Number(before?.c || 0) ? order.couponId : null
  const given = await givePointsAndCouponBack(tx, order, c, pointsReturn, couponId)
  await tx
    .updateTable('afterSales')
    .set({ pointsReturned: given.points, couponReturned: given.coupon ? 1 : 0 })
    .where('id', '=', c.id)
    .execute()
  // The balance part goes back to the balance (once: the case left 'refunding' above, and the ledger key is the case).
  const balanceBefore = Number(before?.b || 0)
  if (c.balanceRefundAmount > 0) {
    await changeBalance(tx, {
      memberId: order.memberId,
      amount: c.balanceRefundAmount,
      withdrawableAmount: await withdrawableBack(tx, order, balanceBefore, c.balanceRefundAmount),
      kind: 'order_refund',
      refType: 'after_sale',
      refId: c.id,
      note: `售后退款 ${c.afterSaleNo}（订单 ${order.orderNo}）`,
    })
  }
  const gatewayBefore = Number(before?.m || 0) - balanceBefore
  if (paymentId !== null && gatewayBefore + c.refundAmount - c.balanceRefundAmount >= paymentAmount) {
    await tx.updateTable('payments').set({ status: 'refunded', updatedAt: t }).where('id', '=', paymentId).where('status', '=', 'paid').execute()
  }
  // Every unit refunded before completion: the order closes (it must not ship, nor wait for a review).
  if (fullyRefunded && ['to_ship', 'to_receive', 'to_review'].includes(order.status)) {
    const res = await tx
      .updateTable('orders')
      .set({ status: 'cancelled', cancelReason: '已全额退款，交易关闭', cancelledAt: t, updatedAt: t })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) === 1) await logOrder(tx, order.id, order.status, 'cancelled', 'refund_close', operator, `售后单 ${c.afterSaleNo} 全额退款`)
  } else if (order.status === 'to_review') {
    await completeIfAllReviewed(tx, modules, order.id)
  } else if (order.status === 'to_ship') {
    // Split shipment: the refunded units were the last ones waiting; every other unit is in a parcel.
    await finishShippingIfDone(tx, modules, order.id, operator)
  }
  await rejectTasksOfRefundedItems(
    tx,
    lines.map((l) => l.orderItemId),
  )
  await logCase(
    tx,
    c.id,
    'refunded',
    operator,
    `¥${(c.refundAmount / 100).toFixed(2)} 已${refundPartsText(c.refundAmount, c.balanceRefundAmount).trim()}${given.points ? `，退还积分${given.points}` : ''}${given.coupon ? '，优惠券已退回' : ''}`,
  )
  await syncOrderFlag(tx, order.id)
  await emitOrderEvent(tx, modules, 'refunded', {
    orderId: order.id,
    orderNo: order.orderNo,
    memberId: order.memberId,
    boundBusinessId: order.boundBusinessId,
    afterSaleId: c.id,
    afterSaleNo: c.afterSaleNo,
    refundNo: c.refundNo!,
    amount: c.refundAmount,
    freightAmount: c.freightAmount,
    items: lines.map((l) => {
      const it = items.find((i) => i.id === l.orderItemId)!
      return { orderItemId: l.orderItemId, goodsId: it.goodsId, skuId: it.skuId, quantity: l.quantity, amount: l.refundAmount }
    }),
    fullyRefunded,
    pointsReturn,
    couponId,
    operator,
  })
}
