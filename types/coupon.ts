/** Coupons (/api/coupons/*). Money in fen, times in ms. Rules: docs/promotions.md. */
import type { Page } from './envelope'
import type { GoodsCard } from './goods'
import { Enum, Id, Obj, Opt, Paging, type Static } from './schema'

/** amount: 无门槛立减; threshold: 满X减Y; discount: 打折 (rate = percent paid, 85 = 8.5折). */
export type CouponKind = 'amount' | 'threshold' | 'discount'
/** all: 全场通用; category: 指定分类; goods: 指定商品. */
export type CouponScope = 'all' | 'category' | 'goods'
export const MEMBER_COUPON_STATUSES = ['unused', 'used', 'expired'] as const
export type MemberCouponStatus = (typeof MEMBER_COUPON_STATUSES)[number]

/** POST /api/coupons/receive. */
export const ReceiveCouponRequest = Obj({ couponId: Id() })
export type ReceiveCouponRequest = Static<typeof ReceiveCouponRequest>
/** GET /api/coupons/mine. */
export const MyCouponsQuery = Paging({ status: Opt(Enum(MEMBER_COUPON_STATUSES, { default: 'unused' })) })
export type MyCouponsQuery = Static<typeof MyCouponsQuery>
/** GET /api/coupons/goods: the goods a coupon (couponId, or the caller's memberCouponId) applies to. */
export const CouponGoodsQuery = Paging({ couponId: Opt(Id()), memberCouponId: Opt(Id()) })
export type CouponGoodsQuery = Static<typeof CouponGoodsQuery>
/** GET /api/coupons/forGoods: the goods details page's 领券 row. */
export const GoodsCouponsQuery = Obj({ goodsId: Id() })
export type GoodsCouponsQuery = Static<typeof GoodsCouponsQuery>

/** What a coupon is (shared by the centre, my coupons and the order's picker). */
export interface CouponRule {
  couponId: number
  name: string
  kind: CouponKind
  amount: number
  threshold: number
  rate: number
  maxDiscount: number
  scope: CouponScope
  /** 全场通用 / 指定分类可用 / 指定商品可用 */
  scopeText: string
  /** 无门槛 / 满99元可用 / 满50元8.5折，最多减20元 */
  ruleText: string
  /** ¥5 / 8.5折: the big figure on the coupon. */
  faceText: string
  allowSeckill: boolean
  description: string
}

/** A coupon in the coupon centre, with what the caller may do. */
export interface CentreCoupon extends CouponRule {
  /** 领取后7天内有效 / 2024.11.01-2024.11.30 */
  validText: string
  perMemberLimit: number
  /** How many the caller holds already (0 for visitors). */
  received: number
  /** Percent of the total already issued. */
  issuedPercent: number
  soldOut: boolean
  canReceive: boolean
}

export interface MemberCoupon extends CouponRule {
  /** The member's coupon id (what the order's couponId names). */
  id: number
  status: MemberCouponStatus
  validFrom: number
  validTo: number
  usedAt: number | null
  receivedAt: number
  source: 'centre' | 'new_member' | 'prize' | 'admin'
}

export type MemberCouponPage = Page<MemberCoupon>

export interface CouponCounts {
  unused: number
  used: number
  expired: number
}

export interface ReceiveResponse {
  coupon: MemberCoupon
  /** How many more of this coupon the member may receive. */
  left: number
}

export interface NewMemberCouponHint {
  /** True when the caller may receive the new-member coupons (visitors: true, they log in first). */
  eligible: boolean
  /** True for visitors: 领取 opens login first. */
  needLogin: boolean
  /** True when the caller holds the package (given at registration): coupons are then what they received. */
  received: boolean
  /** Total face value of the amount coupons in the package, fen. */
  totalAmount: number
  coupons: CouponRule[]
}

export interface NewMemberReceiveResponse {
  received: MemberCoupon[]
}

export interface CouponGoodsPage extends Page<GoodsCard> {
  coupon: CouponRule
}

/** One coupon as the order's picker shows it (order preview extras.coupons). */
export interface CouponOption {
  id: number
  name: string
  faceText: string
  ruleText: string
  scopeText: string
  validTo: number
  /** What it would take off this order, fen (0 when unusable). */
  discount: number
  usable: boolean
  /** Why it cannot be used here (未满足使用门槛, 秒杀商品不可用...). */
  reason: string
}

/** extras.coupons of /api/order/preview and /api/seckill/preview. */
export interface OrderCouponExtras {
  usable: CouponOption[]
  unusable: CouponOption[]
  /** The coupon priced into this preview (null: none). */
  selectedId: number | null
  /** The coupon the server would pick (largest discount, then the soonest to expire). */
  bestId: number | null
  /** True when the member asked for no coupon (couponId 0). */
  declined: boolean
}
