import type { Generated } from 'kysely'

/** Table types of migration 107_group_buy (拼团, docs/promotions.md "Group buying"). */

export interface GroupBuyActivityTable {
  id: Generated<number>
  goodsId: number
  title: string
  /** Places in a group, 2–10. */
  size: number
  /** Hours a group has to fill, from the leader's payment. */
  hours: number
  perMemberLimit: number
  startAt: number
  endAt: number
  /** 模拟成团: a group not full at its deadline is filled with virtual members instead of failing. */
  virtualFill: number
  /** 团长优惠: fen off each unit of the leader's order. */
  leaderDiscount: number
  enabled: number
  createdAt: number
  updatedAt: number
}

export interface GroupBuySkuTable {
  id: Generated<number>
  activityId: number
  skuId: number
  price: number
}

export type GroupStatusValue = 'pending' | 'open' | 'formed' | 'failed' | 'cancelled'

export interface GroupBuyGroupTable {
  id: Generated<number>
  activityId: number
  goodsId: number
  leaderMemberId: number
  size: number
  paidCount: number
  virtualCount: number
  status: GroupStatusValue
  expiresAt: number | null
  formedAt: number | null
  failedAt: number | null
  createdAt: number
}

/** unpaid → paid (a place) / late (paid on a failed or full group: refund due) → refunded; unpaid → cancelled. */
export type GroupMemberStatusValue = 'unpaid' | 'paid' | 'late' | 'refunded' | 'cancelled'

export interface GroupBuyMemberTable {
  id: Generated<number>
  groupId: number
  activityId: number
  orderId: number
  memberId: number
  isLeader: number
  quantity: number
  status: GroupMemberStatusValue
  paidAt: number | null
  createdAt: number
}

/** One row per (activity, member): the lock a member's group submits take their turn on (migration 113). */
export interface GroupBuyBuyerTable {
  activityId: number
  memberId: number
  submits: number
}

declare module './types' {
  interface DB {
    groupBuyBuyers: GroupBuyBuyerTable
    groupBuyActivities: GroupBuyActivityTable
    groupBuySkus: GroupBuySkuTable
    groupBuyGroups: GroupBuyGroupTable
    groupBuyMembers: GroupBuyMemberTable
  }
}
