import type { BalanceFlow, BalanceLedgerPage, BalanceSummary, PayPasswordSetBody, PayPasswordStatus } from '@contract/balance'
import type { Page } from '@contract/envelope'
import type { BalanceTransferParams, BalanceWithdrawal, BalanceWithdrawBody, BalanceWithdrawInfo } from '@contract/balanceWithdraw'
import { get, post, type RequestOptions } from '@/core/request'

/** The balance, its withdrawable part and what unpaid orders hold. */
export const getBalanceSummary = (opts?: RequestOptions) => get<BalanceSummary>('/api/balance/summary', undefined, opts)

/** The balance ledger, newest first: all, credits (in) or debits (out). */
export const getBalanceLedger = (flow: BalanceFlow, page: number, pageSize = 20, opts?: RequestOptions) => get<BalanceLedgerPage>('/api/balance/ledger', { flow, page, pageSize }, opts)

/** 提现: the withdrawable part, the shop's rules, what was withdrawn today. */
export const getWithdrawInfo = (opts?: RequestOptions) => get<BalanceWithdrawInfo>('/api/balance/withdraw/info', undefined, opts)

/** Withdraws `amount` fen of the withdrawable balance to WeChat change (one requestId per tap: a repeat answers the same withdrawal). */
export const applyBalanceWithdraw = (body: BalanceWithdrawBody, opts?: RequestOptions) => post<BalanceWithdrawal>('/api/balance/withdraw/apply', body, opts)

/** The member's withdrawals, newest first. */
export const getBalanceWithdrawals = (page: number, pageSize = 10, opts?: RequestOptions) => get<Page<BalanceWithdrawal>>('/api/balance/withdraw/list', { page, pageSize }, opts)

/** What requestMerchantTransfer needs to confirm the receipt. */
export const getBalanceTransferParams = (withdrawNo: string, opts?: RequestOptions) => get<BalanceTransferParams>('/api/balance/withdraw/transferParams', { withdrawNo }, opts)

/** After confirming: the server asks WeChat for the transfer's state. */
export const refreshBalanceTransfer = (withdrawNo: string, opts?: RequestOptions) => post<BalanceWithdrawal>('/api/balance/withdraw/transferRefresh', { withdrawNo }, opts)

/** 支付密码: whether it is set, until when it is locked, the (masked) phone its code goes to. */
export const getPayPasswordStatus = (opts?: RequestOptions) => get<PayPasswordStatus>('/api/balance/password', undefined, opts)

/** Sends the code for setting the 支付密码 to the member's own phone. */
export const sendPayPasswordCode = (opts?: RequestOptions) => post<{ sent: boolean; cooldown: number }>('/api/balance/password/code', {}, opts)

/** Sets or resets the 支付密码 with that code. */
export const setPayPassword = (body: PayPasswordSetBody, opts?: RequestOptions) => post<PayPasswordStatus>('/api/balance/password', body, opts)
