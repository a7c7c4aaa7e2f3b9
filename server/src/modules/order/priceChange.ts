import type { AppContext } from '../../context'
import type { Tx } from '../../db/types'
import { audited, type Actor, type AuditEntry } from '../../admin/audit'
import type { PriceChangeBody } from '../../../../types/adminOrders'
import { AppError, ErrorCode } from '../../errors'
import { checkWithGateway, closeOpenPayments } from '../pay/settle'
import { allocate } from './pricing'
import { logOrder } from './service'

type Log = (e: AuditEntry) => void

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** The 改价 log line of the order (shown in the console's 订单日志 and kept in the audit row). */
export const priceChangeNote = (from: number, to: number, reason: string) => `改价：${yuan(from)} → ${yuan(to)}，原因：${reason}`

/**
 * 改价 step 1, outside the transaction: no payment made before the change may land at the old amount. The gateway is
 * asked about every open payment of the order (paid → it goes through the notify path and the change is refused;
 * a shopper paying right now → refused, try again), then every open payment is closed at the gateway (a close refused
 * because it was just paid → the payment is taken, the change refused). A new prepay after the change is for the new
 * amount (pay/service.ts reuses a pending payment only of the order's current amount). docs/orders.md, "改价".
 */
export async function closePaymentsBeforePriceChange(ctx: AppContext, orderId: number) {
  const state = await checkWithGateway(ctx, orderId)
  if (state === 'paid') throw new AppError(ErrorCode.ORDER_STATE, '买家已付款，不能改价')
  if (state === 'paying') throw new AppError(ErrorCode.ORDER_STATE, '买家正在付款，请稍后再试')
  if (!(await closeOpenPayments(ctx, orderId))) throw new AppError(ErrorCode.ORDER_STATE, '买家已付款，不能改价')
}

/**
 * 改价 step 2, in the audited transaction: the new total replaces the old one only while the order is still unpaid
 * and still at the amount the staff saw (a conditional update on status and pay_amount: a payment or another change
 * that won the race makes it refuse). Pending payments are closed; the lines' pay amounts are split again so refunds
 * stay within what is paid (the freight keeps its part while the goods can carry the change). Logged in words.
 */
export async function changeOrderPriceTx(tx: Tx, orderNo: string, body: PriceChangeBody, log: Log) {
  const reason = body.reason.trim()
  if (!reason) throw new AppError(ErrorCode.BAD_REQUEST, '请填写改价原因')
  const o = await tx.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
  if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, '只有待付款的订单可以改价')
  if (o.orderType === 'points') throw new AppError(ErrorCode.ORDER_STATE, '积分兑换订单不能改价')
  const to = body.newPayAmount
  const from = o.payAmount
  const ceiling = o.goodsAmount + o.freightAmount
  if (to > ceiling) throw new AppError(ErrorCode.BAD_REQUEST, `改价后金额不能高于商品原价加运费 ${yuan(ceiling)}`)
  if (to === from) throw new AppError(ErrorCode.BAD_REQUEST, '改价后金额与当前金额相同')
  // The balance's part is already taken (docs/balance.md): the new total must leave something for the gateway to pay.
  if (o.balanceAmount > 0 && to <= o.balanceAmount) throw new AppError(ErrorCode.BAD_REQUEST, `该订单已用余额支付 ${yuan(o.balanceAmount)}，改价后金额须高于此数`)
  const t = Date.now()
  const res = await tx
    .updateTable('orders')
    .set((eb) => ({ payAmount: to, priceAdjust: eb('priceAdjust', '+', from - to), updatedAt: t }))
    .where('id', '=', o.id)
    .where('status', '=', 'unpaid')
    .where('payAmount', '=', from)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, '订单状态或金额已变化，请刷新后重试')
  await tx.updateTable('payments').set({ status: 'closed', updatedAt: t }).where('orderId', '=', o.id).where('status', '=', 'pending').execute()
  const items = await tx.selectFrom('orderItems').select(['id', 'amount', 'payAmount']).where('orderId', '=', o.id).orderBy('id').execute()
  const listGoods = items.reduce((s, i) => s + i.amount, 0)
  const freightPart = Math.max(0, from - items.reduce((s, i) => s + i.payAmount, 0))
  const goodsPart = Math.min(listGoods, Math.max(0, to - freightPart))
  const shares = allocate(items, listGoods - goodsPart)
  for (const [k, i] of items.entries()) {
    const pay = i.amount - shares[k]
    if (pay !== i.payAmount) await tx.updateTable('orderItems').set({ payAmount: pay }).where('id', '=', i.id).execute()
  }
  const note = priceChangeNote(from, to, reason)
  await logOrder(tx, o.id, 'unpaid', 'unpaid', 'price', 'admin', note)
  log({ action: 'order.price', targetType: 'order', targetId: orderNo, before: { payAmount: from }, after: { payAmount: to, reason } })
  return { from, to }
}

/** 改价 as the console asks it: the order must be unpaid, its open payments closed at the gateway (step 1), then the change in one audited transaction (step 2). */
export async function changeOrderPrice(ctx: AppContext, actor: Actor, orderNo: string, body: PriceChangeBody) {
  const o = await ctx.db.selectFrom('orders').select(['id', 'status']).where('orderNo', '=', orderNo).executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
  if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, '只有待付款的订单可以改价')
  await closePaymentsBeforePriceChange(ctx, o.id)
  await audited(ctx.db, actor, (tx, log) => changeOrderPriceTx(tx, orderNo, body, log))
}
