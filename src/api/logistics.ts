import type { ExpressCompany, LogisticsInfo, WechatWaybillToken } from '@contract/logistics'
import { get, post, type RequestOptions } from '@/core/request'

/** SPEC.md section 7: GET /common/getAllExpress (no /api prefix, no token). */
export const getAllExpress = (opts?: RequestOptions) => get<ExpressCompany[]>('/common/getAllExpress', undefined, { auth: false, ...opts })

export const getLogisticsTrace = (orderNo: string, opts?: RequestOptions) => get<LogisticsInfo>('/api/logistics/trace', { orderNo }, opts)

/** 刷新: the server asks the courier (at most once per shipment every few minutes) and answers the page's data. */
export const refreshLogisticsTrace = (orderNo: string, opts?: RequestOptions) => post<LogisticsInfo>('/api/logistics/refresh', { orderNo }, opts)

/** 微信物流详情 (mini-program): the token WeChat's 物流查询 plug-in opens the waybill with. */
export const getWechatWaybillToken = (orderNo: string, opts?: RequestOptions) => post<WechatWaybillToken>('/api/logistics/wechat-waybill', { orderNo }, opts)
