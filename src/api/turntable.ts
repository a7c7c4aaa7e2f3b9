import type { DrawRecord, DrawRecordPage, DrawResponse, PrizePool, ToReceiveResponse } from '@contract/turntable'
import { get, post, type RequestOptions } from '@/core/request'

export const getPrizePool = (opts?: RequestOptions) => get<PrizePool>('/api/turntable/prizes', undefined, opts)

/** Spends points on one draw; the server picks the prize. */
export const redeemIntegral = (requestId: string, opts?: RequestOptions) => post<DrawResponse>('/api/turntable/redeemIntegral', { requestId }, opts)

export const getRecordList = (page: number, pageSize = 20, onlyWon = false, opts?: RequestOptions) => get<DrawRecordPage>('/api/turntable/recordList', { page, pageSize, onlyWon }, opts)

/** Claims a prize (GET, as the spec lists it). */
export const toReceive = (recordId: number, opts?: RequestOptions) => get<ToReceiveResponse>('/api/turntable/toReceive', { recordId }, opts)

export const writeAddress = (recordId: number, addressId: number, opts?: RequestOptions) => post<DrawRecord>('/api/turntable/writeAddress', { recordId, addressId }, opts)
