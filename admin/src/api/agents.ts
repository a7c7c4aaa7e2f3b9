import type { OkReply } from '@contract/admin'
import type {
  AdminAgentApplicationPage,
  AdminAgentDetail,
  AdminAgentPage,
  AdminLedgerPage,
  AdminWithdrawalPage,
  AdminWithdrawalQuery,
  AgentApplicationQuery,
  AgentQuery,
  AgentRateBody,
  AgentRules,
  AgentRulesReply,
  LedgerQuery,
  PayByHandBody,
  RefuseBody,
  SuspendAgentBody,
  WithdrawalAccountReply,
} from '@contract/adminAgents'
import { buildUrl, get, post, put, type Query } from '../core/request'

export const applicationList = (q: AgentApplicationQuery) => get<AdminAgentApplicationPage>('/agents/applications', q)
export const approveApplication = (id: number) => post<OkReply>(`/agents/applications/${id}/approve`)
export const refuseApplication = (id: number, body: RefuseBody) => post<OkReply>(`/agents/applications/${id}/refuse`, body)
export const agentList = (q: AgentQuery) => get<AdminAgentPage>('/agents', q)
export const agentDetail = (shopId: number) => get<AdminAgentDetail>(`/agents/${shopId}`)
export const setAgentRate = (shopId: number, body: AgentRateBody) => put<OkReply>(`/agents/${shopId}/rate`, body)
export const suspendAgent = (shopId: number, body: SuspendAgentBody) => post<OkReply>(`/agents/${shopId}/suspend`, body)
export const reinstateAgent = (shopId: number) => post<OkReply>(`/agents/${shopId}/reinstate`)
export const agentRules = () => get<AgentRulesReply>('/agents/rules')
export const saveAgentRules = (body: AgentRules) => put<AgentRulesReply>('/agents/rules', body)
export const agentLedger = (q: LedgerQuery) => get<AdminLedgerPage>('/agents/ledger', q)

export const withdrawalList = (q: AdminWithdrawalQuery) => get<AdminWithdrawalPage>('/withdrawals', q)
export const withdrawalsExportUrl = (q: Omit<AdminWithdrawalQuery, 'page' | 'pageSize'>) => buildUrl('/withdrawals/export', q as Query)
export const payByHand = (id: number, body: PayByHandBody) => post<OkReply>(`/withdrawals/${id}/pay`, body)
export const refuseWithdrawal = (id: number, body: RefuseBody) => post<OkReply>(`/withdrawals/${id}/refuse`, body)
export const transferWithdrawal = (id: number) => post<OkReply>(`/withdrawals/${id}/transfer`)
/** The full bank account of a withdrawal to pay by hand (audited on the server each time). */
export const withdrawalAccount = (id: number) => post<WithdrawalAccountReply>(`/withdrawals/${id}/account`, {})

/** Every agent's commission ledger (an agent's detail, 代理 → 佣金流水, 财务 → 资金流水), and its CSV. */
export const agentLedgerExportUrl = (q: Omit<LedgerQuery, 'page' | 'pageSize'>) => buildUrl('/agents/ledger/export', q as Query)
