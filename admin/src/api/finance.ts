import type { AdminLedgerPage, LedgerQuery } from '@contract/adminAgents'
import type { AdminPaymentPage, AdminRefundPage, DailyQuery, DailyReply, LedgerKind, MemberLedgerPage, MemberLedgerQuery, PaymentQuery, RefundQuery } from '@contract/adminFinance'
import { buildUrl, get, type Query } from '../core/request'

type NoPaging<T> = Omit<T, 'page' | 'pageSize'>
export const paymentList = (q: PaymentQuery) => get<AdminPaymentPage>('/finance/payments', q)
export const paymentsExportUrl = (q: NoPaging<PaymentQuery>) => buildUrl('/finance/payments/export', q as Query)
export const refundList = (q: RefundQuery) => get<AdminRefundPage>('/finance/refunds', q)
export const refundsExportUrl = (q: NoPaging<RefundQuery>) => buildUrl('/finance/refunds/export', q as Query)
export const dailyTotals = (q: DailyQuery) => get<DailyReply>('/finance/daily', q)
export const dailyExportUrl = (q: DailyQuery) => buildUrl('/finance/daily/export', q as Query)
export const memberLedger = (kind: LedgerKind, q: MemberLedgerQuery) => get<MemberLedgerPage>(`/finance/ledgers/${kind}`, q)
export const memberLedgerExportUrl = (kind: LedgerKind, q: NoPaging<MemberLedgerQuery>) => buildUrl(`/finance/ledgers/${kind}/export`, q as Query)
export const agentLedger = (q: LedgerQuery) => get<AdminLedgerPage>('/finance/ledgers/agent', q)
export const agentLedgerExportUrl = (q: NoPaging<LedgerQuery>) => buildUrl('/finance/ledgers/agent/export', q as Query)
