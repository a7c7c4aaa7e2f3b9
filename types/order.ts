/** Orders (/api/order/*). Money in fen, times in ms. State machine: docs/orders.md. */
import type { Page } from './envelope'
import type { MemberAddress } from './address'

export type OrderStatus = 'unpaid' | 'to_ship' | 'to_receive' | 'to_review' | 'completed' | 'cancelled'
export type OrderType = 'normal' | 'seckill' | 'points'
export type AfterSaleStatus = 'none' | 'processing' | 'finished'
/** The list tabs: 全部 / 待付款 / 待发货 / 待收货 / 待评价 / 售后. */
export type OrderTab = 'all' | 'unpaid' | 'unshipped' | 'unreceived' | 'unreviewed' | 'afterSale'
/** What the member may do with an order now (computed by the server from the state). */
/** followUp: 追评 (a first review may still get it); viewAfterSale: 查看售后 (a case is open: no second application). */
export type OrderAction = 'pay' | 'cancel' | 'confirmReceipt' | 'delete' | 'buyAgain' | 'logistics' | 'evaluate' | 'followUp' | 'afterSale' | 'viewAfterSale'

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待付款',
  to_ship: '待发货',
  to_receive: '待收货',
  to_review: '待评价',
  completed: '已完成',
  cancelled: '已取消',
}

export interface OrderPreviewRequest {
  from: 'cart' | 'buyNow'
  skuId?: number
  quantity?: number
  addressId?: number
  /** Promotions (coupons / points) read these; ignored until that module is installed. */
  couponId?: number
  usePoints?: boolean
}

export interface OrderSubmitRequest extends OrderPreviewRequest {
  remark?: string
  /** One per page visit: a double tap makes one order. */
  requestId: string
}

export interface OrderPreviewLine {
  skuId: number
  goodsId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  stock: number
  amount: number
}

export interface OrderPreview {
  lines: OrderPreviewLine[]
  address: MemberAddress | null
  goodsAmount: number
  freightAmount: number
  couponDiscount: number
  pointsDiscount: number
  payAmount: number
  /** Goods amount from which this order ships free (its goods' freight template); 0 = no such amount (never free, or goods of several templates). */
  freeFreightThreshold: number
  /** Extra data of pricing steps (e.g. usable coupons). */
  extras: Record<string, unknown>
}

export interface OrderSubmitResponse {
  orderNo: string
  payAmount: number
  status: OrderStatus
  expireAt: number
  /** True when this requestId had already made the order (a repeated tap). */
  existing: boolean
}

export interface OrderItem {
  id: number
  goodsId: number
  skuId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  amount: number
  payAmount: number
  reviewed: boolean
  refundedQuantity: number
  refundedAmount: number
}

export interface OrderSummary {
  orderNo: string
  status: OrderStatus
  statusText: string
  orderType: OrderType
  afterSaleStatus: AfterSaleStatus
  goodsAmount: number
  freightAmount: number
  couponDiscount: number
  pointsDiscount: number
  payAmount: number
  itemCount: number
  items: OrderItem[]
  actions: OrderAction[]
  createdAt: number
  expireAt: number
}

export interface OrderDetail extends OrderSummary {
  receiver: { name: string; phone: string; province: string; city: string; district: string; detail: string }
  remark: string
  payChannel: string | null
  cancelReason: string
  paidAt: number | null
  shippedAt: number | null
  receivedAt: number | null
  completedAt: number | null
  cancelledAt: number | null
  shipment: { expressCode: string; expressName: string; trackingNo: string; latest: { time: number; text: string } | null } | null
}

export type OrderPage = Page<OrderSummary>

export interface OrderCounts {
  unpaid: number
  unshipped: number
  unreceived: number
  unreviewed: number
  afterSale: number
}

export interface BuyAgainResponse {
  added: number
  skipped: number
}
