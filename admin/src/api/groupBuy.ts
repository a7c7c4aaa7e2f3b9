// 拼团 (server module groupBuy): activities with their group prices per SKU and live figures, and their groups.
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminGroupBuyActivity, AdminGroupBuyGroupPage, AdminGroupBuyPage, GroupBuyActivityBody, GroupBuyGroupsQuery, GroupBuyListQuery } from '@contract/adminGroupBuy'
import { get, post, put } from '../core/request'

export const groupBuyActivities = (q: GroupBuyListQuery) => get<AdminGroupBuyPage>('/group-buy/activities', q)
export const groupBuyActivity = (id: number) => get<AdminGroupBuyActivity>(`/group-buy/activities/${id}`)
export const groupBuyGroups = (id: number, q: GroupBuyGroupsQuery) => get<AdminGroupBuyGroupPage>(`/group-buy/activities/${id}/groups`, q)
export const createGroupBuy = (body: GroupBuyActivityBody) => post<IdReply>('/group-buy/activities', body)
export const updateGroupBuy = (id: number, body: GroupBuyActivityBody) => put<IdReply>(`/group-buy/activities/${id}`, body)
export const setGroupBuyEnabled = (id: number, enabled: boolean) => post<OkReply>(`/group-buy/activities/${id}/enabled`, { enabled })
