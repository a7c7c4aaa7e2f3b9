/** Payment (/api/pay/*). The prepay answer has the shape of PayParams in src/platform/types.ts. */

export type PayChannel = 'sandbox' | 'wechat_jsapi' | 'wechat_mini'

export interface PrepayRequest {
  orderNo: string
  channel: PayChannel
}

export interface PrepayResponse {
  channel: PayChannel
  payNo: string
  amount: number
  /** wechat: appId, timeStamp, nonceStr, package, signType, paySign; sandbox: ticket. */
  params: Record<string, string>
}

export interface SandboxConfirmRequest {
  payNo: string
  ticket: string
}

export interface PayStatus {
  orderNo: string
  /** Order status (see types/order.ts). */
  status: string
  paid: boolean
  payAmount: number
  paidAt: number | null
}
