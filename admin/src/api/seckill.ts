// 秒杀 (server module seckill): sessions, their SKUs and live figures.
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminSeckillSessionDetail, AdminSeckillSessionPage, SeckillLiveReply, SeckillSessionInput, SeckillSessionQuery, SkuOption } from '@contract/adminPromotions'
import { del, get, post, put } from '../core/request'

export const seckillSessions = (q: SeckillSessionQuery) => get<AdminSeckillSessionPage>('/seckill/sessions', q)
export const seckillSession = (id: number) => get<AdminSeckillSessionDetail>(`/seckill/sessions/${id}`)
export const seckillLive = (id: number) => get<SeckillLiveReply>(`/seckill/sessions/${id}/live`)
export const seckillSkus = (keyword: string) => get<SkuOption[]>('/seckill/skus', { keyword })
export const createSeckill = (body: SeckillSessionInput) => post<IdReply>('/seckill/sessions', body)
export const updateSeckill = (id: number, body: SeckillSessionInput) => put<IdReply>(`/seckill/sessions/${id}`, body)
export const deleteSeckill = (id: number) => del<OkReply>(`/seckill/sessions/${id}`)
