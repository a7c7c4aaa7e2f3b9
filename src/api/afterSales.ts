import type { AfterSaleApplyInfo, AfterSaleApplyItem, AfterSaleApplyRequest, AfterSaleDetail, AfterSalePage, RefundQuote, ReturnShipRequest } from '@contract/afterSales'
import { get, post, type RequestOptions } from '@/core/request'

export const getApplyInfo = (orderNo: string, opts?: RequestOptions) => get<AfterSaleApplyInfo>('/api/afterSales/applyInfo', { orderNo }, opts)

/** The refund limit for a selection of lines (what the apply call will accept at most). */
export const getRefundQuote = (orderNo: string, items: AfterSaleApplyItem[], opts?: RequestOptions) => post<RefundQuote>('/api/afterSales/quote', { orderNo, items }, opts)

export const applyAfterSale = (req: AfterSaleApplyRequest, opts?: RequestOptions) =>
  post<{ afterSaleNo: string; status: 'applied'; amount: number; maxAmount: number }>('/api/afterSales/apply', req, opts)

export const getAfterSaleList = (page: number, pageSize = 10, orderNo?: string, opts?: RequestOptions) => get<AfterSalePage>('/api/afterSales/list', { page, pageSize, orderNo }, opts)

export const getAfterSaleDetail = (afterSaleNo: string, opts?: RequestOptions) => get<AfterSaleDetail>('/api/afterSales/detail', { afterSaleNo }, opts)

export const cancelAfterSale = (afterSaleNo: string, opts?: RequestOptions) => post<{ afterSaleNo: string; status: 'cancelled' }>('/api/afterSales/cancel', { afterSaleNo }, opts)

export const fillReturnShipment = (req: ReturnShipRequest, opts?: RequestOptions) => post<{ afterSaleNo: string; status: 'returned' }>('/api/afterSales/returnShip', req, opts)
