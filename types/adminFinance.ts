/**
 * The console's 财务 (finance) contract: /admin/api/finance/*. Money in fen, times in ms; days are China days
 * ("2026-11-24"). docs/console.md "财务" lists the paths. Every list has a CSV twin (`…/export`, streamed).
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

/** The validation messages' Chinese names of this contract's fields (server/src/admin/plugin.ts joins the tables). */
export const FINANCE_FIELD_LABELS: Record<string, string> = { orderNo: '订单号', memberId: '会员', day: '日期', kind: '类型' }

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })
const Range = { from: Type.Optional(Day), to: Type.Optional(Day) }

export const PaymentState = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('closed'), Type.Literal('refund_pending'), Type.Literal('refunded')])
export const PaymentQuery = Closed({ ...Range, status: Type.Optional(PaymentState), orderNo: Type.Optional(Str(32)), ...PagingFields })
export type PaymentQuery = Static<typeof PaymentQuery>
export const AdminPayment = Type.Object({
  id: Type.Integer(),
  payNo: Type.String(),
  orderNo: Type.String(),
  provider: Type.String(),
  channel: Type.String(),
  amount: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  transactionId: Type.String(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
})
export type AdminPayment = Static<typeof AdminPayment>
export const AdminPaymentPage = PageOf(AdminPayment)
export type AdminPaymentPage = Static<typeof AdminPaymentPage>

/** Refunds: after-sales refunds and late payments given back (a payment landing on a cancelled order). */
export const RefundState = Type.Union([Type.Literal('refunding'), Type.Literal('refunded'), Type.Literal('failed')])
export const RefundQuery = Closed({ ...Range, status: Type.Optional(RefundState), orderNo: Type.Optional(Str(32)), ...PagingFields })
export type RefundQuery = Static<typeof RefundQuery>
export const AdminRefund = Type.Object({
  kind: Type.Union([Type.Literal('afterSale'), Type.Literal('latePayment')]),
  refNo: Type.String(),
  refundNo: Type.String(),
  orderNo: Type.String(),
  amount: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  providerRefundId: Type.String(),
  /** 沙箱支付 / 微信支付: how the refunded money was paid (payMethodText). */
  payMethod: Type.String(),
  error: Type.String(),
  refundedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
})
export type AdminRefund = Static<typeof AdminRefund>
export const AdminRefundPage = PageOf(AdminRefund)
export type AdminRefundPage = Static<typeof AdminRefundPage>

export const DailyQuery = Closed({ ...Range })
export type DailyQuery = Static<typeof DailyQuery>
/** One China day: paid = payments paid that day; refunded = refunds completed that day; net = paid − refunded. */
export const DailyTotal = Type.Object({ day: Type.String(), paidCount: Type.Integer(), paid: Type.Integer(), refundCount: Type.Integer(), refunded: Type.Integer(), net: Type.Integer() })
export type DailyTotal = Static<typeof DailyTotal>
export const DailyReply = Type.Object({ days: Type.Array(DailyTotal), total: DailyTotal })
export type DailyReply = Static<typeof DailyReply>

export const LedgerKind = Type.Union([Type.Literal('points'), Type.Literal('cashback')])
export type LedgerKind = Static<typeof LedgerKind>
export const MemberLedgerQuery = Closed({ ...Range, memberId: Type.Optional(Id()), ...PagingFields })
export type MemberLedgerQuery = Static<typeof MemberLedgerQuery>
export const KindParams = Closed({ kind: LedgerKind })
export const MemberLedgerEntry = Type.Object({
  id: Type.Integer(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  nickname: Type.String(),
  change: Type.Integer(),
  balanceAfter: Type.Integer(),
  reason: Type.String(),
  note: Type.String(),
  createdAt: Type.Integer(),
})
export type MemberLedgerEntry = Static<typeof MemberLedgerEntry>
/** Points (in points) or cashback (in fen); `income` / `expense` are the sums over the whole filter. */
export const MemberLedgerPage = Type.Object({
  list: Type.Array(MemberLedgerEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  income: Type.Integer(),
  expense: Type.Integer(),
})
export type MemberLedgerPage = Static<typeof MemberLedgerPage>
