import type { AdminAfterSaleDetail, AdminAfterSalePage, AdminAfterSaleQuery, AfterSaleActionReply, ApproveAfterSaleBody } from '@contract/adminAfterSales'
import type { ReasonBody } from '@contract/adminOrders'
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { ReturnAddress, ReturnAddressInput } from '@contract/adminSettings'
import { del, get, post, put } from '../core/request'

export const afterSaleList = (q: AdminAfterSaleQuery) => get<AdminAfterSalePage>('/after-sales', q)
export const afterSaleDetail = (id: number) => get<AdminAfterSaleDetail>(`/after-sales/${id}`)
/** Approve; a return goes to the return address named (absent: the shop's default). */
export const approve = (id: number, body: ApproveAfterSaleBody = {}) => post<AfterSaleActionReply>(`/after-sales/${id}/approve`, body)
export const refuse = (id: number, body: ReasonBody) => post<AfterSaleActionReply>(`/after-sales/${id}/refuse`, body)
export const receive = (id: number) => post<AfterSaleActionReply>(`/after-sales/${id}/receive`)
export const refund = (id: number) => post<AfterSaleActionReply>(`/after-sales/${id}/refund`)

export const returnAddresses = () => get<ReturnAddress[]>('/return-addresses')
export const createReturnAddress = (body: ReturnAddressInput) => post<IdReply>('/return-addresses', body)
export const updateReturnAddress = (id: number, body: ReturnAddressInput) => put<IdReply>(`/return-addresses/${id}`, body)
export const deleteReturnAddress = (id: number) => del<OkReply>(`/return-addresses/${id}`)
