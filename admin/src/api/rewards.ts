import type { IdReply, OkReply, ShipBody } from '@contract/admin'
import type {
  AdminCampaignPage,
  AdminCashbackTaskPage,
  AdminDrawRecordPage,
  AdminMission,
  AdminPointsGoodsPage,
  BlindBoxView,
  CampaignInput,
  CampaignQuery,
  CashbackDecisionReply,
  CashbackTaskQuery,
  DrawRecordQuery,
  MissionInput,
  PointsGoodsInput,
  PointsGoodsQuery,
  PointsRulesBody,
  PointsRulesView,
  PoolBody,
  PrizeInput,
} from '@contract/adminRewards'
import { del, get, post, put } from '../core/request'

// 积分
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

// 盲盒
export const blindBox = () => get<BlindBoxView>('/blind-box')
export const saveBlindBoxCost = (cost: number) => put<OkReply>('/blind-box/settings', { cost })
export const savePool = (body: PoolBody) => put<BlindBoxView>('/blind-box/pool', body)
export const createPrize = (body: PrizeInput) => post<IdReply>('/blind-box/prizes', body)
export const updatePrize = (id: number, body: PrizeInput) => put<IdReply>(`/blind-box/prizes/${id}`, body)
export const drawRecords = (q: DrawRecordQuery) => get<AdminDrawRecordPage>('/blind-box/records', q)
export const shipPrize = (id: number, body: ShipBody) => post<OkReply>(`/blind-box/records/${id}/ship`, body)

// 好评返现
export const campaigns = (q: CampaignQuery) => get<AdminCampaignPage>('/cashback/campaigns', q)
export const createCampaign = (body: CampaignInput) => post<IdReply>('/cashback/campaigns', body)
export const updateCampaign = (id: number, body: CampaignInput) => put<IdReply>(`/cashback/campaigns/${id}`, body)
export const cashbackTasks = (q: CashbackTaskQuery) => get<AdminCashbackTaskPage>('/cashback/tasks', q)
export const approveCashback = (id: number) => post<CashbackDecisionReply>(`/cashback/tasks/${id}/approve`)
export const refuseCashback = (id: number, reason: string) => post<CashbackDecisionReply>(`/cashback/tasks/${id}/refuse`, { reason })
