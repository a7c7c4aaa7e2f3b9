import type { AdminAfterSaleDetail, AdminAfterSalePage, AdminAfterSaleQuery, AfterSaleActionReply, ReasonBody } from '@contract/admin'
import { get, post } from '../core/request'

export const afterSaleList = (q: AdminAfterSaleQuery) => get<AdminAfterSalePage>('/after-sales', q)
export const afterSaleDetail = (id: number) => get<AdminAfterSaleDetail>(`/after-sales/${id}`)
export const approve = (id: number) => post<AfterSaleActionReply>(`/after-sales/${id}/approve`)
export const refuse = (id: number, body: ReasonBody) => post<AfterSaleActionReply>(`/after-sales/${id}/refuse`, body)
export const receive = (id: number) => post<AfterSaleActionReply>(`/after-sales/${id}/receive`)
export const refund = (id: number) => post<AfterSaleActionReply>(`/after-sales/${id}/refund`)
