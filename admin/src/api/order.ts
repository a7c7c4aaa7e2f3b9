import type { OkReply } from '@contract/admin'
import type { AfterSaleActionReply } from '@contract/adminAfterSales'
import type {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderQuery,
  BatchShipBody,
  BatchShipReply,
  OrderPrintSheet,
  PickupLookup,
  PriceChangeBody,
  ReasonBody,
  RemarkBody,
  ShipBody,
  StaffRefundBody,
  TraceBody,
  WaybillBody,
} from '@contract/adminOrders'
import type { IdReply } from '@contract/adminGoods'
import type { AdminPickupPoint, PickupPointInput } from '@contract/adminSettings'
import { buildUrl, del, get, post, put, type Query } from '../core/request'

export interface ExpressCompany {
  code: string
  name: string
  phone: string
}

export const orderList = (q: AdminOrderQuery) => get<AdminOrderPage>('/orders', q)
export const orderDetail = (orderNo: string) => get<AdminOrderDetail>(`/orders/${encodeURIComponent(orderNo)}`)
/** 自提核销: the order behind a pickup code, then its verification. */
export const pickupLookup = (code: string) => get<PickupLookup>('/orders/pickup', { code })
export const pickupVerify = (code: string) => post<{ orderNo: string }>('/orders/pickup/verify', { code })
export const expressCompanies = () => get<ExpressCompany[]>('/orders/express')
export const ship = (orderNo: string, body: ShipBody) => post<OkReply>(`/orders/${encodeURIComponent(orderNo)}/ship`, body)
export const shipBatch = (body: BatchShipBody) => post<BatchShipReply>('/orders/ship-batch', body)
export const correctWaybill = (orderNo: string, body: WaybillBody) => post<OkReply>(`/orders/${encodeURIComponent(orderNo)}/waybill`, body)
export const addTrace = (orderNo: string, body: TraceBody) => post<OkReply>(`/orders/${encodeURIComponent(orderNo)}/trace`, body)
export const remark = (orderNo: string, body: RemarkBody) => post<OkReply>(`/orders/${encodeURIComponent(orderNo)}/remark`, body)
export const cancel = (orderNo: string, body: ReasonBody) => post<OkReply>(`/orders/${encodeURIComponent(orderNo)}/cancel`, body)
export const staffRefund = (orderNo: string, body: StaffRefundBody) => post<AfterSaleActionReply>(`/orders/${encodeURIComponent(orderNo)}/refund`, body)
export const changePrice = (orderNo: string, body: PriceChangeBody) => post<OkReply>(`/orders/${encodeURIComponent(orderNo)}/price`, body)
/** The filtered list as CSV, streamed by the server: a plain link (the session cookie goes with it). */
export const exportUrl = (q: Omit<AdminOrderQuery, 'page' | 'pageSize'>) => buildUrl('/orders/export', q as Query)
/** 导出拣货单: the filtered orders, one row per goods line with 快递公司 and 快递单号 to fill; uploads back into 批量发货. */
export const pickingListUrl = (q: Omit<AdminOrderQuery, 'page' | 'pageSize'>) => buildUrl('/orders/picking-list', q as Query)
/** 发货单 / 拣货单 of the chosen orders. */
export const printSheets = (orderNos: string[]) => get<OrderPrintSheet[]>('/orders/print', { orderNos: orderNos.join(',') })
/** 批量发货's template: the orders waiting to ship, 快递公司 and 运单号 to fill (CSV). */
export const shipTemplateUrl = () => buildUrl('/orders/ship-template')

export const pickupPoints = () => get<AdminPickupPoint[]>('/pickup-points')
export const createPickupPoint = (body: PickupPointInput) => post<IdReply>('/pickup-points', body)
export const updatePickupPoint = (id: number, body: PickupPointInput) => put<IdReply>(`/pickup-points/${id}`, body)
export const deletePickupPoint = (id: number) => del<OkReply>(`/pickup-points/${id}`)
