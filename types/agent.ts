/**
 * Agent (reseller) back office: /api/business/*. Money in fen, rates in basis points (1000 = 10 %), times in ms.
 * The rules (application, binding, commission, withdrawal, traffic) are in docs/agent.md.
 */
import type { Page } from './envelope'
import { Arr, Enum, Id, Int, LooseId, Obj, Opt, Paging, Str, Type, type Static } from './schema'
import { OrderNo } from './order'

// ------------------------------------------------------------------ application

export type AgentApplyState = 'none' | 'pending' | 'approved' | 'rejected'

export const AGENT_APPLY_STATE_TEXT: Record<AgentApplyState, string> = {
  none: '未申请',
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
}

/** Limits of the application form (the server checks the same). */
export const SHOP_NAME_MIN = 2
export const SHOP_NAME_MAX = 20
export const REAL_NAME_MAX = 20
export const APPLY_REASON_MAX = 200

export interface AgentApplication {
  id: number
  shopName: string
  realName: string
  /** Masked: 139****9000. */
  phone: string
  /** Masked: 110101********1234. */
  idCard: string
  reason: string
  status: Exclude<AgentApplyState, 'none'>
  rejectReason: string
  createdAt: number
  reviewedAt: number | null
}

export interface AgentApplyOptions {
  shopNameMin: number
  shopNameMax: number
  realNameMax: number
  reasonMax: number
  /** Quick picks for the reason field. */
  reasonPresets: string[]
  /** The default shop commission rate an approved agent starts with (basis points). */
  defaultCommissionRate: number
  /** The programme's rules shown on the form. */
  rules: string[]
}

/** GET /api/business/agent/toApply */
export interface ToApplyResponse {
  /** 'suspended': staff suspended (清退) the member's shop; `suspension` says when, why and whether money is left. */
  state: AgentApplyState | 'suspended'
  suspension: { at: number; reason: string; moneyLeft: boolean } | null
  /** The latest application (null when there is none). */
  application: AgentApplication | null
  /** The member's shop once approved. */
  shop: { id: number; shopName: string } | null
  options: AgentApplyOptions
  /** The member's own phone, to prefill the form. */
  prefillPhone: string
}

/** POST /api/business/agent/apply (the lengths and the phone / ID card rules are checked by the service, with their own messages). */
export const AgentApplyRequest = Obj({
  shopName: Str(SHOP_NAME_MAX + 10, 1),
  realName: Str(REAL_NAME_MAX + 10, 1),
  phone: Str(20, 1),
  idCard: Str(18, 1),
  reason: Str(APPLY_REASON_MAX + 50, 1),
})
export type AgentApplyRequest = Static<typeof AgentApplyRequest>

// ------------------------------------------------------------------ account, ledger, withdrawals

export interface AgentAccount {
  /** Can be withdrawn now. */
  available: number
  /** Commission of orders still inside their after-sales window. */
  frozen: number
  /** Applied for, not yet paid by the operator. */
  withdrawing: number
  /** Paid out in total. */
  withdrawn: number
  /**
   * 累计佣金: every commission earned, net of refunds (cancelled ones excluded) =
   * available + frozen + withdrawing + withdrawn (docs/agent.md, 5).
   */
  totalCommission: number
  /** 已结算: commission released so far = available + withdrawing + withdrawn. */
  settledCommission: number
}

/** Withdrawal rules (docs/agent.md): minimum ¥10, maximum ¥50,000 a time, 3 a day, fee 0.6 % (at least ¥0.10). */
export const WITHDRAW_MIN = 1000
export const WITHDRAW_MAX = 5_000_000
export const WITHDRAW_DAILY_LIMIT = 3
export const WITHDRAW_FEE_BP = 60
export const WITHDRAW_FEE_MIN = 10

/**
 * The fee of a withdrawal of `amount` fen: feeBp basis points rounded up to the fen, at least feeMin (the shop's
 * 代理规则; until it sets them, 0.6 % and ¥0.10), never more than the amount.
 */
export function withdrawFee(amount: number, feeBp = WITHDRAW_FEE_BP, feeMin = WITHDRAW_FEE_MIN): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0
  if (!feeBp && !feeMin) return 0
  return Math.min(amount, Math.max(feeMin, Math.ceil((amount * feeBp) / 10000)))
}

/** The fee rule in words: 「手续费 0.6%（最低 ¥0.10）」, or 「免手续费」. */
export function withdrawFeeText(feeBp: number, feeMin: number): string {
  if (!feeBp && !feeMin) return '免手续费'
  const pct = `${Number((feeBp / 100).toFixed(2))}%`
  if (!feeMin) return `手续费 ${pct}`
  return feeBp ? `手续费 ${pct}（最低 ¥${(feeMin / 100).toFixed(2)}）` : `每笔手续费 ¥${(feeMin / 100).toFixed(2)}`
}

/** "12.3" → 1230 fen, exactly (no floating point); null when it is not an amount with up to 2 decimals. */
export function yuanToFen(text: string): number | null {
  const m = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/.exec(String(text ?? '').trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] || '').padEnd(2, '0'))
}

/** Commission of a line: pay amount × rate, rounded down to the fen. */
export const commissionOf = (payAmount: number, rateBp: number): number => Math.floor((payAmount * rateBp) / 10000)

export const WITHDRAW_METHODS = ['bank', 'wechat'] as const
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number]
export const WITHDRAW_METHOD_TEXT: Record<WithdrawMethod, string> = { bank: '银行卡', wechat: '微信零钱' }

export interface WithdrawAccount {
  method: WithdrawMethod
  accountName: string
  /** Bank card masked to its last 4 digits ("**** 1234"); WeChat: "已绑定微信". */
  accountText: string
  bankName: string
  bankBranch: string
}

export interface WithdrawRules {
  min: number
  max: number
  feeBp: number
  feeMin: number
  dailyLimit: number
}

/** GET /api/business/withdraw/info */
export interface WithdrawInfo {
  account: AgentAccount
  rules: WithdrawRules
  accounts: WithdrawAccount[]
  /** The agent's real name from the approved application: account holders must match it. */
  realName: string
  /** Whether the member has a WeChat openid (needed for 微信零钱). */
  wechatBound: boolean
  todayCount: number
}

/** POST /api/business/withdraw/saveAccount. accountNo: bank card number (12-19 digits, checked by the service); ignored for WeChat. */
export const SaveWithdrawAccountRequest = Obj({
  method: Enum(WITHDRAW_METHODS),
  accountName: Str(32, 1),
  accountNo: Opt(Str(32)),
  bankName: Opt(Str(32)),
  bankBranch: Opt(Str(64)),
})
export type SaveWithdrawAccountRequest = Static<typeof SaveWithdrawAccountRequest>

/** POST /api/business/withdraw/apply. amount in fen (the limits are the service's); requestId one per form visit: a double tap makes one withdrawal. */
export const WithdrawApplyRequest = Obj({ amount: Int(1, WITHDRAW_MAX * 10), method: Enum(WITHDRAW_METHODS), requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }) })
export type WithdrawApplyRequest = Static<typeof WithdrawApplyRequest>

export type WithdrawStatus = 'pending' | 'paid' | 'rejected'
export const WITHDRAW_STATUS_TEXT: Record<WithdrawStatus, string> = { pending: '审核中', paid: '已到账', rejected: '已驳回' }

export interface Withdrawal {
  withdrawNo: string
  amount: number
  fee: number
  /** amount − fee: what reaches the account. */
  actualAmount: number
  method: WithdrawMethod
  accountText: string
  status: WithdrawStatus
  statusText: string
  rejectReason: string
  createdAt: number
  paidAt: number | null
  rejectedAt: number | null
  /** WeChat merchant transfer: true while the agent must confirm the receipt in WeChat (requestMerchantTransfer). */
  needConfirm?: boolean
}

/** What requestMerchantTransfer needs to let the agent confirm a transfer (GET /api/business/withdraw/transferParams). */
export interface TransferConfirmParams {
  withdrawNo: string
  mchId: string
  appId: string
  package: string
}

export type LedgerType = 'commission_frozen' | 'commission_adjusted' | 'commission_cancelled' | 'commission_released' | 'withdraw_apply' | 'withdraw_rejected' | 'withdraw_paid'

export const LEDGER_TYPE_TEXT: Record<LedgerType, string> = {
  commission_frozen: '佣金入账（冻结）',
  commission_adjusted: '退款扣减佣金',
  commission_cancelled: '佣金取消',
  commission_released: '佣金解冻',
  withdraw_apply: '申请提现',
  withdraw_rejected: '提现驳回退回',
  withdraw_paid: '提现到账',
}

/** Ledger filters of withdraw/details. */
export const LEDGER_FILTERS = ['all', 'commission', 'withdraw'] as const
export type LedgerFilter = (typeof LEDGER_FILTERS)[number]

export interface LedgerEntry {
  id: number
  type: LedgerType
  typeText: string
  /** The change shown in the list (signed): available when it moved, else frozen, else withdrawing. */
  amount: number
  /** Which balance `amount` is: 可提现 / 冻结 / 提现中. */
  bucket: 'available' | 'frozen' | 'withdrawing'
  availableChange: number
  frozenChange: number
  withdrawingChange: number
  availableAfter: number
  frozenAfter: number
  withdrawingAfter: number
  orderNo: string
  withdrawNo: string
  note: string
  createdAt: number
}

export interface LedgerPage extends Page<LedgerEntry> {
  /** Sums of the filtered period: money in (commission released, withdrawals returned) and out (withdrawals applied). */
  income: number
  expense: number
}

// ------------------------------------------------------------------ home

export interface AgentPeriodStats {
  /** Paid amount of the shop's orders paid in the period. */
  sales: number
  orders: number
  /** Commission earned on those orders (not cancelled). */
  commission: number
  /** Unique visitors and page views of the shop. */
  visitors: number
  views: number
  newUsers: number
}

/** GET /api/business/home */
export interface AgentHome {
  shop: { id: number; shopName: string; commissionRate: number; createdAt: number }
  today: AgentPeriodStats
  month: AgentPeriodStats
  account: AgentAccount
  users: number
  actingGoods: number
  /** Withdrawals waiting for the operator. */
  pendingWithdrawals: number
}

// ------------------------------------------------------------------ acting goods

export interface ActingGoods {
  goodsId: number
  name: string
  mainImage: string
  price: number
  originalPrice: number
  sales: number
  stock: number
  /** The platform's shelf: 'off' means nobody can buy it, whatever the agent's shelf says. */
  platformStatus: 'on' | 'off'
  /** The agent's shelf. */
  status: 'on' | 'off'
  /** Effective rate (goods rate, else the shop's). */
  commissionRate: number
  /** Commission of one unit at the lowest price. */
  commission: number
  /** Views in this shop during the last 30 days. */
  views: number
  addedAt: number
}

export interface CatalogueGoods {
  goodsId: number
  name: string
  mainImage: string
  price: number
  sales: number
  commissionRate: number
  commission: number
  added: boolean
}

export const ACTING_GOODS_TABS = ['all', 'on', 'off'] as const
export type ActingGoodsTab = (typeof ACTING_GOODS_TABS)[number]

// ------------------------------------------------------------------ orders

/** Tabs of the shop's orders. */
export const AGENT_ORDER_TABS = ['all', 'unpaid', 'to_ship', 'to_receive', 'done', 'cancelled'] as const
export type AgentOrderTab = (typeof AGENT_ORDER_TABS)[number]
export type CommissionStatus = 'frozen' | 'released' | 'cancelled'
export const COMMISSION_STATUS_TEXT: Record<CommissionStatus | 'none', string> = {
  frozen: '冻结中',
  released: '已结算',
  cancelled: '已取消',
  none: '无佣金',
}

export interface AgentOrderItem {
  goodsId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  payAmount: number
  refundedAmount: number
  /** This line's commission now (after refunds), its rate and state; 0 / null when the line earns none. */
  commission: number
  commissionRate: number | null
  commissionStatus: CommissionStatus | null
}

export interface AgentOrderSummary {
  orderNo: string
  status: string
  statusText: string
  payAmount: number
  itemCount: number
  createdAt: number
  paidAt: number | null
  buyer: { id: number; nickname: string; avatar: string }
  items: AgentOrderItem[]
  commission: number
  commissionStatus: CommissionStatus | 'none'
  commissionStatusText: string
}

export interface AgentOrderDetail extends AgentOrderSummary {
  freightAmount: number
  goodsAmount: number
  afterSaleStatus: string
  /** Masked receiver ("张*") and city only: the shop sees no full address. */
  receiverName: string
  receiverCity: string
  shippedAt: number | null
  receivedAt: number | null
  completedAt: number | null
  cancelledAt: number | null
  /** When the frozen commission is released (received + after-sales days); null before receipt. */
  releaseAt: number | null
  releasedAt: number | null
}

// ------------------------------------------------------------------ traffic, footprints, users

export interface FlowDay {
  /** China date YYYY-MM-DD. */
  day: string
  pv: number
  uv: number
}

export interface FlowGoods {
  goodsId: number
  name: string
  mainImage: string
  pv: number
  uv: number
}

/** GET /api/business/flow/summary */
export interface FlowSummary {
  days: number
  goodsId: number | null
  series: FlowDay[]
  totals: { pv: number; uv: number }
  goods: FlowGoods[]
}

export interface Footprint {
  id: number
  member: { id: number; nickname: string; avatar: string }
  goods: { id: number; name: string; mainImage: string; price: number }
  viewedAt: number
}

export interface ShopUser {
  id: number
  nickname: string
  avatar: string
  phone: string
  boundAt: number
  orderCount: number
  spend: number
  lastViewAt: number | null
}

export const SHOP_USER_SORTS = ['recent', 'spend', 'orders'] as const
export type ShopUserSort = (typeof SHOP_USER_SORTS)[number]

// ------------------------------------------------------------------ share and visits

/** GET /api/business/share/goods */
export interface ShareGoodsInfo {
  goods: { id: number; name: string; mainImage: string; price: number; originalPrice: number }
  /** The mini-program page of the goods (without a leading slash), for getWxACode. */
  page: string
  commission: number
  onShelf: boolean
}

/** POST /api/business/visit (auth optional): a page opened through an agent's link. visitorKey: a random id the client keeps, so visitors who are not logged in count once a day. */
export const VisitRequest = Obj({ bUid: LooseId(), page: Opt(Str(256)), visitorKey: Opt(Str(64)) })
export type VisitRequest = Static<typeof VisitRequest>

export type ActingGoodsPage = Page<ActingGoods>
export type CataloguePage = Page<CatalogueGoods>
export type AgentOrderPage = Page<AgentOrderSummary>
export type WithdrawalPage = Page<Withdrawal>
export type FootprintPage = Page<Footprint>
export type ShopUserPage = Page<ShopUser>

// ------------------------------------------------------------------ back office queries and bodies

const WithdrawNo = () => Str(32, 1, { pattern: '^[A-Za-z0-9]+$' })

/** GET /api/business/goods/list. */
export const ActingGoodsQuery = Paging({ tab: Opt(Enum(ACTING_GOODS_TABS, { default: 'all' })), keyword: Opt(Str(32)) })
export type ActingGoodsQuery = Static<typeof ActingGoodsQuery>
/** GET /api/business/goods/catalogue. */
export const CatalogueQuery = Paging({ keyword: Opt(Str(32)) })
export type CatalogueQuery = Static<typeof CatalogueQuery>
/** POST /api/business/goods/add. */
export const AddActingGoodsRequest = Obj({ goodsIds: Arr(Id(), 50, 1) })
export type AddActingGoodsRequest = Static<typeof AddActingGoodsRequest>
/** POST /api/business/goods/setStatus. */
export const ActingGoodsStatusRequest = Obj({ goodsId: Id(), status: Enum(['on', 'off']) })
export type ActingGoodsStatusRequest = Static<typeof ActingGoodsStatusRequest>
/** POST /api/business/goods/remove; GET /api/business/share/goods. */
export const AgentGoodsIdRequest = Obj({ goodsId: Id() })
export type AgentGoodsIdRequest = Static<typeof AgentGoodsIdRequest>
/** GET /api/business/order/list (keyword: an order number). */
export const AgentOrdersQuery = Paging({ tab: Opt(Enum(AGENT_ORDER_TABS, { default: 'all' })), keyword: Opt(Str(32)), buyerId: Opt(Id()) })
export type AgentOrdersQuery = Static<typeof AgentOrdersQuery>
/** GET /api/business/order/detail. */
export const AgentOrderQuery = Obj({ orderNo: OrderNo() })
export type AgentOrderQuery = Static<typeof AgentOrderQuery>
/** GET /api/business/withdraw/transferParams, POST /api/business/withdraw/transferRefresh. */
export const WithdrawNoRequest = Obj({ withdrawNo: WithdrawNo() })
export type WithdrawNoRequest = Static<typeof WithdrawNoRequest>
/** GET /api/business/ledger/list (month: YYYY-MM). */
export const AgentLedgerQuery = Paging({ filter: Opt(Enum(LEDGER_FILTERS, { default: 'all' })), month: Opt(Str(7, 7, { pattern: '^20\\d{2}-(0[1-9]|1[0-2])$' })) })
export type AgentLedgerQuery = Static<typeof AgentLedgerQuery>
/** GET /api/business/flow/summary: the last 7, 14 or 30 days, of the shop or one goods. */
export const FlowSummaryQuery = Obj({ days: Opt(Type.Unsafe<7 | 14 | 30>({ type: 'integer', enum: [7, 14, 30], default: 7 })), goodsId: Opt(Id()) })
export type FlowSummaryQuery = Static<typeof FlowSummaryQuery>
/** GET /api/business/footprints/list (memberId: one buyer's). */
export const AgentFootprintsQuery = Paging({ memberId: Opt(Id()) })
export type AgentFootprintsQuery = Static<typeof AgentFootprintsQuery>
/** GET /api/business/users/list (keyword: nickname or phone digits). */
export const ShopUsersQuery = Paging({ keyword: Opt(Str(20)), sort: Opt(Enum(SHOP_USER_SORTS, { default: 'recent' })) })
export type ShopUsersQuery = Static<typeof ShopUsersQuery>

// ------------------------------------------------------------------ team (two-level distribution)

/**
 * One level's commission figures (docs/agent.md "Two-level distribution"): total = frozen + settled, cancelled excluded.
 * Summed over both levels they are the home page's 累计佣金 / 冻结中 / 已结算.
 */
export interface TeamLevelFigures {
  total: number
  frozen: number
  settled: number
}

/** A sub-agent: an agent who became an agent through this agent's share or invitation. */
export interface TeamMember {
  shopId: number
  shopName: string
  /** The sub-agent's nickname (the real name is never shown to another agent). */
  nickname: string
  avatar: string
  /** When it became this agent's sub-agent (its approval). */
  joinedAt: number
  /** Its shop's paid orders and their pay amount (the home page's sales rule). */
  orders: number
  sales: number
  /** What this agent earned on its shop's orders (second level, cancelled excluded). */
  earned: number
  /** false: the sub-agent's shop is closed or suspended (it earns nothing new, neither does its parent on it). */
  active: boolean
}

/** GET /api/business/team: my parent, my commission per level, my sub-agents (a page). */
export interface TeamPage extends Page<TeamMember> {
  parent: { shopName: string } | null
  /** The second-level rate by default (goods and categories may differ), for the page's rules text. */
  teamDefaultRate: number
  levels: { own: TeamLevelFigures; team: TeamLevelFigures }
}
