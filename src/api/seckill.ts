import type { SeckillDetail, SeckillPreview, SeckillPreviewRequest, SeckillSubmitRequest, SeckillSubmitResponse, SessionItemsResponse, SessionsResponse } from '@contract/seckill'
import { get, post, type RequestOptions } from '@/core/request'

export const getSeckillSessions = (opts?: RequestOptions) => get<SessionsResponse>('/api/seckill/sessions', undefined, { auth: false, ...opts })

export const getSessionItems = (sessionId: number, opts?: RequestOptions) => get<SessionItemsResponse>('/api/seckill/items', { sessionId }, { auth: false, ...opts })

export const getSeckillDetail = (itemId: number, opts?: RequestOptions) => get<SeckillDetail>('/api/seckill/detail', { itemId }, opts)

export const previewSeckill = (req: SeckillPreviewRequest, opts?: RequestOptions) => post<SeckillPreview>('/api/seckill/preview', req, opts)

/** One order per requestId: a repeated tap answers the first order. */
export const submitSeckill = (req: SeckillSubmitRequest, opts?: RequestOptions) => post<SeckillSubmitResponse>('/api/seckill/submit', req, opts)
