import type { CashbackBalance, CashbackCampaign, CashbackLedgerPage, CashbackTaskDetail, CashbackTaskPage, CashbackTaskStatus, SubmitTaskRequest } from '@contract/cashback'
import { get, post, type RequestOptions } from '@/core/request'

/** Live campaigns, each with the caller's next step (visitors get state 'login'). */
export const getCampaigns = (opts?: RequestOptions) => get<CashbackCampaign[]>('/api/cashback/campaigns', undefined, opts)

export const getCampaign = (id: number, opts?: RequestOptions) => get<CashbackCampaign>('/api/cashback/campaign', { id }, opts)

export const getCashbackBalance = (opts?: RequestOptions) => get<CashbackBalance>('/api/cashback/balance', undefined, opts)

export const getCashbackTasks = (page: number, pageSize = 10, status?: CashbackTaskStatus, opts?: RequestOptions) => get<CashbackTaskPage>('/api/cashback/tasks', { page, pageSize, status }, opts)

export const getCashbackTask = (id: number, opts?: RequestOptions) => get<CashbackTaskDetail>('/api/cashback/taskDetail', { id }, opts)

export const getCashbackLedger = (page: number, pageSize = 20, opts?: RequestOptions) => get<CashbackLedgerPage>('/api/cashback/ledger', { page, pageSize }, opts)

export const submitCashbackTask = (req: SubmitTaskRequest, opts?: RequestOptions) => post<{ taskId: number; status: 'submitted'; amount: number }>('/api/cashback/submitTask', req, opts)
