import type { BuyAgainResponse, GoodsFreight, OrderCounts, OrderDetail, OrderPage, OrderPreview, OrderPreviewRequest, OrderSubmitRequest, OrderSubmitResponse, OrderTab } from '@contract/order'
import { get, post, type RequestOptions } from '@/core/request'

export const previewOrder = (req: OrderPreviewRequest, opts?: RequestOptions) => post<OrderPreview>('/api/order/preview', req, opts)

/** One order per requestId: a repeated submit answers the first order. */
export const submitOrder = (req: OrderSubmitRequest, opts?: RequestOptions) => post<OrderSubmitResponse>('/api/order/submit', req, opts)

export const getOrderList = (status: OrderTab, page: number, pageSize = 10, opts?: RequestOptions) => get<OrderPage>('/api/order/list', { status, page, pageSize }, opts)

export const getOrderDetail = (orderNo: string, opts?: RequestOptions) => get<OrderDetail>('/api/order/detail', { orderNo }, opts)

export const getOrderCounts = (opts?: RequestOptions) => get<OrderCounts>('/api/order/counts', undefined, opts)

export const cancelOrder = (orderNo: string, reason?: string, opts?: RequestOptions) => post<{ orderNo: string; status: string }>('/api/order/cancel', { orderNo, reason }, opts)

export const confirmReceipt = (orderNo: string, opts?: RequestOptions) => post<{ orderNo: string; status: string }>('/api/order/confirmReceipt', { orderNo }, opts)

export const deleteOrder = (orderNo: string, opts?: RequestOptions) => post<{ orderNo: string; deleted: boolean }>('/api/order/delete', { orderNo }, opts)

export const buyAgain = (orderNo: string, opts?: RequestOptions) => post<BuyAgainResponse>('/api/order/buyAgain', { orderNo }, opts)

/** The goods details page's 运费 row: what the checkout charges one unit of this goods (no login needed). */
export const getGoodsFreight = (goodsId: number, opts?: RequestOptions) => get<GoodsFreight>('/api/order/goodsFreight', { goodsId }, opts)
