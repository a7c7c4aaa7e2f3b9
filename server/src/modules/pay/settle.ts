import type { PaymentCtx } from '../../payments'
import type { RefundQuery } from '../../payments/provider'
import { getPaymentProvider } from '../../payments'
import { cancelOrderTx } from '../order/service'
import { processingRefundCases, settleCaseRefund } from '../afterSales/refund'
import { handlePaidNotice, lateRefundNo, refundLatePayment, settleLateRefund } from './notify'

/**
 * Asking the gateway before giving up on a payment (docs/orders.md, "No payment lost"). WeChat Pay's notification
 * can be late or lost; the shopper can pay in the last second before the order expires. So nothing cancels an
 * unpaid order, and the pay-status page does not say "unpaid", without asking the gateway first.
 */

export type GatewayCheck = 'paid' | 'paying' | 'unpaid'

/** Payments of an order the gateway may still take money for (pending, or closed on our side only). */
const openPayments = (ctx: PaymentCtx, orderId: number) =>
  ctx.db.selectFrom('payments').select(['payNo', 'provider']).where('orderId', '=', orderId).where('status', 'in', ['pending', 'closed']).orderBy('id').execute()

/**
 * Queries every open payment of the order: one paid at the gateway goes through the same notify path as its
 * notification would (idempotent: a notification arriving at the same moment changes nothing twice) → 'paid';
 * a shopper paying right now → 'paying'; else 'unpaid'. Gateway errors (SYSTEM_ERROR, frequency limits) throw.
 */
export async function checkWithGateway(ctx: PaymentCtx, orderId: number): Promise<GatewayCheck> {
  let paying = false
  for (const p of await openPayments(ctx, orderId)) {
    const q = await getPaymentProvider(ctx, p.provider).queryPayment(p.payNo)
    if (q.state === 'paid') {
      await handlePaidNotice(ctx, q.notice, JSON.stringify({ query: q.notice }))
      return 'paid'
    }
    if (q.state === 'paying') paying = true
  }
  return paying ? 'paying' : 'unpaid'
}

/**
 * Closes every open payment of the order at the gateway, so no money can land on it any more. A close refused
 * because the shopper just paid → query → the payment goes through the notify path and the answer is false.
 */
export async function closeOpenPayments(ctx: PaymentCtx, orderId: number): Promise<boolean> {
  for (const p of await openPayments(ctx, orderId)) {
    const provider = getPaymentProvider(ctx, p.provider)
    try {
      await provider.closePayment(p.payNo)
    } catch (err) {
      const q = await provider.queryPayment(p.payNo)
      if (q.state === 'paid') {
        await handlePaidNotice(ctx, q.notice, JSON.stringify({ query: q.notice }))
        return false
      }
      throw err
    }
  }
  return true
}

/**
 * Expires one unpaid order safely: ask the gateway (paid → the order is paid, not cancelled); close every open
 * payment at the gateway so no money can land any more (a close refused because it was just paid → query again →
 * paid); only then cancel (stock, coupon, points back). True when cancelled.
 */
export async function expireOrder(ctx: PaymentCtx, orderId: number, reason = '超时未支付，订单自动取消'): Promise<boolean> {
  if ((await checkWithGateway(ctx, orderId)) !== 'unpaid') return false
  if (!(await closeOpenPayments(ctx, orderId))) return false
  return ctx.db.transaction().execute((tx) => cancelOrderTx(tx, ctx.modules, orderId, reason, 'system'))
}

/** The expiry job: unpaid orders past expire_at, each through expireOrder; one order's gateway error skips only it. */
export async function expireUnpaidOrders(ctx: PaymentCtx, now = Date.now(), limit = 200): Promise<number> {
  const due = await ctx.db.selectFrom('orders').select(['id', 'orderNo']).where('status', '=', 'unpaid').where('expireAt', '<=', now).orderBy('expireAt').limit(limit).execute()
  let n = 0
  for (const o of due) {
    try {
      if (await expireOrder(ctx, o.id)) n += 1
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, orderNo: o.orderNo }, 'order expiry deferred: gateway check failed')
    }
  }
  return n
}

/** A refund's result, from its notification or a query: an after-sales case's refund, or a late payment's. */
export async function handleRefundResult(ctx: PaymentCtx, r: RefundQuery): Promise<boolean> {
  if (await settleCaseRefund(ctx, r)) return true
  return settleLateRefund(ctx.db, r)
}

/**
 * The refund check job: late payments still to give back (never refunded, refused, or processing) and after-sales
 * refunds still processing are queried at the gateway and settled; a late payment's refund the gateway does not
 * know is sent (again: the same refund number, so never twice).
 */
export async function checkRefunds(ctx: PaymentCtx, limit = 100): Promise<{ settled: number }> {
  let settled = 0
  const late = await ctx.db.selectFrom('payments').select(['payNo', 'provider']).where('status', '=', 'refund_pending').orderBy('updatedAt').limit(limit).execute()
  for (const p of late) {
    try {
      const q = await getPaymentProvider(ctx, p.provider).queryRefund(lateRefundNo(p.payNo))
      if (!q) await refundLatePayment(ctx, p.payNo)
      else if (await settleLateRefund(ctx.db, q)) settled += q.status === 'processing' ? 0 : 1
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, payNo: p.payNo }, 'late refund check failed')
    }
  }
  for (const c of await processingRefundCases(ctx.db, limit)) {
    try {
      const q = await getPaymentProvider(ctx, c.provider).queryRefund(c.refundNo!)
      if (q && q.status !== 'processing' && (await settleCaseRefund(ctx, q))) settled += 1
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, refundNo: c.refundNo }, 'refund query failed')
    }
  }
  return { settled }
}
