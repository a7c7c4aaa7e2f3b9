/** 拼团 (/api/groupBuy/*). Money in fen, times in ms. Rules and states: docs/promotions.md "Group buying". */
import { PayPassword } from './balance'
import type { OrderPreview } from './order'
import { Bool, Id, Int, Obj, Opt, Str, type Static } from './schema'

export type GroupState = 'pending' | 'open' | 'formed' | 'failed' | 'cancelled'

export interface GroupBuySkuPrice {
  skuId: number
  specText: string
  /** The single-purchase price. */
  price: number
  groupPrice: number
}

export interface GroupSeat {
  nickname: string
  avatar: string
  isLeader: boolean
}

export interface GroupSummary {
  id: number
  state: GroupState
  size: number
  /** Paid places (virtual members of 模拟成团 included once formed). */
  filled: number
  /** 还差 N 人 */
  missing: number
  expiresAt: number | null
  seats: GroupSeat[]
}

/** GET /api/groupBuy/goods: the live activity of a goods (null when none) and its open groups. */
export interface GoodsGroupBuy {
  now: number
  activity: {
    id: number
    title: string
    size: number
    hours: number
    perMemberLimit: number
    leaderDiscount: number
    endAt: number
    skus: GroupBuySkuPrice[]
  } | null
  groups: GroupSummary[]
}

export interface GroupDetail extends GroupSummary {
  now: number
  goodsId: number
  activityId: number
  goodsName: string
  goodsImage: string
  groupPrice: number
  /** The single price (单买价) of the SKU with that group price. */
  singlePrice: number
  /** The caller's order in this group (its order number), when logged in and in it. */
  myOrderNo: string | null
}

export interface MyGroup {
  groupId: number
  orderNo: string
  goodsName: string
  goodsImage: string
  state: GroupState
  /** The member's own place: unpaid, paid, late (paid too late: refunded), refunded, cancelled. */
  place: string
  size: number
  filled: number
  expiresAt: number | null
}

export const GoodsGroupBuyQuery = Obj({ goodsId: Id() })
export type GoodsGroupBuyQuery = Static<typeof GoodsGroupBuyQuery>
export const GroupQuery = Obj({ groupId: Id() })
export type GroupQuery = Static<typeof GroupQuery>

const groupOrderFields = {
  activityId: Id(),
  skuId: Id(),
  quantity: Int(1, 99),
  groupId: Opt(Id()),
  addressId: Opt(Id()),
  useBalance: Opt(Bool()),
  balanceAmount: Opt(Int(0)),
}
/** POST /api/groupBuy/preview: the group checkout's amounts (leader's price without groupId), nothing written. */
export const GroupPreviewRequest = Obj(groupOrderFields)
export type GroupPreviewRequest = Static<typeof GroupPreviewRequest>

export interface GroupPreview extends OrderPreview {
  activity: { id: number; title: string; size: number; hours: number; perMemberLimit: number; leaderDiscount: number }
  /** True when this order starts a group (the leader's discount is in the price). */
  leader: boolean
  /** Units of this activity the caller already holds (unpaid and paid places). */
  myBought: number
}

/** POST /api/groupBuy/submit: a new group (leader) when groupId is absent, else joins that group. */
export const GroupSubmitRequest = Obj({
  ...groupOrderFields,
  remark: Opt(Str(200)),
  requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }),
  /** 支付密码: required when the order spends the balance. */
  payPassword: Opt(PayPassword()),
})
export type GroupSubmitRequest = Static<typeof GroupSubmitRequest>

export interface GroupSubmitResponse {
  orderNo: string
  groupId: number
  payAmount: number
  status: string
  expireAt: number
  existing: boolean
}
