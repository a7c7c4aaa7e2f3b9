import type { Generated } from 'kysely'

/** Table types of migration 006_promotions (coupons, points, flash sales, turntable). */

export type CouponKindValue = 'amount' | 'threshold' | 'discount'
export type CouponScopeValue = 'all' | 'category' | 'goods'

export interface CouponTable {
  id: Generated<number>
  name: string
  kind: CouponKindValue
  amount: number
  threshold: number
  rate: number
  maxDiscount: number
  scope: CouponScopeValue
  scopeIds: string
  validType: 'fixed' | 'days'
  validFrom: number | null
  validTo: number | null
  validDays: number
  perMemberLimit: number
  totalCount: number
  issuedCount: number
  usedCount: number
  newMember: number
  allowSeckill: number
  visible: number
  status: 'on' | 'off'
  description: string
  sort: number
  createdAt: number
  updatedAt: number
}

export interface MemberCouponTable {
  id: Generated<number>
  memberId: number
  couponId: number
  status: 'unused' | 'used'
  source: 'centre' | 'new_member' | 'prize' | 'admin'
  validFrom: number
  validTo: number
  orderId: number | null
  usedAt: number | null
  receivedAt: number
}

export interface CouponReceiptTable {
  id: Generated<number>
  memberId: number
  couponId: number
  received: number
}

export interface PointsLedgerTable {
  id: Generated<number>
  memberId: number
  change: number
  balanceAfter: number
  reason: string
  refKey: string | null
  note: string
  createdAt: number
}

export interface SignInTable {
  id: Generated<number>
  memberId: number
  day: string
  streak: number
  points: number
  createdAt: number
}

export interface MissionEventTable {
  id: Generated<number>
  memberId: number
  mission: string
  day: string
  count: number
  updatedAt: number
}

export interface MissionClaimTable {
  id: Generated<number>
  memberId: number
  mission: string
  period: string
  points: number
  createdAt: number
}

export interface PointsGoodsTable {
  id: Generated<number>
  goodsId: number
  skuId: number
  name: string
  image: string
  points: number
  cash: number
  marketPrice: number
  stock: number
  redeemed: number
  perMemberLimit: number
  status: 'on' | 'off'
  description: string
  sort: number
  createdAt: number
  updatedAt: number
}

export interface PointsRedemptionTable {
  id: Generated<number>
  memberId: number
  pointsGoodsId: number
  redeemed: number
}

export interface PointsOrderTable {
  id: Generated<number>
  orderId: number
  pointsGoodsId: number
  memberId: number
  quantity: number
  returned: number
  createdAt: number
}

export interface SeckillSessionTable {
  id: Generated<number>
  day: string
  title: string
  startAt: number
  endAt: number
  repeatDaily: number
  createdAt: number
}

export interface SeckillItemTable {
  id: Generated<number>
  sessionId: number
  goodsId: number
  skuId: number
  price: number
  quota: number
  sold: number
  perMemberLimit: number
  sort: number
  createdAt: number
}

export interface SeckillBuyerTable {
  id: Generated<number>
  itemId: number
  memberId: number
  bought: number
}

export interface SeckillOrderTable {
  id: Generated<number>
  orderId: number
  itemId: number
  memberId: number
  quantity: number
  returned: number
  createdAt: number
}

export type PrizeKindValue = 'points' | 'coupon' | 'goods' | 'none'

export interface TurntablePrizeTable {
  id: Generated<number>
  name: string
  image: string
  kind: PrizeKindValue
  points: number
  couponId: number | null
  goodsId: number | null
  skuId: number | null
  weight: number
  stock: number
  unlimited: number
  won: number
  sort: number
  status: 'on' | 'off'
  createdAt: number
}

export type DrawStatusValue = 'none' | 'unclaimed' | 'received' | 'await_address' | 'to_ship' | 'shipped'

export interface TurntableRecordTable {
  id: Generated<number>
  memberId: number
  prizeId: number
  prizeName: string
  prizeImage: string
  kind: PrizeKindValue
  points: number
  couponId: number | null
  goodsId: number | null
  skuId: number | null
  cost: number
  status: DrawStatusValue
  requestId: string | null
  receiverName: string
  receiverPhone: string
  receiverAddress: string
  expressCode: string
  expressName: string
  trackingNo: string
  memberCouponId: number | null
  claimedAt: number | null
  shippedAt: number | null
  createdAt: number
}

declare module './types' {
  interface DB {
    coupons: CouponTable
    memberCoupons: MemberCouponTable
    couponReceipts: CouponReceiptTable
    pointsLedger: PointsLedgerTable
    signIns: SignInTable
    missionEvents: MissionEventTable
    missionClaims: MissionClaimTable
    pointsGoods: PointsGoodsTable
    pointsRedemptions: PointsRedemptionTable
    pointsOrders: PointsOrderTable
    seckillSessions: SeckillSessionTable
    seckillItems: SeckillItemTable
    seckillBuyers: SeckillBuyerTable
    seckillOrders: SeckillOrderTable
    turntablePrizes: TurntablePrizeTable
    turntableRecords: TurntableRecordTable
  }
}
