/** After-sales (/api/afterSales/*): refund only, or return and refund. Money in fen, times in ms. State machine: docs/after-sales.md. */
import type { Page } from './envelope'
import { Arr, Enum, Id, Int, Obj, Opt, Paging, Str, type Static } from './schema'
import { OrderNo, OrderNoQuery } from './order'

export type AfterSaleType = 'refund' | 'return_refund'
export type AfterSaleState = 'applied' | 'approved' | 'rejected' | 'returned' | 'received' | 'refunding' | 'refunded' | 'cancelled'

export const AFTER_SALE_TYPE_TEXT: Record<AfterSaleType, string> = { refund: '仅退款', return_refund: '退货退款' }

export const AFTER_SALE_STATE_TEXT: Record<AfterSaleState, string> = {
  applied: '待商家处理',
  approved: '商家已同意',
  rejected: '商家已拒绝',
  returned: '待商家收货',
  received: '商家已收货',
  refunding: '退款中',
  refunded: '退款成功',
  cancelled: '已撤销',
}

/** Reasons the member picks from (the server accepts only these). */
export const AFTER_SALE_REASONS: Record<AfterSaleType, string[]> = {
  refund: ['不想要了', '拍错/多拍/不喜欢', '未按约定时间发货', '商品缺件/漏发', '快递一直未送到', '其他'],
  return_refund: ['七天无理由退货', '商品质量问题', '商品与描述不符', '收到商品破损', '发错货/少件', '其他'],
}

export const AFTER_SALE_DESC_MAX = 200
export const AFTER_SALE_MAX_IMAGES = 9

/** An order line as the apply page sees it: how much of it can still be refunded. */
export interface RefundableItem {
  orderItemId: number
  goodsId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  payAmount: number
  refundedQuantity: number
  refundedAmount: number
  /** Units that can still be refunded. */
  refundableQuantity: number
  /** The most that can still be refunded for all refundable units (fen). */
  refundableAmount: number
}

export interface AfterSaleApplyInfo {
  orderNo: string
  orderStatus: string
  /** Whether the goods have shipped (return and refund needs shipped goods). */
  shipped: boolean
  types: AfterSaleType[]
  items: RefundableItem[]
  /** Freight that comes back with the last refund of an unshipped order (0 otherwise). */
  refundableFreight: number
  /** An open case of this order, if any (only one at a time). */
  openAfterSaleNo: string | null
}

const AfterSaleNo = () => Str(32, 1, { pattern: '^[A-Za-z0-9]+$' })

export const AfterSaleApplyItem = Obj({ orderItemId: Id(), quantity: Int(1, 100000) })
export type AfterSaleApplyItem = Static<typeof AfterSaleApplyItem>
const Selection = () => Arr(AfterSaleApplyItem, 50, 1)

/** GET /api/afterSales/applyInfo. */
export const AfterSaleApplyInfoQuery = OrderNoQuery
/** POST /api/afterSales/quote: the most that can be refunded for a selection. */
export const AfterSaleQuoteRequest = Obj({ orderNo: OrderNo(), items: Selection() })
export type AfterSaleQuoteRequest = Static<typeof AfterSaleQuoteRequest>

/** POST /api/afterSales/apply. amount: requested refund in fen, at most the maximum for these goods. */
export const AfterSaleApplyRequest = Obj({
  orderNo: OrderNo(),
  type: Enum(['refund', 'return_refund']),
  items: Selection(),
  reason: Str(32, 1),
  description: Opt(Str(800)),
  images: Opt(Arr(Str(256, 1), AFTER_SALE_MAX_IMAGES)),
  amount: Int(1, 100_000_000),
})
export type AfterSaleApplyRequest = Static<typeof AfterSaleApplyRequest>

/** GET /api/afterSales/list (orderNo: the cases of one order). */
export const AfterSaleListQuery = Paging({ orderNo: Opt(OrderNo()) })
export type AfterSaleListQuery = Static<typeof AfterSaleListQuery>
/** GET /api/afterSales/detail, POST cancel. */
export const AfterSaleNoQuery = Obj({ afterSaleNo: AfterSaleNo() })
export type AfterSaleNoQuery = Static<typeof AfterSaleNoQuery>

/** The most that can be refunded for a selection (the apply page shows it; the server answers the same). */
export interface RefundQuote {
  maxAmount: number
  goodsAmount: number
  freightAmount: number
}

export interface AfterSaleLog {
  status: AfterSaleState
  text: string
  note: string
  operator: 'member' | 'admin' | 'system'
  createdAt: number
}

export interface AfterSaleSummary {
  afterSaleNo: string
  orderNo: string
  type: AfterSaleType
  typeText: string
  status: AfterSaleState
  statusText: string
  /** What the member asked. */
  amount: number
  /** What the shop approved when less than asked (null: as asked) and why (docs/after-sales.md "Approving less than asked"). */
  approvedAmount: number | null
  approveNote: string
  refundAmount: number
  /** `amount`: what the line brings back, booked once refunding, before that its share of the case's amount (approved or asked). */
  items: Array<{ orderItemId: number; goodsName: string; image: string; specText: string; price: number; quantity: number; amount: number }>
  createdAt: number
}

export interface AfterSaleDetail extends AfterSaleSummary {
  reason: string
  description: string
  images: string[]
  rejectReason: string
  /** Points and coupon given back with this refund (docs/after-sales.md). */
  pointsReturned: number
  couponReturned: boolean
  /** Return address (return and refund, once approved). */
  returnAddress: { name: string; phone: string; address: string } | null
  /** The member's parcel back to the shop. */
  returnShipment: { expressCode: string; expressName: string; trackingNo: string; shippedAt: number } | null
  logs: AfterSaleLog[]
  /** What the member may do now. */
  actions: Array<'cancel' | 'fillTracking'>
  refundedAt: number | null
}

/** POST /api/afterSales/returnShip. */
export const ReturnShipRequest = Obj({ afterSaleNo: AfterSaleNo(), expressCode: Str(16, 1), trackingNo: Str(40, 1) })
export type ReturnShipRequest = Static<typeof ReturnShipRequest>

export type AfterSalePage = Page<AfterSaleSummary>
