// 积分 (server module integral): rules, the points mall, missions.
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminMission, AdminPointsGoodsPage, MissionInput, PointsGoodsInput, PointsGoodsQuery, PointsRulesBody, PointsRulesView } from '@contract/adminRewards'
import { del, get, post, put } from '../core/request'

export const pointsRules = () => get<PointsRulesView>('/points/rules')
export const savePointsRules = (body: PointsRulesBody) => put<PointsRulesView>('/points/rules', body)
export const pointsGoodsList = (q: PointsGoodsQuery) => get<AdminPointsGoodsPage>('/points/goods', q)
export const createPointsGoods = (body: PointsGoodsInput) => post<IdReply>('/points/goods', body)
export const updatePointsGoods = (id: number, body: PointsGoodsInput) => put<IdReply>(`/points/goods/${id}`, body)
export const setPointsGoodsStatus = (id: number, status: 'on' | 'off') => post<OkReply>(`/points/goods/${id}/status`, { status })
export const missions = () => get<AdminMission[]>('/points/missions')
export const createMission = (body: MissionInput) => post<IdReply>('/points/missions', body)
export const updateMission = (id: number, body: MissionInput) => put<IdReply>(`/points/missions/${id}`, body)
export const deleteMission = (id: number) => del<OkReply>(`/points/missions/${id}`)
