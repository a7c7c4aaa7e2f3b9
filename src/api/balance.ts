import type { BalanceFlow, BalanceLedgerPage, BalanceSummary } from '@contract/balance'
import { get, type RequestOptions } from '@/core/request'

/** The balance, its withdrawable part and what unpaid orders hold. */
export const getBalanceSummary = (opts?: RequestOptions) => get<BalanceSummary>('/api/balance/summary', undefined, opts)

/** The balance ledger, newest first: all, credits (in) or debits (out). */
export const getBalanceLedger = (flow: BalanceFlow, page: number, pageSize = 20, opts?: RequestOptions) => get<BalanceLedgerPage>('/api/balance/ledger', { flow, page, pageSize }, opts)
