import type { AppContext } from '../../context'
import type { Db } from '../../db/types'
import type { PayChannel } from '../../payments/provider'
import type { PayStatus, PrepayResponse } from '../../../../types/pay'
import { AppError, ErrorCode } from '../../errors'
import { CHANNELS, getPaymentProvider } from '../../payments'
import { PAID_STATES, gatewayAmount, ownOrder } from '../order/service'
import { handlePaidNotice } from './notify'
import { payerOpenId, pendingPayNo } from './paymentRow'
import type { SandboxProvider } from '../../payments/sandbox'
import { checkWithGateway, expireOrder } from './settle'
import { rechargePayStatus } from '../balance/recharge'

export { handlePaidNotice, refundLatePayment, settleLateRefund, lateRefundNo, type NoticeOutcome } from './notify'

/** Asks the configured provider for the client's pay params (reusing the order's pending payment of that channel). */
export async function prepay(ctx: AppContext, memberId: number, orderNo: string, asked: PayChannel, clientIp = ''): Promise<PrepayResponse> {
  const { db, config } = ctx
  // Without WeChat Pay (the demo, development) the mini-program pays through the sandbox like the H5: the answer's
  // channel tells the client which step to show (its sandbox confirm, or requestPayment with WeChat Pay).
  const channel: PayChannel = config.payProvider === 'sandbox' && asked === 'wechat_mini' ? 'sandbox' : asked
  const o = await ownOrder(db, memberId, orderNo)
  if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, PAID_STATES.includes(o.status) ? '订单已支付' : '订单已取消，无法支付')
  const t = Date.now()
  if (o.expireAt <= t) {
    // The same check as the expiry job: a payment that landed meanwhile makes the order paid, not cancelled.
    if (await expireOrder(ctx, o.id)) throw new AppError(ErrorCode.ORDER_STATE, '订单已超时取消')
    const now = await ownOrder(db, memberId, orderNo)
    throw new AppError(ErrorCode.ORDER_STATE, PAID_STATES.includes(now.status) ? '订单已支付' : '订单正在支付中，请稍后刷新')
  }
  const providerName = config.payProvider
  if (!CHANNELS[providerName].includes(channel)) throw new AppError(ErrorCode.PAY_FAILED, '当前环境不支持该支付方式')
  const provider = getPaymentProvider(ctx, providerName)
  const openId = await payerOpenId(db, memberId, channel)
  // The balance's part is held on the order (docs/balance.md): the gateway is asked only for the rest.
  const amount = gatewayAmount(o)
  const payNo = await pendingPayNo(db, { for: { orderId: o.id }, memberId, channel, provider: providerName, amount, expireAt: o.expireAt, now: t })
  const items = await db.selectFrom('orderItems').select('goodsName').where('orderId', '=', o.id).orderBy('id').execute()
  const description = items.length > 1 ? `${items[0].goodsName}等${items.length}件商品` : items[0]?.goodsName || '商城订单'
  const r = await provider.prepay({ payNo, amount, description, channel, openId, expiresAt: o.expireAt, clientIp })
  // H5: the client needs the order number for the pay-status page WeChat sends the shopper back to.
  return { channel, payNo, amount, params: channel === 'wechat_h5' ? { ...r.params, orderNo } : r.params }
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
  const sandbox = getPaymentProvider(ctx, 'sandbox') as SandboxProvider
  // The "gateway" takes the money first (refused once the payment was closed there), then notifies.
  await sandbox.capture(payNo, ticket)
  const notice = await sandbox.verifyNotify({}, raw)
  const { orderNo } = await handlePaidNotice(ctx, notice, raw)
  if (pay.rechargeId) return rechargePayStatus(ctx.db, pay.rechargeId)
  return payStatus(ctx, memberId, orderNo)
}

/** The sandbox gateway's "cancel" step: the payment is closed; the order stays unpaid and can be paid again. */
export async function sandboxCancel(db: Db, memberId: number, payNo: string) {
  const pay = await ownPayment(db, memberId, payNo)
  if (pay.status === 'pending') await db.updateTable('payments').set({ status: 'closed', updatedAt: Date.now() }).where('id', '=', pay.id).where('status', '=', 'pending').execute()
  const now = await db.selectFrom('payments').select('status').where('id', '=', pay.id).executeTakeFirstOrThrow()
  return { payNo, status: now.status }
}

/**
 * The pay-status page's poll. While the order is unpaid, the gateway is asked about its payments (at most every
 * few seconds per order): a payment whose notification has not arrived (or never will) makes the order paid
 * through the same notify path. A gateway error never fails the page: the order's own state is answered.
 */
export async function payStatus(ctx: AppContext, memberId: number, orderNo: string, opts: { check?: boolean } = {}): Promise<PayStatus> {
  let o = await ownOrder(ctx.db, memberId, orderNo)
  if (opts.check && o.status === 'unpaid' && (await claimCheck(ctx, o.id))) {
    try {
      if ((await checkWithGateway(ctx, o.id)) === 'paid') o = await ownOrder(ctx.db, memberId, orderNo)
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, orderNo }, 'payment query failed')
    }
  }
  const pointsPaid = o.orderType === 'points' ? Number(o.pointsUsed) || 0 : 0
  return { orderNo, status: o.status, paid: PAID_STATES.includes(o.status), payAmount: o.payAmount, pointsPaid, paidAt: o.paidAt }
}

/** At most one gateway query per order every PAY_CHECK_SECONDS (WeChat Pay limits query frequency). */
const PAY_CHECK_SECONDS = 3
async function claimCheck(ctx: AppContext, orderId: number): Promise<boolean> {
  const key = `paycheck:${orderId}`
  if (await ctx.cache.get(key)) return false
  await ctx.cache.set(key, '1', PAY_CHECK_SECONDS)
  return true
}
