// 财务 → 余额 (server module balance): members' balances, the ledger, the outstanding total, staff adjustments.
import type {
  AdminBalanceLedgerPage,
  AdminBalanceLedgerQuery,
  AdminBalanceMemberPage,
  AdminBalanceMemberQuery,
  AdminBalanceSummary,
  BalanceAdjustBody,
  BalanceAdjustReply,
} from '@contract/adminBalance'
import type { AdminBalanceWithdrawalPage, AdminBalanceWithdrawalQuery, BalanceWithdrawSettings } from '@contract/balanceWithdraw'
import { get, post, put } from '../core/request'

export const balanceSummary = () => get<AdminBalanceSummary>('/balance/summary')
export const balanceMembers = (q: AdminBalanceMemberQuery) => get<AdminBalanceMemberPage>('/balance/members', q)
export const balanceLedger = (q: AdminBalanceLedgerQuery) => get<AdminBalanceLedgerPage>('/balance/ledger', q)
export const adjustBalance = (body: BalanceAdjustBody) => post<BalanceAdjustReply>('/balance/adjust', body)

// 财务 → 余额提现 (docs/balance.md "Withdrawals")
export const balanceWithdrawals = (q: AdminBalanceWithdrawalQuery) => get<AdminBalanceWithdrawalPage>('/balance/withdrawals', q)
export const approveBalanceWithdrawal = (id: number) => post<{ ok: boolean }>(`/balance/withdrawals/${id}/approve`)
export const refuseBalanceWithdrawal = (id: number, reason: string) => post<{ ok: boolean }>(`/balance/withdrawals/${id}/refuse`, { reason })
export const balanceWithdrawSettings = () => get<BalanceWithdrawSettings>('/balance/withdraw-settings')
export const saveBalanceWithdrawSettings = (body: BalanceWithdrawSettings) => put<BalanceWithdrawSettings>('/balance/withdraw-settings', body)
