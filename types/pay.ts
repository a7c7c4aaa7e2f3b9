/** Payment (/api/pay/*). The prepay answer has the shape of PayParams in src/platform/types.ts. */

import { Enum, Obj, Str, type Static } from './schema'
import { OrderNo, OrderNoQuery } from './order'

/** wechat_h5: WeChat Pay H5 in a phone browser outside WeChat (redirect to h5_url, back to the pay-status page). */
export const PAY_CHANNELS = ['sandbox', 'wechat_jsapi', 'wechat_mini', 'wechat_h5'] as const
export type PayChannel = (typeof PAY_CHANNELS)[number]
const PayNo = () => Str(32, 1, { pattern: '^[A-Za-z0-9]+$' })

export const PrepayRequest = Obj({ orderNo: OrderNo(), channel: Enum(PAY_CHANNELS) })
export type PrepayRequest = Static<typeof PrepayRequest>

export interface PrepayResponse {
  channel: PayChannel
  payNo: string
  amount: number
  /** wechat: appId, timeStamp, nonceStr, package, signType, paySign; wechat_h5: h5Url; sandbox: ticket. */
  params: Record<string, string>
}

export const SandboxConfirmRequest = Obj({ payNo: PayNo(), ticket: Str(1024, 1) })
export type SandboxConfirmRequest = Static<typeof SandboxConfirmRequest>
export const SandboxCancelRequest = Obj({ payNo: PayNo() })
export type SandboxCancelRequest = Static<typeof SandboxCancelRequest>
/** GET /api/pay/status. */
export const PayStatusQuery = OrderNoQuery
export type PayStatusQuery = Static<typeof PayStatusQuery>

export interface PayStatus {
  orderNo: string
  /** Order status (see types/order.ts). */
  status: string
  paid: boolean
  payAmount: number
  /** Points paid beside the cash on a points-mall order (「¥12.00 + 1200 积分」); 0 for other orders. */
  pointsPaid: number
  paidAt: number | null
}

/** A payment's method as the merchant reads it (payments.provider + channel): 沙箱支付 for the demo gateway, else 微信支付. */
export function payMethodText(provider: string, channel: string): string {
  if (channel === 'balance') return '余额支付'
  if (provider === 'sandbox' || channel === 'sandbox') return '沙箱支付'
  if (provider === 'wechatpay' || channel.startsWith('wechat')) return '微信支付'
  return '其他支付'
}
