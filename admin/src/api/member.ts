import type { OkReply } from '@contract/admin'
import type { AdminMemberDetail, AdminMemberPage, AdminMemberQuery, DisableBody, PointsBody, PointsReply } from '@contract/adminMembers'
import { get, post } from '../core/request'

export const memberList = (q: AdminMemberQuery) => get<AdminMemberPage>('/members', q)
export const memberDetail = (id: number) => get<AdminMemberDetail>(`/members/${id}`)
export const adjustPoints = (id: number, body: PointsBody) => post<PointsReply>(`/members/${id}/points`, body)
export const setDisabled = (id: number, body: DisableBody) => post<OkReply>(`/members/${id}/disable`, body)
