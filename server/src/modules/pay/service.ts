import type { AppContext } from '../../context'
import type { Db } from '../../db/types'
import type { PayChannel, PaidNotice } from '../../payments/provider'
import type { PayStatus, PrepayResponse } from '../../../../types/pay'
import { AppError, ErrorCode } from '../../errors'
import { CHANNELS, getPaymentProvider } from '../../payments'
import { runOrderHooks } from '../order/hooks'
import { PAID_STATES, cancelOrderTx, logOrder, makeOrderNo, ownOrder } from '../order/service'

export type NoticeOutcome = 'paid' | 'duplicate' | 'late'

/**
 * The one notify path, for every provider (the WeChat notify route and the sandbox confirm both end here),
 * called with a notice the provider has already verified. In one transaction:
 * 1. the payment by payNo; already paid with the same transaction id → 'duplicate' (nothing changes);
 * 2. the amount must equal the payment's amount, else refused (nothing changes);
 * 3. payment → paid by conditional update (a concurrent duplicate finds it paid and changes nothing);
 * 4. order unpaid → to_ship by conditional update, log, 'paid' hooks (agent commission...), other pending payments closed.
 * If the order was no longer unpaid (expired and cancelled, or paid through another payment), the payment
 * is marked refund_pending and, after the commit, refunded in full through its provider ('late').
 * The caller answers the gateway only after this returns (i.e. after the commit).
 */
export async function handlePaidNotice(ctx: AppContext, notice: PaidNotice, raw: string): Promise<{ outcome: NoticeOutcome; orderNo: string }> {
  const t = Date.now()
  const result = await ctx.db.transaction().execute(async (tx) => {
    const pay = await tx.selectFrom('payments').selectAll().where('payNo', '=', notice.payNo).executeTakeFirst()
    if (!pay) throw new AppError(ErrorCode.NOT_FOUND, '支付单不存在')
    const order = await tx.selectFrom('orders').select(['id', 'orderNo', 'status']).where('id', '=', pay.orderId).executeTakeFirstOrThrow()
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
      .executeTakeFirst()
    if (Number(up.numUpdatedRows) === 1) {
      await tx.updateTable('payments').set({ status: 'closed', updatedAt: t }).where('orderId', '=', order.id).where('status', '=', 'pending').execute()
      await logOrder(tx, order.id, 'unpaid', 'to_ship', 'pay', 'gateway', `${pay.channel} ${notice.transactionId}`)
      await runOrderHooks(tx, 'paid', order.id, 'gateway')
      return { outcome: 'paid' as const, orderNo: order.orderNo }
    }
    const now = await tx.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()
    await tx.updateTable('payments').set({ status: 'refund_pending', updatedAt: t }).where('id', '=', pay.id).execute()
    await logOrder(tx, order.id, now.status, now.status, 'late_payment', 'gateway', `${now.status === 'cancelled' ? '订单已取消' : '订单已支付'}后收到支付 ${pay.payNo}，原路退回`)
    return { outcome: 'late' as const, orderNo: order.orderNo }
  })
  if (result.outcome === 'late') await refundLatePayment(ctx, notice.payNo)
  return result
}

/** Gives a payment that arrived too late back in full. Failures stay refund_pending for the operator. */
export async function refundLatePayment(ctx: AppContext, payNo: string) {
  const pay = await ctx.db.selectFrom('payments').selectAll().where('payNo', '=', payNo).where('status', '=', 'refund_pending').executeTakeFirst()
  if (!pay) return
  try {
    const r = await getPaymentProvider(ctx, pay.provider).refund({ payNo, refundNo: `R${payNo}`, refundAmount: pay.amount, totalAmount: pay.amount, reason: '订单已关闭，退回支付款' })
    if (r.status !== 'failed') await ctx.db.updateTable('payments').set({ status: 'refunded', updatedAt: Date.now() }).where('id', '=', pay.id).where('status', '=', 'refund_pending').execute()
  } catch (err) {
    ctx.log.error({ err, payNo }, 'refund of a late payment failed')
  }
}

/** Asks the configured provider for the client's pay params (reusing the order's pending payment of that channel). */
export async function prepay(ctx: AppContext, memberId: number, orderNo: string, asked: PayChannel): Promise<PrepayResponse> {
  const { db, config } = ctx
  // Without WeChat Pay (the demo, development) the mini-program pays through the sandbox like the H5: the answer's
  // channel tells the client which step to show (its sandbox confirm, or requestPayment with WeChat Pay).
  const channel: PayChannel = config.payProvider === 'sandbox' && asked === 'wechat_mini' ? 'sandbox' : asked
  const o = await ownOrder(db, memberId, orderNo)
  if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, PAID_STATES.includes(o.status) ? '订单已支付' : '订单已取消，无法支付')
  const t = Date.now()
  if (o.expireAt <= t) {
    await db.transaction().execute((tx) => cancelOrderTx(tx, o.id, '超时未支付，订单自动取消', 'system'))
    throw new AppError(ErrorCode.ORDER_STATE, '订单已超时取消')
  }
  const providerName = config.payProvider
  if (!CHANNELS[providerName].includes(channel)) throw new AppError(ErrorCode.PAY_FAILED, '当前环境不支持该支付方式')
  const provider = getPaymentProvider(ctx, providerName)
  let openId: string | null = null
  if (channel !== 'sandbox') {
    const m = await db.selectFrom('members').select(['openidH5', 'openidMini']).where('id', '=', memberId).executeTakeFirstOrThrow()
    openId = channel === 'wechat_mini' ? m.openidMini : m.openidH5
  }
  const existing = await db
    .selectFrom('payments')
    .select('payNo')
    .where('orderId', '=', o.id)
    .where('channel', '=', channel)
    .where('provider', '=', providerName)
    .where('status', '=', 'pending')
    .where('amount', '=', o.payAmount)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  let payNo = existing?.payNo
  if (!payNo) {
    payNo = makeOrderNo(t, 'P')
    await db
      .insertInto('payments')
      .values({ payNo, orderId: o.id, memberId, channel, provider: providerName, amount: o.payAmount, status: 'pending', transactionId: null, paidAt: null, rawNotify: null, expireAt: o.expireAt, createdAt: t, updatedAt: t })
      .execute()
  }
  const items = await db.selectFrom('orderItems').select('goodsName').where('orderId', '=', o.id).orderBy('id').execute()
  const description = items.length > 1 ? `${items[0].goodsName}等${items.length}件商品` : items[0]?.goodsName || '商城订单'
  const r = await provider.prepay({ payNo, amount: o.payAmount, description, channel, openId, expiresAt: o.expireAt })
  return { channel, payNo, amount: o.payAmount, params: r.params }
}

async function ownPayment(db: Db, memberId: number, payNo: string) {
  const pay = await db.selectFrom('payments').selectAll().where('payNo', '=', payNo).where('memberId', '=', memberId).executeTakeFirst()
  if (!pay) throw new AppError(ErrorCode.NOT_FOUND, '支付单不存在')
  return pay
}

/** The sandbox gateway's "paid" step: verify the ticket like a notification, then the same notify path. */
export async function sandboxConfirm(ctx: AppContext, memberId: number, payNo: string, ticket: string): Promise<PayStatus> {
  const pay = await ownPayment(ctx.db, memberId, payNo)
  if (pay.provider !== 'sandbox') throw new AppError(ErrorCode.PAY_FAILED, '该支付单不是沙箱支付')
  if (pay.status === 'closed') throw new AppError(ErrorCode.PAY_FAILED, '支付已关闭，请重新发起支付')
  const raw = JSON.stringify({ payNo, ticket })
  const notice = await getPaymentProvider(ctx, 'sandbox').verifyNotify({}, raw)
  const { orderNo } = await handlePaidNotice(ctx, notice, raw)
  return payStatus(ctx.db, memberId, orderNo)
}

/** The sandbox gateway's "cancel" step: the payment is closed; the order stays unpaid and can be paid again. */
export async function sandboxCancel(db: Db, memberId: number, payNo: string) {
  const pay = await ownPayment(db, memberId, payNo)
  if (pay.status === 'pending') await db.updateTable('payments').set({ status: 'closed', updatedAt: Date.now() }).where('id', '=', pay.id).where('status', '=', 'pending').execute()
  const now = await db.selectFrom('payments').select('status').where('id', '=', pay.id).executeTakeFirstOrThrow()
  return { payNo, status: now.status }
}

export async function payStatus(db: Db, memberId: number, orderNo: string): Promise<PayStatus> {
  const o = await ownOrder(db, memberId, orderNo)
  return { orderNo, status: o.status, paid: PAID_STATES.includes(o.status), payAmount: o.payAmount, paidAt: o.paidAt }
}
