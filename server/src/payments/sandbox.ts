import crypto from 'node:crypto'
import { AppError, ErrorCode } from '../errors'
import type { Db } from '../db/types'
import type { SandboxGatewayTable } from '../db/moneyTables'
import type { PaidNotice, PaymentProvider, PaymentQuery, PrepayInput, PrepayResult, RefundInput, RefundQuery, RefundResult, TradeBill } from './provider'
import { parseChinaDay } from '../services/chinaTime'

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

/**
 * The sandbox gateway keeps its own record (table sandbox_gateway, like WeChat's side of a payment): a confirm
 * records the payment as paid there before the notify path runs, a close records it closed, a refund records
 * the refund. Query and close then behave as WeChat's do: a payment confirmed at the "gateway" whose
 * notification was lost is found by a query; a closed payment cannot be confirmed any more.
 */
export function createSandboxProvider(key: string, db: Db): SandboxProvider {
  const payKey = (payNo: string) => `pay:${payNo}`
  const record = (k: string) => db.selectFrom('sandboxGateway').selectAll().where('key', '=', k).executeTakeFirst()
  /** Inserts the gateway's record unless one exists; returns the one that is there. */
  const put = async (row: SandboxGatewayTable) => {
    await db
      .insertInto('sandboxGateway')
      .values(row)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    return (await record(row.key))!
  }
  const noticeOf = (payNo: string, r: SandboxGatewayTable): PaidNotice => ({ payNo, transactionId: r.refId, amount: Number(r.amount), paidAt: Number(r.at) })

  const provider: SandboxProvider = {
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
      const r = await record(payKey(t.payNo))
      if (r?.state === 'closed') throw new AppError(ErrorCode.PAY_FAILED, '支付已关闭，请重新发起支付')
      return r ? noticeOf(t.payNo, r) : { payNo: t.payNo, transactionId: sandboxTransactionId(t.payNo), amount: t.amount, paidAt: Date.now() }
    },
    async capture(payNo, ticket) {
      const t = verifySandboxTicket(key, ticket)
      if (t.payNo !== payNo) throw new AppError(ErrorCode.PAY_FAILED, '支付凭证无效')
      const r = await put({ key: payKey(payNo), state: 'paid', refId: sandboxTransactionId(payNo), amount: t.amount, at: Date.now() })
      if (r.state === 'closed') throw new AppError(ErrorCode.PAY_FAILED, '支付已关闭，请重新发起支付')
    },
    async refund(input: RefundInput): Promise<RefundResult> {
      if (input.refundAmount <= 0 || input.refundAmount > input.totalAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款金额无效')
      const r = await put({ key: `refund:${input.refundNo}`, state: 'refunded', refId: `SBR${input.refundNo}`, amount: input.refundAmount, at: Date.now() })
      return { status: 'success', refundId: r.refId }
    },
    async queryPayment(payNo: string): Promise<PaymentQuery> {
      const r = await record(payKey(payNo))
      if (!r) return { state: 'notpay' }
      return r.state === 'paid' ? { state: 'paid', notice: noticeOf(payNo, r) } : { state: 'closed' }
    },
    async closePayment(payNo: string) {
      const r = await put({ key: payKey(payNo), state: 'closed', refId: '', amount: 0, at: Date.now() })
      if (r.state === 'paid') throw new AppError(ErrorCode.PAY_FAILED, '订单已支付')
    },
    async tradeBill(date: string): Promise<TradeBill> {
      const from = parseChinaDay(date)
      const rows = await db
        .selectFrom('sandboxGateway')
        .selectAll()
        .where('at', '>=', from)
        .where('at', '<', from + 86_400_000)
        .where('state', 'in', ['paid', 'refunded'])
        .orderBy('at')
        .execute()
      return {
        payments: rows.filter((r) => r.state === 'paid').map((r) => ({ payNo: r.key.slice(4), transactionId: r.refId, amount: Number(r.amount) })),
        refunds: rows.filter((r) => r.state === 'refunded').map((r) => ({ refundNo: r.key.slice(7), payNo: '', amount: Number(r.amount) })),
      }
    },
    async queryRefund(refundNo: string): Promise<RefundQuery | null> {
      const r = await record(`refund:${refundNo}`)
      return r ? { refundNo, status: 'success', refundId: r.refId } : null
    },
  }
  return provider
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox'
  /** The shopper confirmed on the sandbox page: the gateway records the payment (refused when closed). */
  capture(payNo: string, ticket: string): Promise<void>
}
