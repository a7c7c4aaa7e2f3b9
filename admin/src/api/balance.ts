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
import { get, post } from '../core/request'

export const balanceSummary = () => get<AdminBalanceSummary>('/balance/summary')
export const balanceMembers = (q: AdminBalanceMemberQuery) => get<AdminBalanceMemberPage>('/balance/members', q)
export const balanceLedger = (q: AdminBalanceLedgerQuery) => get<AdminBalanceLedgerPage>('/balance/ledger', q)
export const adjustBalance = (body: BalanceAdjustBody) => post<BalanceAdjustReply>('/balance/adjust', body)
