/**
 * The console's contract of 订单 (server module order): the list, details, 发货 and parcels, 改价, 自提核销, prints and CSVs. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

export const ORDER_STATUSES = ['unpaid', 'to_ship', 'to_receive', 'to_review', 'completed', 'cancelled'] as const
export const OrderStatus = Type.Union([Type.Literal('unpaid'), Type.Literal('to_ship'), Type.Literal('to_receive'), Type.Literal('to_review'), Type.Literal('completed'), Type.Literal('cancelled')])
export const AdminOrderQuery = Closed({
  ...PagingFields,
  status: Type.Optional(OrderStatus),
  orderNo: Type.Optional(Str(32)),
  /** The receiver's or the member's phone. */
  phone: Type.Optional(Str(20)),
  /** Goods name contains. */
  goods: Type.Optional(Str(64)),
  /** Created at or after / before (epoch ms). */
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type AdminOrderQuery = Static<typeof AdminOrderQuery>
export const AdminOrderRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  status: Type.String(),
  afterSaleStatus: Type.String(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  payAmount: Type.Integer(),
  itemCount: Type.Integer(),
  firstGoodsName: Type.String(),
  firstImage: Type.String(),
  createdAt: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  /** The paid payment's channel ('' before payment): shown as 沙箱支付 / 微信支付. */
  payChannel: Type.String(),
  /** delivery (快递配送) or pickup (到店自提: a paid one waiting is shown as 待自提). */
  deliveryType: Type.String(),
  /** Paid, some parcels sent and others still to send (shown as 部分发货). */
  partlyShipped: Type.Boolean(),
  /** A 拼团 order paid while its group is still filling (ship_hold): shown as 待成团, not shipped until the group forms. */
  held: Type.Boolean(),
})
export type AdminOrderRow = Static<typeof AdminOrderRow>
export const AdminOrderPage = PageOf(AdminOrderRow)
export type AdminOrderPage = Static<typeof AdminOrderPage>
export const OrderNoParams = Closed({ orderNo: Str(32, 1) })
export type OrderNoParams = Static<typeof OrderNoParams>
export const AdminOrderDetail = Type.Object({
  order: Type.Object({
    id: Type.Integer(),
    orderNo: Type.String(),
    orderType: Type.String(),
    status: Type.String(),
    /** As the list's `held`: paid, waiting for its 拼团 to form. */
    held: Type.Boolean(),
    afterSaleStatus: Type.String(),
    memberId: Type.Integer(),
    memberPhone: Type.String(),
    goodsAmount: Type.Integer(),
    freightAmount: Type.Integer(),
    /** 会员折扣 (the member level's discount at submission). */
    levelDiscount: Type.Integer(),
    couponDiscount: Type.Integer(),
    pointsDiscount: Type.Integer(),
    payAmount: Type.Integer(),
    /** What the balance paid of payAmount (docs/balance.md); the gateway paid the rest. */
    balanceAmount: Type.Integer(),
    /** Fen taken off by 改价 (negative: raised); the total before it is payAmount + priceAdjust. */
    priceAdjust: Type.Integer(),
    receiverName: Type.String(),
    receiverPhone: Type.String(),
    receiverAddress: Type.String(),
    remark: Type.String(),
    adminRemark: Type.String(),
    cancelReason: Type.String(),
    createdAt: Type.Integer(),
    paidAt: Type.Union([Type.Integer(), Type.Null()]),
    shippedAt: Type.Union([Type.Integer(), Type.Null()]),
    receivedAt: Type.Union([Type.Integer(), Type.Null()]),
    completedAt: Type.Union([Type.Integer(), Type.Null()]),
    cancelledAt: Type.Union([Type.Integer(), Type.Null()]),
    /** delivery (快递配送) or pickup (到店自提). */
    deliveryType: Type.String(),
  }),
  /** A pickup order's point (its copy at submission), code and verification; null for delivery orders. */
  pickup: Type.Union([
    Type.Object({
      name: Type.String(),
      address: Type.String(),
      hours: Type.String(),
      phone: Type.String(),
      code: Type.String(),
      verifiedAt: Type.Union([Type.Integer(), Type.Null()]),
      verifiedBy: Type.String(),
    }),
    Type.Null(),
  ]),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      goodsId: Type.Integer(),
      skuId: Type.Integer(),
      goodsName: Type.String(),
      image: Type.String(),
      specText: Type.String(),
      price: Type.Integer(),
      quantity: Type.Integer(),
      payAmount: Type.Integer(),
      refundedQuantity: Type.Integer(),
      refundedAmount: Type.Integer(),
      /** Units already in a parcel; what is left to ship is quantity − refundedQuantity − shippedQuantity. */
      shippedQuantity: Type.Integer(),
    }),
  ),
  /** The order's log, oldest first: what happened, by whom. */
  /** `staffName`: who of the staff did an 'admin' step (their 姓名, else their username; from the audit log), '' when unknown. */
  timeline: Type.Array(
    Type.Object({ action: Type.String(), fromStatus: Type.String(), toStatus: Type.String(), operator: Type.String(), staffName: Type.String(), note: Type.String(), createdAt: Type.Integer() }),
  ),
  payments: Type.Array(
    Type.Object({
      payNo: Type.String(),
      provider: Type.String(),
      channel: Type.String(),
      amount: Type.Integer(),
      status: Type.String(),
      transactionId: Type.Union([Type.String(), Type.Null()]),
      paidAt: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  /** The first parcel (kept for one-parcel orders); `parcels` lists them all. */
  shipment: Type.Union([
    Type.Object({
      expressCode: Type.String(),
      expressName: Type.String(),
      trackingNo: Type.String(),
      createdAt: Type.Integer(),
      /** The courier's last state (TRACKING_STATE_LABEL of types/logistics.ts), '' before the courier said anything. */
      trackingState: Type.String(),
      /** The 快递100 subscription: '' none (shipped before tracking existed), pending, subscribed, failed, aborted, skipped. */
      subscription: Type.String(),
      /** Why the subscription needs staff, in plain words ('' when it does not). */
      subscriptionProblem: Type.String(),
      traces: Type.Array(Type.Object({ time: Type.Integer(), text: Type.String(), typed: Type.Boolean() })),
    }),
    Type.Null(),
  ]),
  /** Every parcel, oldest first (包裹1、包裹2…): its courier, number, tracking, and the order lines and units it holds. */
  parcels: Type.Array(
    Type.Object({
      id: Type.Integer(),
      expressCode: Type.String(),
      expressName: Type.String(),
      trackingNo: Type.String(),
      createdAt: Type.Integer(),
      trackingState: Type.String(),
      subscription: Type.String(),
      subscriptionProblem: Type.String(),
      traces: Type.Array(Type.Object({ time: Type.Integer(), text: Type.String(), typed: Type.Boolean() })),
      items: Type.Array(Type.Object({ orderItemId: Type.Integer(), goodsName: Type.String(), specText: Type.String(), quantity: Type.Integer() })),
    }),
  ),
  refunds: Type.Array(
    Type.Object({ id: Type.Integer(), afterSaleNo: Type.String(), status: Type.String(), amount: Type.Integer(), refundAmount: Type.Integer(), refundedAt: Type.Union([Type.Integer(), Type.Null()]) }),
  ),
  /** 代理佣金: each line's commission and the agent's shop earning it (rate in basis points; status in words). */
  commissions: Type.Array(
    Type.Object({
      shopId: Type.Integer(),
      shopName: Type.String(),
      /** 1: the shop the buyer is bound to; 2: its parent's second-level commission (docs/agent.md §4a). */
      level: Type.Integer(),
      orderItemId: Type.Integer(),
      rate: Type.Integer(),
      baseAmount: Type.Integer(),
      amount: Type.Integer(),
      originalAmount: Type.Integer(),
      status: Type.String(),
      releaseAt: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
})
export type AdminOrderDetail = Static<typeof AdminOrderDetail>
/** 自提核销: the code the shopper shows (8 digits). GET /orders/pickup?code= looks it up, POST /orders/pickup/verify verifies. */
export const PickupCodeBody = Closed({ code: Type.String({ pattern: '^[0-9]{8}$' }) })
export type PickupCodeBody = Static<typeof PickupCodeBody>
/** The order behind a pickup code, shown before staff confirm: its lines first, then who picks up and where. */
export const PickupLookup = Type.Object({
  orderNo: Type.String(),
  status: Type.String(),
  /** 待自提 / 已核销 / 已取消…, in words. */
  statusText: Type.String(),
  /** True when it may be verified now; else `reason` says why not (已核销, 未支付, 已取消, 售后处理中). */
  verifiable: Type.Boolean(),
  reason: Type.String(),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  pointName: Type.String(),
  payAmount: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  verifiedAt: Type.Union([Type.Integer(), Type.Null()]),
  verifiedBy: Type.String(),
  items: Type.Array(Type.Object({ goodsName: Type.String(), image: Type.String(), specText: Type.String(), quantity: Type.Integer(), refundedQuantity: Type.Integer() })),
})
export type PickupLookup = Static<typeof PickupLookup>
/** 发货: one parcel. `items` (the lines and units in it) left out ships every unit still waiting, in one parcel. */
export const ShipBody = Closed({
  expressCode: Str(16, 1),
  trackingNo: Str(40, 1),
  items: Type.Optional(Type.Array(Closed({ orderItemId: Id(), quantity: Type.Integer({ minimum: 0, maximum: 9999 }) }), { minItems: 1, maxItems: 200 })),
})
export type ShipBody = Static<typeof ShipBody>
/** 打印发货单: up to 100 order numbers, comma separated. */
export const OrderPrintQuery = Closed({ orderNos: Type.String({ minLength: 1, maxLength: 3000, pattern: '^[0-9A-Za-z,]+$' }) })
export type OrderPrintQuery = Static<typeof OrderPrintQuery>
/** One order's 发货单 / 拣货单: receiver, lines with spec, 货号 and quantity, the buyer's and the shop's remarks. */
export const OrderPrintSheet = Type.Object({
  orderNo: Type.String(),
  status: Type.String(),
  createdAt: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  receiverAddress: Type.String(),
  remark: Type.String(),
  adminRemark: Type.String(),
  payAmount: Type.Integer(),
  items: Type.Array(Type.Object({ goodsName: Type.String(), specText: Type.String(), code: Type.String(), quantity: Type.Integer(), price: Type.Integer() })),
})
export type OrderPrintSheet = Static<typeof OrderPrintSheet>
/** CSV text, one order per line: orderNo,expressCode,trackingNo (a header line is skipped); or the 拣货单 export with 快递公司 and 快递单号 filled in (its header names the columns). */
export const BatchShipBody = Closed({ csv: Str(1_000_000, 1) })
export type BatchShipBody = Static<typeof BatchShipBody>
/** `skipped`: parcels already shipped under that number (the same file uploaded again ships nothing twice). */
export const BatchShipReply = Type.Object({
  shipped: Type.Integer(),
  skipped: Type.Array(Type.Object({ line: Type.Integer(), orderNo: Type.String(), msg: Type.String() })),
  failed: Type.Array(Type.Object({ line: Type.Integer(), orderNo: Type.String(), msg: Type.String() })),
})
export type BatchShipReply = Static<typeof BatchShipReply>
/** 更正运单号: the right company and number of a shipped order (re-subscribed to the courier). */
export const WaybillBody = Closed({ expressCode: Str(16, 1), trackingNo: Str(40, 1), shipmentId: Type.Optional(Id()) })
export type WaybillBody = Static<typeof WaybillBody>
/** 添加物流轨迹: the text, and the parcel (an order of several parcels names one). */
export const TraceBody = Closed({ text: Str(200, 1), shipmentId: Type.Optional(Id()) })
export type TraceBody = Static<typeof TraceBody>
export const RemarkBody = Closed({ remark: Str(500) })
export type RemarkBody = Static<typeof RemarkBody>
export const ReasonBody = Closed({ reason: Str(100, 1) })
export type ReasonBody = Static<typeof ReasonBody>
/** 退款 by staff of a paid, unshipped order: the reason, and the lines and units to refund (left out: every unit left). */
export const StaffRefundBody = Closed({
  reason: Str(100, 1),
  items: Type.Optional(Type.Array(Closed({ orderItemId: Id(), quantity: Type.Integer({ minimum: 1, maximum: 100_000 }) }), { minItems: 1, maxItems: 50 })),
})
export type StaffRefundBody = Static<typeof StaffRefundBody>
/** 改价 of an unpaid order: the new total in fen (¥0.01 up to the goods' list amount plus freight), with a reason. */
export const PriceChangeBody = Closed({ newPayAmount: Type.Integer({ minimum: 1, maximum: 100_000_000 }), reason: Str(100, 1) })
export type PriceChangeBody = Static<typeof PriceChangeBody>
export const ExpressCompany = Type.Object({ code: Type.String(), name: Type.String(), phone: Type.String() })
