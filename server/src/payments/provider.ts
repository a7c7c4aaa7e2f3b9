/**
 * A payment gateway. The order module asks it for the client's pay params and hands its verified
 * notifications to one notify path (the same for every provider), which is idempotent and checks the amount.
 */
export type PayChannel = 'sandbox' | 'wechat_jsapi' | 'wechat_mini'

export interface PrepayInput {
  payNo: string // our payment number (out_trade_no)
  amount: number // fen
  description: string
  channel: PayChannel
  openId?: string | null // payer openid for WeChat JSAPI / mini-program
  expiresAt: number
}

export interface PrepayResult {
  /** What the client passes to chooseWXPay / requestPayment, or the sandbox ticket. */
  params: Record<string, string>
}

/** A verified payment notification, already decrypted. */
export interface PaidNotice {
  payNo: string
  transactionId: string
  amount: number // fen actually paid
  paidAt: number
}

export interface RefundInput {
  payNo: string
  refundNo: string
  refundAmount: number
  totalAmount: number
  reason: string
}

export interface RefundResult {
  status: 'success' | 'processing' | 'failed'
  refundId: string
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechatpay'
  prepay(input: PrepayInput): Promise<PrepayResult>
  /** Verifies a raw notification (headers + body); returns the notice or throws. */
  verifyNotify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PaidNotice>
  refund(input: RefundInput): Promise<RefundResult>
}
