import type { ActivityDetail, ActivityPage, ActivityStatus, CheckWebUrlResponse, ContentDocument, DocumentKey, NoticeDetail, NoticePage, ShopInfo, WebViewKind } from '@contract/content'
import type { CentreCoupon } from '@contract/coupon'
import { get, type RequestOptions } from '@/core/request'

const LIST: RequestOptions = { catch: true, auth: false }

export const getNotices = (page: number, pageSize = 20) => get<NoticePage>('/api/content/noticeList', { page, pageSize }, LIST)
export const getNoticeDetail = (id: number) => get<NoticeDetail>('/api/content/noticeDetail', { id }, LIST)
export const getActivities = (status: ActivityStatus | 'all', page: number, pageSize = 10) => get<ActivityPage>('/api/content/activityList', { status, page, pageSize }, LIST)
export const getActivityDetail = (id: number) => get<ActivityDetail>('/api/content/activityDetail', { id }, LIST)
/** The coupons an activity offers, with the member's claim state (the token is sent when logged in). */
export const getActivityCoupons = (id: number) => get<{ list: CentreCoupon[] }>('/api/content/activityCoupons', { id }, { catch: true, toast: false })
/** Asks the server whether a web-view page may open the address (token appended for activity pages). */
export const checkWebUrl = (url: string, kind: WebViewKind) => get<CheckWebUrlResponse>('/api/content/checkWebUrl', { url, kind }, { catch: true, toast: false })

/** The user agreement or the privacy policy, as the console last saved it (login page). */
export const getDocument = (key: DocumentKey) => get<ContentDocument>('/api/content/document', { key }, LIST)
/** How shoppers reach customer service on the H5 (server configuration; the mini-program uses WeChat's contact button). */
export const getShopInfo = () => get<ShopInfo>('/api/common/shopInfo', undefined, { catch: true, auth: false, toast: false })
