/** Blind box / turntable (/api/turntable/*). Rules: docs/promotions.md. */
import type { Page } from './envelope'
import { Id, Obj, Opt, Paging, Str, Type, type Static } from './schema'

export type PrizeKind = 'points' | 'coupon' | 'goods' | 'none'
/**
 * none: 未中奖; unclaimed: 待领取; received: 已领取 (points / coupon credited);
 * await_address: 待填写地址 (goods); to_ship: 待发货; shipped: 已发货.
 */
export type DrawStatus = 'none' | 'unclaimed' | 'received' | 'await_address' | 'to_ship' | 'shipped'

export const DRAW_STATUS_TEXT: Record<DrawStatus, string> = {
  none: '未中奖',
  unclaimed: '待领取',
  received: '已领取',
  await_address: '待填写地址',
  to_ship: '待发货',
  shipped: '已发货',
}

export interface Prize {
  id: number
  name: string
  image: string
  kind: PrizeKind
  /** Probability of winning it now, in percent with two decimals (out-of-stock prizes: 0). */
  probability: number
  inStock: boolean
}

export interface PrizePool {
  /** Points one draw costs. */
  cost: number
  /** The caller's balance (null for visitors). */
  balance: number | null
  prizes: Prize[]
}

export interface DrawRecord {
  id: number
  prizeId: number
  prizeName: string
  prizeImage: string
  kind: PrizeKind
  cost: number
  status: DrawStatus
  statusText: string
  receiver: { name: string; phone: string; address: string } | null
  shipment: { expressName: string; trackingNo: string } | null
  createdAt: number
  claimedAt: number | null
}

export type DrawRecordPage = Page<DrawRecord>

export interface DrawResponse {
  record: DrawRecord
  /** Index of the won prize in PrizePool.prizes (for the animation). */
  index: number
  balance: number
}

export interface ToReceiveResponse {
  record: DrawRecord
  /** True for a goods prize: the member writes a shipping address next. */
  needAddress: boolean
}

/** POST /api/turntable/writeAddress: where a won goods prize ships. */
export const WriteAddressRequest = Obj({ recordId: Id(), addressId: Id() })
export type WriteAddressRequest = Static<typeof WriteAddressRequest>
/** POST /api/turntable/redeemIntegral: one draw; requestId one per tap (a repeat answers the same draw). */
export const DrawRequest = Obj({ requestId: Opt(Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' })) })
export type DrawRequest = Static<typeof DrawRequest>
/** GET /api/turntable/recordList. */
export const DrawRecordsQuery = Paging({ onlyWon: Opt(Type.Boolean({ default: false })) })
export type DrawRecordsQuery = Static<typeof DrawRecordsQuery>
/** GET /api/turntable/toReceive. */
export const DrawRecordQuery = Obj({ recordId: Id() })
export type DrawRecordQuery = Static<typeof DrawRecordQuery>
