/** Points (/api/integral/*): ledger, daily sign-in, missions, the points mall. Rules: docs/promotions.md. */
import type { Page } from './envelope'
import type { MemberAddress } from './address'
import { PayPassword } from './balance'
import { Bool, Enum, Id, Int, Obj, Opt, Paging, Str, type Static } from './schema'

export type PointsReason =
  'opening' | 'sign_in' | 'mission' | 'order_deduct' | 'order_refund' | 'order_reward' | 'reward_back' | 'redeem' | 'redeem_refund' | 'turntable' | 'prize' | 'admin' | 'expire'

export const POINTS_REASON_TEXT: Record<PointsReason, string> = {
  opening: '期初积分',
  sign_in: '每日签到',
  mission: '任务奖励',
  order_deduct: '下单抵扣',
  order_refund: '订单取消退回',
  order_reward: '购物奖励',
  reward_back: '退款扣回奖励',
  redeem: '积分兑换',
  redeem_refund: '兑换取消退回',
  turntable: '盲盒抽奖',
  prize: '盲盒奖励',
  admin: '客服调整',
  expire: '积分过期',
}

export interface LedgerEntry {
  id: number
  change: number
  balanceAfter: number
  reason: PointsReason
  reasonText: string
  note: string
  createdAt: number
}

export type LedgerPage = Page<LedgerEntry>
export const LEDGER_TYPES = ['all', 'in', 'out'] as const
export type LedgerType = (typeof LEDGER_TYPES)[number]
/** GET /api/integral/ledger. */
export const PointsLedgerQuery = Paging({ type: Opt(Enum(LEDGER_TYPES, { default: 'all' })) })
export type PointsLedgerQuery = Static<typeof PointsLedgerQuery>

export interface SignInDay {
  /** 1..7 within the week's cycle. */
  index: number
  points: number
  signed: boolean
  today: boolean
}

export interface PointsSummary {
  balance: number
  signedToday: boolean
  /** Consecutive days up to today (or yesterday when not signed yet today). */
  streak: number
  /** Points the next sign-in gives. */
  nextPoints: number
  /** The 7-day cycle the streak moves through. */
  week: SignInDay[]
  /** Total earned and spent, for the header. */
  earned: number
  spent: number
}

export interface SignInResponse {
  points: number
  streak: number
  balance: number
}

export const MISSION_KEYS = ['first_order', 'review', 'share', 'browse'] as const
export type MissionKey = (typeof MISSION_KEYS)[number]
/** POST /api/integral/claimMission. */
export const ClaimMissionRequest = Obj({ mission: Enum(MISSION_KEYS) })
export type ClaimMissionRequest = Static<typeof ClaimMissionRequest>
/** POST /api/integral/reportShare (the shared goods; counted once a day). */
export const ReportShareRequest = Obj({ goodsId: Opt(Id()) })
export type ReportShareRequest = Static<typeof ReportShareRequest>

const redeemFields = { id: Id(), quantity: Int(1, 99), addressId: Opt(Id()) }
/** POST /api/integral/preview: a points-mall goods (id) bought with points. */
export const RedeemPreviewRequest = Obj({ ...redeemFields, useBalance: Opt(Bool()) })
export type RedeemPreviewRequest = Static<typeof RedeemPreviewRequest>
/** POST /api/integral/redeem: requestId one per page visit (a double tap redeems once). */
export const RedeemRequest = Obj({ ...redeemFields, useBalance: Opt(Bool()), requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }), remark: Opt(Str(200)), payPassword: Opt(PayPassword()) })
export type RedeemRequest = Static<typeof RedeemRequest>
export type MissionState = 'todo' | 'claimable' | 'done'

export interface Mission {
  key: MissionKey
  title: string
  description: string
  points: number
  /** once: one award ever; daily: one award per China day. */
  period: 'once' | 'daily'
  progress: number
  target: number
  state: MissionState
}

export interface ClaimMissionResponse {
  points: number
  balance: number
}

export interface PointsGoods {
  id: number
  goodsId: number
  name: string
  image: string
  points: number
  /** Cash to pay on top of the points, fen (0: points only). */
  cash: number
  marketPrice: number
  stock: number
  redeemed: number
  perMemberLimit: number
}

export interface PointsGoodsDetail extends PointsGoods {
  description: string
  images: string[]
  specText: string
  /** How many the caller has redeemed (0 for visitors). */
  myRedeemed: number
  balance: number | null
}

export interface RedeemPreview {
  goods: PointsGoods
  quantity: number
  points: number
  cash: number
  balance: number
  address: MemberAddress | null
  /** 使用余额 for the cash part (null when there is no cash to pay): the same figures as an order preview's extras.balance. */
  balancePay: import('./balance').OrderBalanceExtras | null
}

export interface RedeemResponse {
  orderNo: string
  payAmount: number
  status: string
  pointsUsed: number
  existing: boolean
}

/** extras.points of /api/order/preview: `rate` points take ¥1 off, at most `maxPercent` % of the goods after the coupon (console 积分规则; 100 and 20 by default). */
export interface OrderPointsExtras {
  balance: number
  /** Points this order could use (a multiple of `rate`). */
  usable: number
  /** Fen they would take off. */
  discount: number
  used: number
  /** Points that take ¥1 off. */
  rate: number
  /** The most points may take off, in percent of the goods after the coupon (0: points cannot be spent). */
  maxPercent: number
}
