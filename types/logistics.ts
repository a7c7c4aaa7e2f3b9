/** Logistics (/common/getAllExpress, /api/logistics/trace). */

export interface ExpressCompany {
  code: string
  name: string
  phone: string
}

export interface LogisticsTrace {
  time: number
  text: string
  /** Typed by the shop's staff (not reported by the courier): the page says so. */
  typed: boolean
}

/** The courier's state as 快递100 reports it (shipments.tracking_state), in the shopper's words. */
export const TRACKING_STATE_LABEL: Record<string, string> = {
  collected: '已揽收',
  transit: '运输中',
  delivering: '派送中',
  signed: '已签收',
  problem: '疑难件',
  returned: '已退签',
  returning: '退回中',
  redirected: '转投中',
  customs: '清关中',
  rejected: '已拒签',
}

export interface LogisticsInfo {
  orderNo: string
  orderStatus: string
  expressCode: string
  expressName: string
  expressPhone: string
  trackingNo: string
  shippedAt: number
  receiver: { name: string; phone: string; address: string }
  /** The courier's last state (TRACKING_STATE_LABEL's key); '' when the courier has said nothing yet. */
  trackingState: string
  /** The courier's events reach the shop (快递100 is set up): the page offers 刷新. */
  live: boolean
  /** WeChat's own tracking page can be opened (mini-program only): the merchant turned it on and the order was paid in the mini-program. */
  wechatWaybill: boolean
  /** Newest first. */
  traces: LogisticsTrace[]
  image: string
  itemCount: number
  /** Every parcel of the order, oldest first (包裹1、包裹2…); the fields above are the first one's. */
  parcels: LogisticsParcel[]
}

/** One parcel of an order (a shipment): its courier, number, lines and own tracking. */
export interface LogisticsParcel {
  shipmentId: number
  expressCode: string
  expressName: string
  expressPhone: string
  trackingNo: string
  shippedAt: number
  trackingState: string
  wechatWaybill: boolean
  /** Newest first. */
  traces: LogisticsTrace[]
  items: Array<{ goodsName: string; specText: string; image: string; quantity: number }>
}

/** POST /api/logistics/wechat-waybill: the token the mini-program opens WeChat's tracking page with. */
export interface WechatWaybillToken {
  waybillToken: string
}
