import type { Generated } from 'kysely'

/** Table types of migration 030_money (the WeChat money loop). */

export interface SandboxGatewayTable {
  /** pay:<payNo> or refund:<refundNo> */
  key: string
  state: 'paid' | 'closed' | 'refunded'
  refId: string
  amount: number
  at: number
}

export interface ShopSettingTable {
  key: string
  value: string
  updatedAt: number
}

export interface ShippingUploadTable {
  orderId: number
  status: 'pending' | 'done' | 'failed'
  attempts: number
  nextAt: number
  lastError: string
  createdAt: number
  updatedAt: number
}

export interface ReconcileRunTable {
  billDate: string
  provider: string
  payments: number
  refunds: number
  differences: number
  ranAt: number
}

export type ReconcileIssue = 'missing_ours' | 'missing_wechat' | 'amount_differs'
export interface ReconcileDiffTable {
  id: Generated<number>
  billDate: string
  kind: 'payment' | 'refund'
  refNo: string
  issue: ReconcileIssue
  ours: number | null
  theirs: number | null
  createdAt: number
}

export interface MessageOutboxTable {
  id: Generated<number>
  memberId: number
  event: string
  /** JSON of the event's named values (orderNo, amount...), mapped to the template's keys when sent. */
  data: string
  status: 'pending' | 'sent' | 'skipped' | 'failed'
  attempts: number
  lastError: string
  createdAt: number
  updatedAt: number
}

declare module './types' {
  interface DB {
    messageOutbox: MessageOutboxTable
    reconcileRuns: ReconcileRunTable
    reconcileDiffs: ReconcileDiffTable
    shippingUploads: ShippingUploadTable
    sandboxGateway: SandboxGatewayTable
    shopSettings: ShopSettingTable
  }
}
