/** Logistics (/common/getAllExpress, /api/logistics/trace). */

export interface ExpressCompany {
  code: string
  name: string
  phone: string
}

export interface LogisticsTrace {
  time: number
  text: string
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
  /** Newest first. */
  traces: LogisticsTrace[]
  image: string
  itemCount: number
}
