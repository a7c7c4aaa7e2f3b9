import type {
  ClaimMissionResponse,
  LedgerPage,
  LedgerType,
  Mission,
  MissionKey,
  PointsGoods,
  PointsGoodsDetail,
  PointsSummary,
  RedeemPreview,
  RedeemResponse,
  SignInResponse,
} from '@contract/integral'
import type { Page } from '@contract/envelope'
import { get, post, type RequestOptions } from '@/core/request'

export const getPointsSummary = (opts?: RequestOptions) => get<PointsSummary>('/api/integral/summary', undefined, opts)

export const getPointsLedger = (type: LedgerType, page: number, pageSize = 20, opts?: RequestOptions) => get<LedgerPage>('/api/integral/ledger', { type, page, pageSize }, opts)

export const signIn = (opts?: RequestOptions) => post<SignInResponse>('/api/integral/signIn', {}, opts)

export const getMissions = (opts?: RequestOptions) => get<{ list: Mission[] }>('/api/integral/missions', undefined, opts)

export const claimMission = (mission: MissionKey, opts?: RequestOptions) => post<ClaimMissionResponse>('/api/integral/claimMission', { mission }, opts)

/** Tells the server the member shared something (the share mission counts it). */
export const reportShare = (goodsId?: number, opts?: RequestOptions) => post<{ recorded: boolean }>('/api/integral/reportShare', goodsId ? { goodsId } : {}, opts)

export const getPointsGoodsList = (page: number, pageSize = 20, opts?: RequestOptions) => get<Page<PointsGoods>>('/api/integral/goodsList', { page, pageSize }, opts)

export const getPointsGoodsDetail = (id: number, opts?: RequestOptions) => get<PointsGoodsDetail>('/api/integral/goodsDetail', { id }, opts)

export const previewRedeem = (body: { id: number; quantity: number; addressId?: number; useBalance?: boolean }, opts?: RequestOptions) => post<RedeemPreview>('/api/integral/preview', body, opts)

/** One order per requestId: a repeated tap answers the first redemption. */
export const redeemPointsGoods = (body: { id: number; quantity: number; addressId?: number; useBalance?: boolean; payPassword?: string; requestId: string; remark?: string }, opts?: RequestOptions) =>
  post<RedeemResponse>('/api/integral/redeem', body, opts)
