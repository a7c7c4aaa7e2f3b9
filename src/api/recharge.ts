import type { RechargeOptions, RechargeOrderView } from '@contract/balanceRecharge'
import type { PrepayResponse } from '@contract/pay'
import type { PayChannel } from '@/platform/types'
import { get, post, type RequestOptions } from '@/core/request'

/** The enabled recharge packages and whether recharged money may be withdrawn. */
export const getRechargeOptions = (opts?: RequestOptions) => get<RechargeOptions>('/api/recharge/packages', undefined, opts)

/** An unpaid recharge order for a package. */
export const createRecharge = (packageId: number, opts?: RequestOptions) => post<RechargeOrderView>('/api/recharge/create', { packageId }, opts)

/** The gateway's params for paymentAdapter.pay (same shape as an order's prepay). */
export const prepayRecharge = (rechargeNo: string, channel: PayChannel, opts?: RequestOptions) => post<PrepayResponse>('/api/recharge/prepay', { rechargeNo, channel }, opts)

/** The recharge order's state; while unpaid the server asks the gateway. */
export const getRechargeStatus = (rechargeNo: string, opts?: RequestOptions) => get<RechargeOrderView>('/api/recharge/status', { rechargeNo }, opts)
