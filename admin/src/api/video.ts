import type { OkReply } from '@contract/admin'
import type { AdminVideoCommentPage, AdminVideoCommentQuery, AdminVideoPage, AdminVideoQuery } from '@contract/adminContent'
import { del, get, post } from '../core/request'

// 短视频
export const videoList = (q: AdminVideoQuery) => get<AdminVideoPage>('/videos', q)
export const approveVideo = (id: number) => post<OkReply>(`/videos/${id}/approve`)
export const takeDownVideo = (id: number, reason: string) => post<OkReply>(`/videos/${id}/take-down`, { reason })
export const videoComments = (q: AdminVideoCommentQuery) => get<AdminVideoCommentPage>('/video-comments', q)
export const hideComment = (id: number, hidden: boolean) => post<OkReply>(`/video-comments/${id}/hidden`, { hidden })
export const deleteComment = (id: number) => del<OkReply>(`/video-comments/${id}`)
