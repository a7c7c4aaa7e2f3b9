import type { PayStatus, PrepayResponse, SandboxCancelRequest, SandboxConfirmRequest } from '@contract/pay'
import type { PayChannel } from '@/platform/types'
import { get, post, type RequestOptions } from '@/core/request'

/** The gateway's params for paymentAdapter.pay (shape of PayParams). */
export const prepay = (orderNo: string, channel: PayChannel, opts?: RequestOptions) => post<PrepayResponse>('/api/pay/prepay', { orderNo, channel }, opts)

export const getPayStatus = (orderNo: string, opts?: RequestOptions) => get<PayStatus>('/api/pay/status', { orderNo }, opts)

/** The sandbox gateway (PAY_PROVIDER=sandbox): the shopper confirmed the simulated payment; the server runs the notify path. */
export const sandboxConfirm = (body: SandboxConfirmRequest, opts?: RequestOptions) => post<PayStatus>('/api/pay/sandboxConfirm', body, opts)

/** The sandbox gateway: the shopper cancelled the simulated payment (the payment closes, the order stays unpaid). */
export const sandboxCancel = (body: SandboxCancelRequest, opts?: RequestOptions) => post<{ payNo: string; status: string }>('/api/pay/sandboxCancel', body, opts)
