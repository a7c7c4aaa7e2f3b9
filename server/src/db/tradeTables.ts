import type { Generated } from 'kysely'

/** Table types of migration 004_trade (cart, addresses, orders, payments, logistics). */

export interface CartItemTable {
  id: Generated<number>
  memberId: number
  skuId: number
  goodsId: number
  quantity: number
  selected: number
  createdAt: number
  updatedAt: number
}

export interface MemberAddressTable {
  id: Generated<number>
  memberId: number
  name: string
  phone: string
  province: string
  city: string
  district: string
  /** GB/T 2260 code of the district (or city), '' for addresses saved before migration 088. */
  areaCode: Generated<string>
  detail: string
  tag: string
  isDefault: number
  createdAt: number
  updatedAt: number
}

export type OrderStatusValue = 'unpaid' | 'to_ship' | 'to_receive' | 'to_review' | 'completed' | 'cancelled'
export type OrderTypeValue = 'normal' | 'seckill' | 'points' | 'group'
export type AfterSaleStatusValue = 'none' | 'processing' | 'finished'

export interface OrderTable {
  id: Generated<number>
  orderNo: string
  memberId: number
  orderType: OrderTypeValue
  status: OrderStatusValue
  afterSaleStatus: AfterSaleStatusValue
  goodsAmount: number
  freightAmount: number
  couponId: number | null
  couponDiscount: number
  pointsUsed: number
  pointsDiscount: number
  /** Fen the member level's discount took off (migration 101). */
  levelDiscount: Generated<number>
  /** The member level's points multiplier at submission, in tenths (10 = 1×; migration 101). */
  pointsTenths: Generated<number>
  payAmount: number
  /** What the balance pays of payAmount (held while unpaid; migration 103); the gateway pays payAmount - balanceAmount. */
  balanceAmount: Generated<number>
  /** How much of balanceAmount went back to the balance by refunds. */
  balanceRefunded: Generated<number>
  /** 1 while a group order (拼团) waits for its group to form: nothing ships it (migration 107). */
  shipHold: Generated<number>
  /** Fen taken off by 改价 (negative: raised); the total before it is payAmount + priceAdjust (migration 093). */
  priceAdjust: Generated<number>
  itemCount: number
  receiverName: string
  receiverPhone: string
  receiverProvince: string
  receiverCity: string
  receiverDistrict: string
  receiverDetail: string
  remark: string
  requestId: string | null
  boundBusinessId: number | null
  payChannel: string | null
  cancelReason: string
  expireAt: number
  paidAt: number | null
  shippedAt: number | null
  receivedAt: number | null
  completedAt: number | null
  cancelledAt: number | null
  deletedAt: number | null
  createdAt: number
  updatedAt: number
  /** Self-pickup (migration 098): 'delivery' (courier) or 'pickup'; the point chosen and a copy of it at submission. */
  deliveryType: Generated<DeliveryTypeValue>
  pickupPointId: number | null
  pickupName: Generated<string>
  pickupAddress: Generated<string>
  pickupHours: Generated<string>
  pickupPhone: Generated<string>
  /** 8 random digits, unique; null for delivery orders. */
  pickupCode: string | null
  pickupVerifiedAt: number | null
  /** The staff member who verified (核销) the pickup. */
  pickupVerifiedBy: string | null
}

export type DeliveryTypeValue = 'delivery' | 'pickup'

/** The shop's pickup points (设置 → 自提点, migration 098). */
export interface PickupPointTable {
  id: Generated<number>
  name: string
  province: string
  city: string
  district: string
  detail: string
  hours: string
  phone: string
  enabled: number
  sort: number
  createdAt: number
  updatedAt: number
}

export interface OrderItemTable {
  id: Generated<number>
  orderId: number
  memberId: number
  goodsId: number
  skuId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  amount: number
  payAmount: number
  reviewed: number
  refundedQuantity: number
  refundedAmount: number
  /** Units already in a parcel (migration 099); shipping raises it conditionally (shipped + refunded + n <= quantity). */
  shippedQuantity: Generated<number>
  createdAt: number
}

export type PaymentStatusValue = 'pending' | 'paid' | 'closed' | 'refund_pending' | 'refunded'

export interface PaymentTable {
  id: Generated<number>
  payNo: string
  orderId: number
  memberId: number
  channel: string
  provider: string
  amount: number
  status: PaymentStatusValue
  transactionId: string | null
  paidAt: number | null
  rawNotify: string | null
  expireAt: number
  /** Late payment given back: the last refund error (030_money). */
  refundError?: string
  refundedAt?: number | null
  /** A recharge order's payment (105_recharge; orderId is 0 then). */
  rechargeId?: number | null
  createdAt: number
  updatedAt: number
}

export interface OrderLogTable {
  id: Generated<number>
  orderId: number
  fromStatus: string
  toStatus: string
  action: string
  operator: 'member' | 'system' | 'admin' | 'gateway'
  note: string
  createdAt: number
}

export interface ExpressCompanyTable {
  id: Generated<number>
  code: string
  name: string
  phone: string
  sort: number
  enabled: number
}

export interface ShipmentTable {
  id: Generated<number>
  orderId: number
  expressCode: string
  expressName: string
  trackingNo: string
  createdAt: number
  /** The courier's last state through 快递100 (migration 084; '' = nothing heard from the courier). */
  trackingState: Generated<string>
  trackingAt: number | null
  /** When the courier reported it signed for (签收); auto-receive counts from here when known. */
  signedAt: number | null
}

/** Migration 099: the order lines (and units) a parcel holds. */
export interface ShipmentItemTable {
  id: Generated<number>
  shipmentId: number
  orderItemId: number
  quantity: number
}

export interface LogisticsTraceTable {
  id: Generated<number>
  shipmentId: number
  time: number
  text: string
  createdAt: number
  /** 'courier' (快递100 pushed or queried) or 'typed' (staff, the CLI, the demo seed); migration 084. */
  source: Generated<'courier' | 'typed'>
}

/** Migration 084: the 快递100 subscription outbox, one row per shipment. */
export interface TrackingSubscriptionTable {
  id: Generated<number>
  shipmentId: number
  status: 'pending' | 'subscribed' | 'failed' | 'aborted' | 'skipped'
  attempts: number
  nextAt: number
  lastCode: string
  lastError: string
  resubscribed: number
  queriedAt: number | null
  createdAt: number
  updatedAt: number
}

declare module './types' {
  interface DB {
    cartItems: CartItemTable
    memberAddresses: MemberAddressTable
    orders: OrderTable
    pickupPoints: PickupPointTable
    orderItems: OrderItemTable
    payments: PaymentTable
    orderLogs: OrderLogTable
    expressCompanies: ExpressCompanyTable
    shipments: ShipmentTable
    shipmentItems: ShipmentItemTable
    logisticsTraces: LogisticsTraceTable
    trackingSubscriptions: TrackingSubscriptionTable
  }
}
