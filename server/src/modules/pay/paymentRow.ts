import type { Db } from '../../db/types'
import type { PayChannel } from '../../payments/provider'
import { makeOrderNo } from '../order/service'

/** What a payment pays: an order, or a balance recharge (docs/balance.md: a payment row with `recharge_id`, `order_id` 0). */
export type PaymentFor = { orderId: number } | { rechargeId: number }

/**
 * The payment number to send to the gateway: the pending payment of this order or recharge on this channel, provider
 * and amount when there is one (paying again reuses it), else a new pending row. Used by order prepay and recharge
 * prepay alike.
 */
export async function pendingPayNo(db: Db, p: { for: PaymentFor; memberId: number; channel: PayChannel; provider: string; amount: number; expireAt: number; now: number }): Promise<string> {
  const existing = await db
    .selectFrom('payments')
    .select('payNo')
    .$call((q) => ('orderId' in p.for ? q.where('orderId', '=', p.for.orderId) : q.where('rechargeId', '=', p.for.rechargeId)))
    .where('channel', '=', p.channel)
    .where('provider', '=', p.provider)
    .where('status', '=', 'pending')
    .where('amount', '=', p.amount)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (existing) return existing.payNo
  const payNo = makeOrderNo(p.now, 'P')
  await db
    .insertInto('payments')
    .values({
      payNo,
      ...('orderId' in p.for ? { orderId: p.for.orderId } : { orderId: 0, rechargeId: p.for.rechargeId }),
      memberId: p.memberId,
      channel: p.channel,
      provider: p.provider,
      amount: p.amount,
      status: 'pending',
      transactionId: null,
      paidAt: null,
      rawNotify: null,
      expireAt: p.expireAt,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .execute()
  return payNo
}

/** The payer's openid for a WeChat channel (JSAPI: the official account's, mini-program: the mini-program's); null otherwise. */
export async function payerOpenId(db: Db, memberId: number, channel: PayChannel): Promise<string | null> {
  if (channel !== 'wechat_jsapi' && channel !== 'wechat_mini') return null
  const m = await db.selectFrom('members').select(['openidH5', 'openidMini']).where('id', '=', memberId).executeTakeFirstOrThrow()
  return channel === 'wechat_mini' ? m.openidMini : m.openidH5
}
