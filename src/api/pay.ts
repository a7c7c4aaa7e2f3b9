import type { PayStatus, PrepayResponse } from '@contract/pay'
import type { PayChannel } from '@/platform/types'
import { get, post, type RequestOptions } from '@/core/request'

/** The gateway's params for paymentAdapter.pay (shape of PayParams). */
export const prepay = (orderNo: string, channel: PayChannel, opts?: RequestOptions) => post<PrepayResponse>('/api/pay/prepay', { orderNo, channel }, opts)

export const getPayStatus = (orderNo: string, opts?: RequestOptions) => get<PayStatus>('/api/pay/status', { orderNo }, opts)
