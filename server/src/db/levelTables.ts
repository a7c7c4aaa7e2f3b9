import type { Generated } from 'kysely'

/** Table types of migration 101_member_levels (会员等级, docs/promotions.md "Member levels"). */

export interface MemberLevelTable {
  id: Generated<number>
  name: string
  /** Growth value from which a member has this level. */
  threshold: number
  /** Percent of the price paid on normal-price goods: 100 = no discount, 95 = 9.5折. */
  discount: number
  freeShipping: number
  /** Points multiplier in tenths: 10 = 1×, 15 = 1.5×. */
  pointsTenths: number
  enabled: number
  createdAt: number
  updatedAt: number
}

export interface MemberGrowthTable {
  memberId: number
  growth: number
  updatedAt: number
}

export type GrowthKindValue = 'order' | 'refund'

export interface GrowthLedgerTable {
  id: Generated<number>
  memberId: number
  change: number
  after: number
  kind: GrowthKindValue
  orderId: number | null
  /** 'order:<id>' for a completion, 'refund:<order>:<tag>' for a refund's take-back: unique. */
  refKey: string
  note: string
  createdAt: number
}

declare module './types' {
  interface DB {
    memberLevels: MemberLevelTable
    memberGrowth: MemberGrowthTable
    growthLedger: GrowthLedgerTable
  }
}
