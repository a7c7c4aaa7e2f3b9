import crypto from 'node:crypto'
import type { PaymentCtx } from '../../payments'
import { logOrder, receiveOrderTx } from '../order/service'
import '../../db/moneyTables'

/**
 * The mini-program's message push (plain JSON mode, URL set in the mini-program admin with token WX_MINI_PUSH_TOKEN):
 * WeChat's trade-management events for orders paid in the mini-program.
 * - trade_manage_order_settlement: the buyer confirmed receipt in WeChat (or WeChat confirmed it) and the funds are
 *   settled: a shipped order of ours becomes received (once, by the same conditional step as the member's confirm).
 * - trade_manage_remind_shipping: WeChat reminds that shipping info is missing: the order's upload is sent again now.
 * Other events are acknowledged and ignored.
 */

/** WeChat's push signature: SHA1 of token, timestamp and nonce sorted and joined. */
export function pushSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')
}

export function verifyPush(token: string, q: { signature?: string; timestamp?: string; nonce?: string }): boolean {
  if (!token || !q.signature || !q.timestamp || !q.nonce) return false
  const want = Buffer.from(pushSignature(token, q.timestamp, q.nonce))
  const got = Buffer.from(String(q.signature))
  return want.length === got.length && crypto.timingSafeEqual(want, got)
}

/** Handles one verified event; returns what was done (for logs and tests). */
export async function handleTradeEvent(ctx: Pick<PaymentCtx, 'db' | 'log' | 'modules'>, ev: Record<string, unknown>): Promise<'received' | 'requeued' | 'ignored'> {
  const event = String(ev.Event || '')
  const transactionId = String(ev.transaction_id || '')
  const payNo = String(ev.merchant_trade_no || '')
  if (event !== 'trade_manage_order_settlement' && event !== 'trade_manage_remind_shipping') return 'ignored'
  let q = ctx.db.selectFrom('payments').select(['orderId']).where('status', 'in', ['paid', 'refunded'])
  q = transactionId ? q.where('transactionId', '=', transactionId) : q.where('payNo', '=', payNo)
  const pay = await q.executeTakeFirst()
  if (!pay) {
    ctx.log.warn({ event, transactionId, payNo }, 'trade event for an unknown payment')
    return 'ignored'
  }
  if (event === 'trade_manage_remind_shipping') {
    const res = await ctx.db
      .updateTable('shippingUploads')
      .set({ status: 'pending', attempts: 0, nextAt: Date.now(), updatedAt: Date.now() })
      .where('orderId', '=', pay.orderId)
      .where('status', 'in', ['failed', 'pending'])
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1 ? 'requeued' : 'ignored'
  }
  const at = Number(ev.confirm_receive_time) > 0 ? Number(ev.confirm_receive_time) * 1000 : Date.now()
  const done = await ctx.db.transaction().execute(async (tx) => {
    if (!(await receiveOrderTx(tx, ctx.modules, pay.orderId, 'gateway', at))) return false
    await logOrder(
      tx,
      pay.orderId,
      'to_review',
      'to_review',
      'wechat_settlement',
      'gateway',
      Number(ev.confirm_receive_method) === 2 ? '微信自动确认收货，货款已结算' : '买家在微信中确认收货，货款已结算',
    )
    return true
  })
  return done ? 'received' : 'ignored'
}
