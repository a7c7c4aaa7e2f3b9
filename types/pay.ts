/** Payment (/api/pay/*). The prepay answer has the shape of PayParams in src/platform/types.ts. */

/** wechat_h5: WeChat Pay H5 in a phone browser outside WeChat (redirect to h5_url, back to the pay-status page). */
export type PayChannel = 'sandbox' | 'wechat_jsapi' | 'wechat_mini' | 'wechat_h5'

export interface PrepayRequest {
  orderNo: string
  channel: PayChannel
}

export interface PrepayResponse {
  channel: PayChannel
  payNo: string
  amount: number
  /** wechat: appId, timeStamp, nonceStr, package, signType, paySign; wechat_h5: h5Url; sandbox: ticket. */
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
