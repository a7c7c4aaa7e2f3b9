// 盲盒 (server module turntable): the pool, prizes, draws and their shipping.
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { ShipBody } from '@contract/adminOrders'
import type { AdminDrawRecordPage, BlindBoxView, DrawRecordQuery, PoolBody, PrizeInput } from '@contract/adminRewards'
import { get, post, put } from '../core/request'

export const blindBox = () => get<BlindBoxView>('/blind-box')
export const saveBlindBoxCost = (cost: number) => put<OkReply>('/blind-box/settings', { cost })
export const savePool = (body: PoolBody) => put<BlindBoxView>('/blind-box/pool', body)
export const createPrize = (body: PrizeInput) => post<IdReply>('/blind-box/prizes', body)
export const updatePrize = (id: number, body: PrizeInput) => put<IdReply>(`/blind-box/prizes/${id}`, body)
export const drawRecords = (q: DrawRecordQuery) => get<AdminDrawRecordPage>('/blind-box/records', q)
export const shipPrize = (id: number, body: ShipBody) => post<OkReply>(`/blind-box/records/${id}/ship`, body)
