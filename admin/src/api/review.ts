import type { OkReply } from '@contract/admin'
import type { AdminReviewPage, AdminReviewQuery } from '@contract/adminContent'
import { get, post } from '../core/request'

// 评价
export const reviewList = (q: AdminReviewQuery) => get<AdminReviewPage>('/reviews', q)
export const hideReview = (id: number, hidden: boolean) => post<OkReply>(`/reviews/${id}/hidden`, { hidden })
export const replyReview = (id: number, reply: string) => post<OkReply>(`/reviews/${id}/reply`, { reply })
