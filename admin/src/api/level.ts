// 会员等级 (server module level): the levels, and members' growth for the member pages.
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminLevelList, AdminMemberGrowth, LevelBody } from '@contract/adminLevels'
import { get, post, put } from '../core/request'

export const levelList = () => get<AdminLevelList>('/levels')
export const createLevel = (body: LevelBody) => post<IdReply>('/levels', body)
export const updateLevel = (id: number, body: LevelBody) => put<IdReply>(`/levels/${id}`, body)
export const setLevelEnabled = (id: number, enabled: boolean) => put<OkReply>(`/levels/${id}/enabled`, { enabled })
export const membersGrowth = (ids: number[]) => get<{ list: Array<{ memberId: number; growth: number; levelName: string }> }>('/levels/members', { ids: ids.join(',') })
export const memberGrowth = (id: number) => get<AdminMemberGrowth>(`/levels/members/${id}`)
