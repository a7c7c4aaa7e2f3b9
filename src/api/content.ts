import type { ActivityDetail, ActivityPage, ActivityStatus, CheckWebUrlResponse, NoticeDetail, NoticePage, WebViewKind } from '@contract/content'
import { get, type RequestOptions } from '@/core/request'

const LIST: RequestOptions = { catch: true, auth: false }

export const getNotices = (page: number, pageSize = 20) => get<NoticePage>('/api/content/noticeList', { page, pageSize }, LIST)
export const getNoticeDetail = (id: number) => get<NoticeDetail>('/api/content/noticeDetail', { id }, LIST)
export const getActivities = (status: ActivityStatus | 'all', page: number, pageSize = 10) => get<ActivityPage>('/api/content/activityList', { status, page, pageSize }, LIST)
export const getActivityDetail = (id: number) => get<ActivityDetail>('/api/content/activityDetail', { id }, LIST)
/** Asks the server whether a web-view page may open the address (token appended for activity pages). */
export const checkWebUrl = (url: string, kind: WebViewKind) => get<CheckWebUrlResponse>('/api/content/checkWebUrl', { url, kind }, { catch: true, toast: false })
