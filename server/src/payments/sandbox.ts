import crypto from 'node:crypto'
import { AppError, ErrorCode } from '../errors'
import type { PaidNotice, PaymentProvider, PrepayInput, PrepayResult, RefundInput, RefundResult } from './provider'

/**
 * The sandbox gateway (default): prepay hands the client a ticket signed with HMAC-SHA256(config.sandboxPayKey)
 * over { payNo, amount, exp }. The shop's confirm step posts it back (/api/pay/sandboxConfirm), and
 * verifyNotify checks it like a real gateway's notification: signature, expiry, then the amount it
 * carries goes through the same notify path (which compares it with the payment).
 */
export interface SandboxTicket {
  payNo: string
  amount: number
  exp: number
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url')
const mac = (key: string, body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url')

export function signSandboxTicket(key: string, t: SandboxTicket): string {
  const body = b64(JSON.stringify(t))
  return `${body}.${mac(key, body)}`
}

export function verifySandboxTicket(key: string, ticket: string, now = Date.now()): SandboxTicket {
  const [body, sig] = String(ticket || '').split('.')
  const invalid = () => new AppError(ErrorCode.PAY_FAILED, '支付凭证无效')
  if (!body || !sig) throw invalid()
  const want = Buffer.from(mac(key, body))
  const got = Buffer.from(sig)
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) throw invalid()
  let t: SandboxTicket
  try {
    t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!t || typeof t.payNo !== 'string' || !Number.isInteger(t.amount) || typeof t.exp !== 'number') throw invalid()
  if (t.exp < now) throw new AppError(ErrorCode.PAY_FAILED, '支付已超时，请重新发起支付')
  return t
}

/** The transaction id the sandbox "gateway" assigns: one per payment, so a repeated confirm is a duplicate. */
export const sandboxTransactionId = (payNo: string) => `SB${payNo}`

export function createSandboxProvider(key: string): PaymentProvider {
  return {
    name: 'sandbox',
    async prepay(input: PrepayInput): Promise<PrepayResult> {
      return { params: { ticket: signSandboxTicket(key, { payNo: input.payNo, amount: input.amount, exp: input.expiresAt }) } }
    },
    /** rawBody: JSON { payNo, ticket } as the sandbox confirm step posts it. */
    async verifyNotify(_headers, rawBody: string): Promise<PaidNotice> {
      let body: any
      try {
        body = JSON.parse(rawBody)
      } catch {
        throw new AppError(ErrorCode.PAY_FAILED, '支付凭证无效')
      }
      const t = verifySandboxTicket(key, body?.ticket)
      if (t.payNo !== body?.payNo) throw new AppError(ErrorCode.PAY_FAILED, '支付凭证无效')
      return { payNo: t.payNo, transactionId: sandboxTransactionId(t.payNo), amount: t.amount, paidAt: Date.now() }
    },
    async refund(input: RefundInput): Promise<RefundResult> {
      if (input.refundAmount <= 0 || input.refundAmount > input.totalAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款金额无效')
      return { status: 'success', refundId: `SBR${input.refundNo}` }
    },
  }
}
