import type { FeedbackItem, FeedbackSubmitRequest } from '@contract/feedback'
import { get, post, type RequestOptions } from '@/core/request'

export const submitFeedback = (req: FeedbackSubmitRequest, opts?: RequestOptions) => post<{ id: number }>('/api/feedback/submit', req, opts)

export const getMyFeedback = (opts?: RequestOptions) => get<FeedbackItem[]>('/api/feedback/list', undefined, opts)
