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

declare module './types' {
  interface DB {
    shippingUploads: ShippingUploadTable
    sandboxGateway: SandboxGatewayTable
    shopSettings: ShopSettingTable
  }
}
