// 营销 → 充值 and 财务 → 充值订单 (server module balance, /balance/recharge*): packages, the 充值金额可提现 setting, recharge orders, daily snapshots.
import type { AdminRechargePackages, AdminRechargePage, AdminRechargeQuery, RechargePackageBody, RechargeSettingsBody, AdminBalanceSnapshot } from '@contract/balanceRecharge'
import { del, get, post, put } from '../core/request'

export const rechargePackages = () => get<AdminRechargePackages>('/balance/recharge-packages')
export const createRechargePackage = (body: RechargePackageBody) => post<{ id: number }>('/balance/recharge-packages', body)
export const updateRechargePackage = (id: number, body: RechargePackageBody) => put<{ ok: boolean }>(`/balance/recharge-packages/${id}`, body)
export const deleteRechargePackage = (id: number) => del<{ ok: boolean }>(`/balance/recharge-packages/${id}`)
export const saveRechargeSettings = (body: RechargeSettingsBody) => put<{ ok: boolean }>('/balance/recharge-settings', body)
export const rechargeOrders = (q: AdminRechargeQuery) => get<AdminRechargePage>('/balance/recharges', q)
export const balanceSnapshots = () => get<AdminBalanceSnapshot[]>('/balance/snapshots')
