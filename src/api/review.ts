import type { FollowUpRequest, FollowUpResponse, ReviewableOrder, ReviewSubmitRequest, ReviewSubmitResponse } from '@contract/review'
import { get, post, type RequestOptions } from '@/core/request'

/** The order's lines with their review state (evaluate and follow-up pages). */
export const getReviewableOrder = (orderNo: string, opts?: RequestOptions) => get<ReviewableOrder>('/api/review/orderItems', { orderNo }, opts)

export const submitReviews = (req: ReviewSubmitRequest, opts?: RequestOptions) => post<ReviewSubmitResponse>('/api/review/submit', req, opts)

export const submitFollowUp = (req: FollowUpRequest, opts?: RequestOptions) => post<FollowUpResponse>('/api/review/followUp', req, opts)
