import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { WebLinkInput, WebLinksReply, WebviewHostInput } from '@contract/adminContent'
import type { ActivityInput, ActivityQuery, AdminActivity, AdminActivityPage } from '@contract/adminPromotions'
import { del, get, post, put } from '../core/request'

// 网页链接
export const webLinks = () => get<WebLinksReply>('/content/web-links')
export const webLinkApi = {
  create: (body: WebLinkInput) => post<IdReply>('/content/web-links', body),
  update: (id: number, body: WebLinkInput) => put<IdReply>(`/content/web-links/${id}`, body),
  remove: (id: number) => del<OkReply>(`/content/web-links/${id}`),
}
export const addHost = (body: WebviewHostInput) => post<IdReply>('/content/webview-hosts', body)
export const removeHost = (id: number) => del<OkReply>(`/content/webview-hosts/${id}`)

// 活动 (server module content)
export const activities = (q: ActivityQuery) => get<AdminActivityPage>('/content/activities', q)
export const activity = (id: number) => get<AdminActivity>(`/content/activities/${id}`)
export const createActivity = (body: ActivityInput) => post<IdReply>('/content/activities', body)
export const updateActivity = (id: number, body: ActivityInput) => put<IdReply>(`/content/activities/${id}`, body)
export const deleteActivity = (id: number) => del<OkReply>(`/content/activities/${id}`)
