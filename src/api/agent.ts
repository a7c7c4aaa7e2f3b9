import Taro from '@tarojs/taro'
import type {
  TransferConfirmParams,
  ActingGoodsPage,
  ActingGoodsQuery,
  AgentApplyRequest,
  AgentFootprintsQuery,
  AgentLedgerQuery,
  AgentHome,
  AgentOrderDetail,
  AgentOrderPage,
  AgentOrdersQuery,
  CataloguePage,
  CatalogueQuery,
  FlowSummary,
  FootprintPage,
  LedgerPage,
  SaveWithdrawAccountRequest,
  ShareGoodsInfo,
  ShopUserPage,
  ShopUsersQuery,
  TeamPage,
  ToApplyResponse,
  WithdrawAccount,
  WithdrawApplyRequest,
  WithdrawInfo,
  Withdrawal,
  WithdrawalPage,
} from '@contract/agent'
import { storage } from '@/platform/storage'
import { get, post, type RequestOptions } from '@/core/request'

// ---------------------------------------------------------------- application (members)
export const toApply = (opts?: RequestOptions) => get<ToApplyResponse>('/api/business/agent/toApply', undefined, opts)
export const applyAgent = (body: AgentApplyRequest, opts?: RequestOptions) => post<ToApplyResponse>('/api/business/agent/apply', body, opts)

// ---------------------------------------------------------------- back office (agents)
export const getAgentHome = (opts?: RequestOptions) => get<AgentHome>('/api/business/home', undefined, opts)

export const getActingGoods = (q: ActingGoodsQuery, opts?: RequestOptions) => get<ActingGoodsPage>('/api/business/goods/list', q, opts)
export const getCatalogue = (q: CatalogueQuery, opts?: RequestOptions) => get<CataloguePage>('/api/business/goods/catalogue', q, opts)
export const addActingGoods = (goodsIds: number[]) => post<{ added: number }>('/api/business/goods/add', { goodsIds })
export const setActingGoodsStatus = (goodsId: number, status: 'on' | 'off') => post<{ goodsId: number; status: 'on' | 'off' }>('/api/business/goods/setStatus', { goodsId, status })
export const removeActingGoods = (goodsId: number) => post<{ goodsId: number; removed: boolean }>('/api/business/goods/remove', { goodsId })

export const getShopOrders = (q: AgentOrdersQuery, opts?: RequestOptions) => get<AgentOrderPage>('/api/business/order/list', q, opts)
export const getShopOrderDetail = (orderNo: string, opts?: RequestOptions) => get<AgentOrderDetail>('/api/business/order/detail', { orderNo }, opts)

export const getWithdrawInfo = (opts?: RequestOptions) => get<WithdrawInfo>('/api/business/withdraw/info', undefined, opts)
export const saveWithdrawAccount = (body: SaveWithdrawAccountRequest, opts?: RequestOptions) => post<WithdrawAccount[]>('/api/business/withdraw/saveAccount', body, opts)
export const applyWithdraw = (body: WithdrawApplyRequest, opts?: RequestOptions) => post<Withdrawal>('/api/business/withdraw/apply', body, opts)
export const getWithdrawals = (page: number, pageSize: number, opts?: RequestOptions) => get<WithdrawalPage>('/api/business/withdraw/list', { page, pageSize }, opts)
/** WeChat merchant transfer: what requestMerchantTransfer needs to confirm the receipt. */
export const getTransferParams = (withdrawNo: string, opts?: RequestOptions) => get<TransferConfirmParams>('/api/business/withdraw/transferParams', { withdrawNo }, opts)
/** After the confirmation: the server asks WeChat for the transfer's result now. */
export const refreshTransfer = (withdrawNo: string, opts?: RequestOptions) => post<Withdrawal>('/api/business/withdraw/transferRefresh', { withdrawNo }, opts)
export const getLedger = (q: AgentLedgerQuery, opts?: RequestOptions) => get<LedgerPage>('/api/business/ledger/list', q, opts)

export const getFlowSummary = (q: { days: number; goodsId?: number }, opts?: RequestOptions) => get<FlowSummary>('/api/business/flow/summary', q, opts)
export const getFootprints = (q: AgentFootprintsQuery, opts?: RequestOptions) => get<FootprintPage>('/api/business/footprints/list', q, opts)
export const getShopUsers = (q: ShopUsersQuery, opts?: RequestOptions) => get<ShopUserPage>('/api/business/users/list', q, opts)
/** 团队: my parent, my commission per level and a page of my sub-agents (two-level distribution). */
export const getTeam = (q: { page: number; pageSize: number }, opts?: RequestOptions) => get<TeamPage>('/api/business/team', q, opts)

export const getShareGoods = (goodsId: number, opts?: RequestOptions) => get<ShareGoodsInfo>('/api/business/share/goods', { goodsId }, opts)

// ---------------------------------------------------------------- traffic
const VISITOR_KEY = 'visitorKey'

/** A random id kept in storage, so a visitor who is not logged in counts once a day in the shop's traffic. */
export function visitorKey(): string {
  let key = storage.get<string>(VISITOR_KEY)
  if (!key || !/^[A-Za-z0-9_-]{8,64}$/.test(key)) {
    key = `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
    storage.set(VISITOR_KEY, key)
  }
  return key
}

/** Records a page opened through an agent's link (bUid); never shows an error to the visitor. */
export function recordVisit(bUid: string | number | null | undefined, page: string) {
  if (!bUid || !/^\d{1,10}$/.test(String(bUid))) return Promise.resolve(null)
  return post<{ recorded: boolean }>('/api/business/visit', { bUid: String(bUid), page: page.slice(0, 256), visitorKey: visitorKey() }, { toast: false, catch: true }).catch(() => null)
}

/** At app start with a bUid in the link / code: records the landing page (with its goods id) for that shop. */
export function recordLaunchVisit(q: Record<string, string>) {
  const path = process.env.TARO_ENV === 'h5' && typeof window !== 'undefined' ? window.location.pathname : `/${String(Taro.getLaunchOptionsSync?.()?.path || '').replace(/^\//, '')}`
  return recordVisit(q.bUid, q.id ? `${path}?id=${encodeURIComponent(q.id)}` : path)
}
