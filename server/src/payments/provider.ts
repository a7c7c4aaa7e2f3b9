/**
 * A payment gateway. The order module asks it for the client's pay params and hands its verified
 * notifications to one notify path (the same for every provider), which is idempotent and checks the amount.
 */
export type PayChannel = 'sandbox' | 'wechat_jsapi' | 'wechat_mini' | 'wechat_h5'

export interface PrepayInput {
  payNo: string // our payment number (out_trade_no)
  amount: number // fen
  description: string
  channel: PayChannel
  openId?: string | null // payer openid for WeChat JSAPI / mini-program
  expiresAt: number
  /** The payer's IP (H5 payment's scene_info.payer_client_ip). */
  clientIp?: string
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

/**
 * What the gateway knows of a payment: paid (with the notice the notify path needs), not paid (NOTPAY, or never
 * created there: ORDER_NOT_EXIST), closed, or the shopper is paying right now (do not close it under them).
 */
export type PaymentQuery = { state: 'paid'; notice: PaidNotice } | { state: 'notpay' | 'closed' | 'paying' }

/** A refund's state at the gateway, or null when the gateway has no such refund. */
export interface RefundQuery extends RefundResult {
  refundNo: string
  /** The gateway's words for a failed refund (CLOSED / ABNORMAL). */
  reason?: string
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechatpay'
  prepay(input: PrepayInput): Promise<PrepayResult>
  /** Verifies a raw notification (headers + body); returns the notice or throws. */
  verifyNotify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PaidNotice>
  refund(input: RefundInput): Promise<RefundResult>
  /** Asks the gateway for a payment's state (GET /v3/pay/transactions/out-trade-no/{payNo}). */
  queryPayment(payNo: string): Promise<PaymentQuery>
  /** Closes an unpaid payment at the gateway so it can no longer be paid; throws when it has been paid meanwhile. */
  closePayment(payNo: string): Promise<void>
  /** A refund's state (GET /v3/refund/domestic/refunds/{refundNo}); null when the gateway has none by that number. */
  queryRefund(refundNo: string): Promise<RefundQuery | null>
  /** The gateway's trade bill of a China day (YYYY-MM-DD): successful payments and refunds, amounts in fen. */
  tradeBill(date: string): Promise<TradeBill>
}

export interface TradeBill {
  payments: Array<{ payNo: string; transactionId: string; amount: number }>
  refunds: Array<{ refundNo: string; payNo: string; amount: number }>
}
