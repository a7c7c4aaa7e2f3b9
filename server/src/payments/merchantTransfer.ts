import type { PaymentCtx } from './index'
import { AppError, ErrorCode } from '../errors'
import { getPaymentProvider } from './index'
import { isWechatPay, WechatPayError, type WechatPay } from './wechatpay'

/**
 * What agent payouts (modules/agent/payout.ts) and balance withdrawals (modules/balance/withdraw.ts) share of the WeChat
 * Pay merchant transfer (docs/wechat.md "Transfer"): the gateway, the payee's app and openid, the final states and
 * which create failures are definite. Each caller keeps its own rows and words.
 */

/** Transfer states after which nothing changes any more. */
export const FINAL_TRANSFER_STATES = ['SUCCESS', 'FAIL', 'CANCELLED']

/** The WeChat Pay gateway, or `unavailable` (a Chinese message for the person) when WeChat Pay is not in use. */
export function transferGateway(ctx: PaymentCtx, unavailable: string): WechatPay {
  if (ctx.config.payProvider !== 'wechatpay') throw new AppError(ErrorCode.PAY_FAILED, unavailable)
  const p = getPaymentProvider(ctx, 'wechatpay')
  if (!isWechatPay(p)) throw new AppError(ErrorCode.PAY_FAILED, unavailable)
  return p
}

/** The payee's WeChat identity: the mini-program's when the member has one, else the official account's; null when neither. */
export async function transferPayeeOf(ctx: Pick<PaymentCtx, 'db' | 'config'>, memberId: number): Promise<{ appId: string; openId: string } | null> {
  const m = await ctx.db.selectFrom('members').select(['openidMini', 'openidH5']).where('id', '=', memberId).executeTakeFirst()
  const w = ctx.config.wechat
  if (m?.openidMini && w.miniAppId) return { appId: w.miniAppId, openId: m.openidMini }
  if (m?.openidH5 && w.h5AppId) return { appId: w.h5AppId, openId: m.openidH5 }
  return null
}

/** The payee, or `unbound` (a Chinese message) when the member never logged in through WeChat. */
export async function transferPayee(ctx: Pick<PaymentCtx, 'db' | 'config'>, memberId: number, unbound: string) {
  const to = await transferPayeeOf(ctx, memberId)
  if (!to) throw new AppError(ErrorCode.PAY_FAILED, unbound)
  return to
}

/** A create failure WeChat answered definitely (4xx other than rate limiting, or not a gateway error at all): nothing was created. */
export function isDefiniteTransferFailure(err: unknown): boolean {
  return !(err instanceof WechatPayError) || (err.status >= 400 && err.status < 500 && err.gatewayCode !== 'FREQUENCY_LIMITED')
}
