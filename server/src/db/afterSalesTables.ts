import type { Generated } from 'kysely'

/** Table types of migration 007_after_sales (cashback, after-sales, feedback). */

export type CashbackTypeValue = 'review' | 'task'
export type CashbackTaskStatusValue = 'submitted' | 'approved' | 'rejected' | 'paid'
export type AfterSaleTypeValue = 'refund' | 'return_refund'
export type AfterSaleStatusValue = 'applied' | 'approved' | 'rejected' | 'returned' | 'received' | 'refunding' | 'refunded' | 'cancelled'
export type CaseOperator = 'member' | 'admin' | 'system'

export interface CashbackCampaignTable {
  id: Generated<number>
  goodsId: number
  title: string
  type: CashbackTypeValue
  amount: number
  requirement: string
  minRating: number
  minChars: number
  minImages: number
  quota: number | null
  used: number
  status: 'active' | 'ended'
  startAt: number
  endAt: number
  createdAt: number
  updatedAt: number
}

export interface CashbackTaskTable {
  id: Generated<number>
  campaignId: number
  memberId: number
  goodsId: number
  orderId: number
  orderItemId: number
  reviewId: number | null
  amount: number
  status: CashbackTaskStatusValue
  proofImages: string
  proofText: string
  rejectReason: string
  submittedAt: number
  decidedAt: number | null
  paidAt: number | null
  createdAt: number
  updatedAt: number
}

export interface CashbackTaskLogTable {
  id: Generated<number>
  taskId: number
  status: CashbackTaskStatusValue
  note: string
  operator: CaseOperator
  createdAt: number
}

export interface ReturnAddressTable {
  id: Generated<number>
  name: string
  phone: string
  province: string
  city: string
  district: string
  detail: string
  isDefault: number
  createdAt: number
}

export interface AfterSaleTable {
  id: Generated<number>
  afterSaleNo: string
  orderId: number
  memberId: number
  type: AfterSaleTypeValue
  status: AfterSaleStatusValue
  reason: string
  description: string
  images: string
  amount: number
  /** What staff approved when less than `amount` (097); null = as asked. The refund books at most this. */
  approvedAmount: Generated<number | null>
  /** Why staff approved less (097), shown to the shopper; '' otherwise. */
  approveNote: Generated<string>
  refundAmount: number
  /** The balance part of refundAmount (migration 103): credited to the balance, the rest goes back through the gateway. */
  balanceRefundAmount: Generated<number>
  freightAmount: number
  pointsReturned: number
  couponReturned: number
  returnName: string
  returnPhone: string
  returnAddress: string
  returnExpressCode: string
  returnExpressName: string
  returnTrackingNo: string
  rejectReason: string
  refundNo: string | null
  refundId: string | null
  refundError: string
  decidedAt: number | null
  returnedAt: number | null
  receivedAt: number | null
  refundedAt: number | null
  /** Set when the gateway reported the refund failed (closed / abnormal); cleared by a retry (030_money). */
  refundFailedAt?: number | null
  cancelledAt: number | null
  createdAt: number
  updatedAt: number
}

export interface AfterSaleItemTable {
  id: Generated<number>
  afterSaleId: number
  orderItemId: number
  quantity: number
  refundAmount: number
}

export interface AfterSaleLogTable {
  id: Generated<number>
  afterSaleId: number
  status: AfterSaleStatusValue
  note: string
  operator: CaseOperator
  createdAt: number
}

export interface FeedbackTable {
  id: Generated<number>
  memberId: number
  type: string
  content: string
  images: string
  contact: string
  /** new → read (a staff opened it) → replied → closed (070). */
  status: 'new' | 'read' | 'replied' | 'closed'
  reply: Generated<string>
  repliedAt: number | null
  closedAt: number | null
  createdAt: number
}

declare module './types' {
  interface DB {
    cashbackCampaigns: CashbackCampaignTable
    cashbackTasks: CashbackTaskTable
    cashbackTaskLogs: CashbackTaskLogTable
    returnAddresses: ReturnAddressTable
    afterSales: AfterSaleTable
    afterSaleItems: AfterSaleItemTable
    afterSaleLogs: AfterSaleLogTable
    feedback: FeedbackTable
  }
}
