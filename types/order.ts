/** Orders (/api/order/*). Money in fen, times in ms. State machine: docs/orders.md. */
import type { Page } from './envelope'
import type { MemberAddress } from './address'
import type { OrderCouponExtras } from './coupon'
import type { OrderPointsExtras } from './integral'
import { PayPassword, type OrderBalanceExtras } from './balance'
import { Bool, Enum, Id, Int, Obj, Opt, Paging, Str, type Static } from './schema'

export type OrderStatus = 'unpaid' | 'to_ship' | 'to_receive' | 'to_review' | 'completed' | 'cancelled'
export type OrderType = 'normal' | 'seckill' | 'points' | 'group'
export type AfterSaleStatus = 'none' | 'processing' | 'finished'
/** The list tabs: 全部 / 待付款 / 待发货 / 待收货 / 待评价 / 售后. */
export type OrderTab = 'all' | 'unpaid' | 'unshipped' | 'unreceived' | 'unreviewed' | 'afterSale'
/** What the member may do with an order now (computed by the server from the state). */
/** followUp: 追评 (a first review may still get it); viewAfterSale: 查看售后 (a case is open: no second application). */
export type OrderAction = 'pay' | 'cancel' | 'confirmReceipt' | 'delete' | 'buyAgain' | 'logistics' | 'evaluate' | 'followUp' | 'afterSale' | 'viewAfterSale'

/** A to_ship order of which some parcels have left (split shipment): shown to shopper and staff instead of 待发货. */
export const PARTLY_SHIPPED_TEXT = '部分发货'
/** A paid 拼团 order whose group has not formed yet (held from shipping, docs/promotions.md "Group buying"). */
export const HELD_TEXT = '待成团'

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待付款',
  to_ship: '待发货',
  to_receive: '待收货',
  to_review: '待评价',
  completed: '已完成',
  cancelled: '已取消',
}

/** At most this many units of one SKU bought at once (buy now). */
export const MAX_BUY_QUANTITY = 999
export const ORDER_TABS = ['all', 'unpaid', 'unshipped', 'unreceived', 'unreviewed', 'afterSale'] as const
/** An order number as the client sends it back. */
export const OrderNo = () => Str(32, 1, { pattern: '^[A-Za-z0-9]+$' })

/** 快递配送 (shipped by courier) or 到店自提 (picked up at one of the shop's pickup points: docs/orders.md "Self-pickup"). */
export type DeliveryType = 'delivery' | 'pickup'
export const DELIVERY_TYPES = ['delivery', 'pickup'] as const
/** A pickup code as staff type it: 8 digits (spaces and dashes are taken out by the console before sending). */
export const PICKUP_CODE_PATTERN = '^[0-9]{8}$'

const priceFields = {
  from: Enum(['cart', 'buyNow']),
  /** Absent = delivery. pickup: no address, no freight; pickupPointId names an enabled point (preview: absent = the first). */
  deliveryType: Opt(Enum(DELIVERY_TYPES)),
  pickupPointId: Opt(Id()),
  skuId: Opt(Id()),
  quantity: Opt(Int(1, MAX_BUY_QUANTITY)),
  addressId: Opt(Id()),
  /** A member coupon id; 0 = no coupon; absent = the best one (promotions). */
  couponId: Opt(Int(0)),
  usePoints: Opt(Bool()),
  /** 使用余额: the balance pays what it can of the order (docs/balance.md). */
  useBalance: Opt(Bool()),
  /** Submit: what the preview showed the balance paying; less balance than that now (spent meanwhile) refuses with 余额不足. */
  balanceAmount: Opt(Int(0)),
}
/** POST /api/order/preview. Promotions (coupons / points) read couponId and usePoints. */
export const OrderPreviewRequest = Obj(priceFields)
export type OrderPreviewRequest = Static<typeof OrderPreviewRequest>

/** POST /api/order/submit: the preview's fields, a remark and requestId (one per page visit: a double tap makes one order). */
export const OrderSubmitRequest = Obj({
  ...priceFields,
  remark: Opt(Str(200)),
  requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }),
  /** Pickup orders: who picks up (prefilled from the member's phone; required with deliveryType pickup). */
  receiverName: Opt(Str(32)),
  receiverPhone: Opt(Str(20)),
  /** 支付密码: required when the order spends the balance (docs/balance.md). */
  payPassword: Opt(PayPassword()),
})
export type OrderSubmitRequest = Static<typeof OrderSubmitRequest>

/** GET /api/order/list. */
export const OrderListQuery = Paging({ status: Opt(Enum(ORDER_TABS, { default: 'all' })) })
export type OrderListQuery = Static<typeof OrderListQuery>
/** GET /api/order/detail. */
export const OrderNoQuery = Obj({ orderNo: OrderNo() })
export type OrderNoQuery = Static<typeof OrderNoQuery>
/** POST /api/order/cancel. */
/** Why a shopper cancels an unpaid order (the cancel picker's choices; stored with the order and its log as written). */
export const ORDER_CANCEL_REASONS = ['不想要了', '地址/信息填写错误', '商品选错/多选', '价格有点贵', '其他'] as const
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number]
export const OrderCancelRequest = Obj({ orderNo: OrderNo(), reason: Opt(Enum(ORDER_CANCEL_REASONS)) })
export type OrderCancelRequest = Static<typeof OrderCancelRequest>
/** POST /api/order/confirmReceipt, delete, buyAgain. */
export const OrderNoBody = OrderNoQuery
export type OrderNoBody = OrderNoQuery

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

/** A pickup point as the shopper sees it (the checkout's list, the order's copy). */
export interface PickupPoint {
  id: number
  name: string
  /** Region and detail in one line. */
  address: string
  /** Business hours as the shop wrote them (e.g. 每天 09:00-21:00). */
  hours: string
  phone: string
}

/** What the checkout needs for 到店自提: the enabled points (empty: the switch is hidden), the chosen one, the contact prefilled. */
export interface OrderPickupPreview {
  points: PickupPoint[]
  /** The chosen point (pickup orders only), else null. */
  point: PickupPoint | null
  /** The member's own phone, prefilled as the pickup contact ('' when none). */
  contactPhone: string
  contactName: string
}

export interface OrderPreview {
  lines: OrderPreviewLine[]
  deliveryType: DeliveryType
  pickup: OrderPickupPreview
  address: MemberAddress | null
  goodsAmount: number
  freightAmount: number
  /** 会员折扣: what the member level's discount takes off the goods (0 = none). */
  levelDiscount: number
  couponDiscount: number
  pointsDiscount: number
  payAmount: number
  /** Goods amount from which this order ships free (its goods' freight template); 0 = no such amount (never free, or goods of several templates). */
  freeFreightThreshold: number
  /** What the pricing steps add for the confirm page, one declared key per step. */
  extras: OrderExtras
}

/** The pricing steps' additions to an order or flash-sale preview: each step fills its own key, or leaves it out. */
export interface OrderExtras {
  /** The coupon step (coupon module): the coupons usable and unusable on this order, the one chosen. */
  coupons?: OrderCouponExtras
  /** The points step (integral module): the balance and what this order may take off. Not on flash-sale orders. */
  points?: OrderPointsExtras
  /** The member level step (level module): the member's level and what its benefits did to this order. Absent without a level. */
  level?: OrderLevelExtras
  /** The balance step (balance module): the balance and what it pays of this order. */
  balance?: OrderBalanceExtras
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
  /** Units already in a parcel (split shipment). */
  shippedQuantity: number
}

export interface OrderSummary {
  orderNo: string
  status: OrderStatus
  /** 待自提 for a paid pickup order (status to_ship), else the status's words. */
  statusText: string
  deliveryType: DeliveryType
  orderType: OrderType
  afterSaleStatus: AfterSaleStatus
  goodsAmount: number
  freightAmount: number
  /** 会员折扣 taken off at submission (0 = none). */
  levelDiscount: number
  couponDiscount: number
  pointsDiscount: number
  /** Points spent on this order (a points-mall order's price in points; a normal order's points discount). */
  pointsUsed: number
  payAmount: number
  /** What the balance paid (or holds, while unpaid) of payAmount; the rest is the gateway's (微信支付). docs/balance.md. */
  balanceAmount: number
  /** Fen the merchant took off with 改价 (negative: raised); 0 when never changed. 原价 = payAmount + priceAdjust. */
  priceAdjust: number
  itemCount: number
  items: OrderItem[]
  actions: OrderAction[]
  createdAt: number
  expireAt: number
}

/** A pickup order's point (the copy made at submission), code and verification. */
export interface OrderPickup {
  name: string
  address: string
  hours: string
  phone: string
  /** Shown once the order is paid and waits for pickup (or was picked up); null before payment, after cancel or refund. */
  code: string | null
  verifiedAt: number | null
}

export interface OrderDetail extends OrderSummary {
  /** Set for pickup orders only. */
  pickup: OrderPickup | null
  receiver: { name: string; phone: string; province: string; city: string; district: string; detail: string }
  remark: string
  payChannel: string | null
  cancelReason: string
  paidAt: number | null
  shippedAt: number | null
  receivedAt: number | null
  completedAt: number | null
  cancelledAt: number | null
  /** The first parcel (an order of one parcel: its only one). */
  shipment: { expressCode: string; expressName: string; trackingNo: string; latest: { time: number; text: string } | null } | null
  /** Every parcel, oldest first (包裹1、包裹2…), with the order lines and units it holds. */
  parcels: OrderParcel[]
}

export interface OrderParcel {
  expressCode: string
  expressName: string
  trackingNo: string
  latest: { time: number; text: string } | null
  items: Array<{ orderItemId: number; quantity: number }>
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

/** GET /api/order/goodsFreight: the goods details page's 运费 row. */
export const GoodsFreightQuery = Obj({ goodsId: Id() })
export type GoodsFreightQuery = Static<typeof GoodsFreightQuery>
export interface GoodsFreight {
  /** True only when one unit ships free to every province (the checkout charges 0). */
  free: boolean
  /** Fen the checkout charges for one unit at the goods' lowest price, to a province without an extra fee. */
  fee: number
  /** Goods amount from which this goods' template ships free; 0 = never. */
  freeThreshold: number
  /** 包邮 / 运费 ¥8，满 ¥99 包邮 (，部分地区另加运费). */
  text: string
}

/** An order log's step in the merchant's words (order_logs.action; the console's 订单日志). */
export const ORDER_LOG_ACTION_TEXT: Record<string, string> = {
  submit: '下单',
  pay: '支付',
  cancel: '取消',
  ship: '发货',
  ship_part: '部分发货',
  waybill: '更正运单号',
  receive: '确认收货',
  complete: '完成',
  refund_close: '退款关闭',
  price: '改价',
  late_payment: '收到迟到的支付',
  late_payment_refunded: '迟到的支付已退回',
  wechat_settlement: '微信确认收货',
  pickup: '自提核销',
}

/** A paid pickup order waiting at the point (status to_ship). */
export const PICKUP_WAITING_TEXT = '待自提'

/** Who did a step of an order or an after-sales case (order_logs.operator, after_sale_logs.operator); a staff member's own name is shown when known. */
export const OPERATOR_TEXT: Record<string, string> = {
  member: '买家',
  system: '系统',
  gateway: '系统',
  admin: '商家',
}

/** The member level's part of a checkout: the level's name and what its benefits did to this order. */
export interface OrderLevelExtras {
  name: string
  /** Percent of the price paid on normal-price goods (100 = no discount). */
  discount: number
  freeShipping: boolean
  /** Points multiplier in tenths (10 = 1×). */
  pointsTenths: number
}
