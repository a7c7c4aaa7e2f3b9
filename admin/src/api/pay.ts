import type { AdminPaymentPage, AdminRefundPage, DailyQuery, DailyReply, LedgerKind, MemberLedgerPage, MemberLedgerQuery, PaymentQuery, RefundQuery } from '@contract/adminFinance'
import { buildUrl, get, type Query } from '../core/request'

type NoPaging<T> = Omit<T, 'page' | 'pageSize'>
export const paymentList = (q: PaymentQuery) => get<AdminPaymentPage>('/pay/payments', q)
export const paymentsExportUrl = (q: NoPaging<PaymentQuery>) => buildUrl('/pay/payments/export', q as Query)
export const refundList = (q: RefundQuery) => get<AdminRefundPage>('/pay/refunds', q)
export const refundsExportUrl = (q: NoPaging<RefundQuery>) => buildUrl('/pay/refunds/export', q as Query)
export const dailyTotals = (q: DailyQuery) => get<DailyReply>('/pay/daily', q)
export const dailyExportUrl = (q: DailyQuery) => buildUrl('/pay/daily/export', q as Query)
export const memberLedger = (kind: LedgerKind, q: MemberLedgerQuery) => get<MemberLedgerPage>(`/pay/ledgers/${kind}`, q)
export const memberLedgerExportUrl = (kind: LedgerKind, q: NoPaging<MemberLedgerQuery>) => buildUrl(`/pay/ledgers/${kind}/export`, q as Query)
