// 好评返现 (server module cashback): campaigns and tasks.
import type { IdReply } from '@contract/adminGoods'
import type { AdminCampaignPage, AdminCashbackTaskPage, CampaignInput, CampaignQuery, CashbackDecisionReply, CashbackTaskQuery } from '@contract/adminRewards'
import { get, post, put } from '../core/request'

export const campaigns = (q: CampaignQuery) => get<AdminCampaignPage>('/cashback/campaigns', q)
export const createCampaign = (body: CampaignInput) => post<IdReply>('/cashback/campaigns', body)
export const updateCampaign = (id: number, body: CampaignInput) => put<IdReply>(`/cashback/campaigns/${id}`, body)
export const cashbackTasks = (q: CashbackTaskQuery) => get<AdminCashbackTaskPage>('/cashback/tasks', q)
export const approveCashback = (id: number) => post<CashbackDecisionReply>(`/cashback/tasks/${id}/approve`)
export const refuseCashback = (id: number, reason: string) => post<CashbackDecisionReply>(`/cashback/tasks/${id}/refuse`, { reason })
