import type { PaymentCtx } from '../../payments'
import type { Db } from '../../db/types'
import type { PaidNotice } from '../../payments/provider'
import { AppError, ErrorCode } from '../../errors'
import { getPaymentProvider } from '../../payments'
import { runOrderHooks } from '../order/hooks'
import { gatewayAmount, logOrder } from '../order/service'
import { payMethodText } from '../../../../types/pay'
import { handleRechargeNotice } from '../balance/recharge'

export type NoticeOutcome = 'paid' | 'duplicate' | 'late'

/**
 * The one notify path, for every provider (the WeChat notify route and the sandbox confirm both end here),
 * called with a notice the provider has already verified. In one transaction:
 * 1. the payment by payNo; already paid with the same transaction id → 'duplicate' (nothing changes);
 * 2. the amount must equal the payment's amount, else refused (nothing changes);
 * 3. payment → paid by conditional update (a concurrent duplicate finds it paid and changes nothing);
 * 4. order unpaid → to_ship by conditional update, log, 'paid' hooks (agent commission...), other pending payments closed.
 * If the order was no longer unpaid (expired and cancelled, or paid through another payment), or its amount is no
 * longer the payment's (the merchant changed it with 改价 after this payment was made: the order is only ever paid at
 * its current amount), the payment is marked refund_pending and, after the commit, refunded in full through its
 * provider ('late'); a re-priced order stays unpaid.
 * The caller answers the gateway only after this returns (i.e. after the commit).
 */
export async function handlePaidNotice(ctx: PaymentCtx, notice: PaidNotice, raw: string): Promise<{ outcome: NoticeOutcome; orderNo: string }> {
  // A recharge order's payment (payments.recharge_id, docs/balance.md "Recharge"): credited by the balance module.
  const target = await ctx.db.selectFrom('payments').select('rechargeId').where('payNo', '=', notice.payNo).executeTakeFirst()
  if (target?.rechargeId) return handleRechargeNotice(ctx, notice, raw)
  const t = Date.now()
  const result = await ctx.db.transaction().execute(async (tx) => {
    const pay = await tx.selectFrom('payments').selectAll().where('payNo', '=', notice.payNo).executeTakeFirst()
    if (!pay) throw new AppError(ErrorCode.NOT_FOUND, '支付单不存在')
    const order = await tx.selectFrom('orders').select(['id', 'orderNo', 'status', 'payAmount']).where('id', '=', pay.orderId).executeTakeFirstOrThrow()
    if (pay.status === 'paid' || pay.status === 'refund_pending' || pay.status === 'refunded') {
      if (pay.transactionId === notice.transactionId) return { outcome: 'duplicate' as const, orderNo: order.orderNo }
      throw new AppError(ErrorCode.PAY_FAILED, '支付单已由其他交易支付')
    }
    if (notice.amount !== pay.amount) {
      ctx.log.warn({ payNo: pay.payNo, expected: pay.amount, got: notice.amount }, 'payment amount mismatch refused')
      throw new AppError(ErrorCode.PAY_FAILED, '支付金额与订单金额不一致')
    }
    const res = await tx
      .updateTable('payments')
      .set({ status: 'paid', transactionId: notice.transactionId, paidAt: notice.paidAt, rawNotify: raw.slice(0, 8000), updatedAt: t })
      .where('id', '=', pay.id)
      .where('status', 'in', ['pending', 'closed'])
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return { outcome: 'duplicate' as const, orderNo: order.orderNo }
    const up = await tx
      .updateTable('orders')
      .set({ status: 'to_ship', paidAt: notice.paidAt, payChannel: pay.channel, updatedAt: t })
      .where('id', '=', order.id)
      .where('status', '=', 'unpaid')
      // The gateway's part of the order (gatewayAmount: what the balance did not pay) must be what this payment paid.
      .where((eb) => eb(eb('payAmount', '-', eb.ref('balanceAmount')), '=', pay.amount))
      .executeTakeFirst()
    if (Number(up.numUpdatedRows) === 1) {
      await tx.updateTable('payments').set({ status: 'closed', updatedAt: t }).where('orderId', '=', order.id).where('status', '=', 'pending').execute()
      await logOrder(tx, order.id, 'unpaid', 'to_ship', 'pay', 'gateway', `${payMethodText(pay.provider, pay.channel)}，交易号 ${notice.transactionId}`)
      await runOrderHooks(tx, ctx.modules, 'paid', order.id, 'gateway')
      return { outcome: 'paid' as const, orderNo: order.orderNo }
    }
    const now = await tx.selectFrom('orders').select(['status', 'payAmount', 'balanceAmount']).where('id', '=', order.id).executeTakeFirstOrThrow()
    await tx.updateTable('payments').set({ status: 'refund_pending', updatedAt: t }).where('id', '=', pay.id).execute()
    const why =
      now.status === 'unpaid'
        ? `订单已改价为 ¥${(gatewayAmount(now) / 100).toFixed(2)}，按原金额 ¥${(pay.amount / 100).toFixed(2)} 收到的支付 ${pay.payNo} 原路退回`
        : `${now.status === 'cancelled' ? '订单已取消' : '订单已支付'}后收到支付 ${pay.payNo}，原路退回`
    await logOrder(tx, order.id, now.status, now.status, 'late_payment', 'gateway', why)
    return { outcome: 'late' as const, orderNo: order.orderNo }
  })
  if (result.outcome === 'late') await refundLatePayment(ctx, notice.payNo)
  return result
}

/** The refund number of a late payment's full refund: one per payment, so a retry is the same refund at the gateway. */
export const lateRefundNo = (payNo: string) => `R${payNo}`

/**
 * Gives a payment that arrived too late back in full. Success marks it refunded (once); processing leaves it
 * refund_pending for the refund check job (or the refund's notification); a failure is recorded on the payment
 * (refund_error) for the console's to-do list, and the job tries again.
 */
export async function refundLatePayment(ctx: PaymentCtx, payNo: string) {
  const pay = await ctx.db.selectFrom('payments').selectAll().where('payNo', '=', payNo).where('status', '=', 'refund_pending').executeTakeFirst()
  if (!pay) return
  try {
    const r = await getPaymentProvider(ctx, pay.provider).refund({ payNo, refundNo: lateRefundNo(payNo), refundAmount: pay.amount, totalAmount: pay.amount, reason: '订单已关闭，退回支付款' })
    await settleLateRefund(ctx.db, { refundNo: lateRefundNo(payNo), ...r, reason: r.status === 'failed' ? '支付通道拒绝退款' : undefined })
  } catch (err) {
    ctx.log.error({ err, payNo }, 'refund of a late payment failed')
    await ctx.db
      .updateTable('payments')
      .set({ refundError: String((err as Error)?.message || '退款失败').slice(0, 200), updatedAt: Date.now() })
      .where('id', '=', pay.id)
      .where('status', '=', 'refund_pending')
      .execute()
  }
}

/** A late payment's refund result (answer, notification or query): success → refunded once; failure recorded. False when no such refund. */
export async function settleLateRefund(db: Db, r: { refundNo: string; status: 'success' | 'processing' | 'failed'; reason?: string }): Promise<boolean> {
  if (!r.refundNo.startsWith('R') || r.refundNo.startsWith('RF')) return false
  const pay = await db.selectFrom('payments').select(['id', 'orderId', 'payNo', 'amount', 'status']).where('payNo', '=', r.refundNo.slice(1)).executeTakeFirst()
  if (!pay) return false
  const t = Date.now()
  if (r.status === 'success') {
    await db.transaction().execute(async (tx) => {
      const res = await tx
        .updateTable('payments')
        .set({ status: 'refunded', refundedAt: t, refundError: '', updatedAt: t })
        .where('id', '=', pay.id)
        .where('status', '=', 'refund_pending')
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) return
      const o = await tx.selectFrom('orders').select('status').where('id', '=', pay.orderId).executeTakeFirstOrThrow()
      await logOrder(tx, pay.orderId, o.status, o.status, 'late_payment_refunded', 'gateway', `支付 ${pay.payNo} ¥${(pay.amount / 100).toFixed(2)} 已原路退回`)
    })
  } else if (r.status === 'failed') {
    await db
      .updateTable('payments')
      .set({ refundError: (r.reason || '退款失败').slice(0, 200), updatedAt: t })
      .where('id', '=', pay.id)
      .where('status', '=', 'refund_pending')
      .execute()
  }
  return true
}
