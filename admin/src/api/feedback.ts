import type { OkReply } from '@contract/admin'
import type { AdminFeedbackPage, AdminFeedbackQuery } from '@contract/adminContent'
import { get, post } from '../core/request'

// 反馈
export const feedbackList = (q: AdminFeedbackQuery) => get<AdminFeedbackPage>('/feedback', q)
export const readFeedback = (id: number) => post<OkReply>(`/feedback/${id}/read`)
export const replyFeedback = (id: number, reply: string) => post<OkReply>(`/feedback/${id}/reply`, { reply })
export const closeFeedback = (id: number) => post<OkReply>(`/feedback/${id}/close`)
