/**
 * The console's contract of 售后 (server module afterSales): cases, approval, refunds. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

export const AFTER_SALE_STATUSES = ['applied', 'approved', 'rejected', 'returned', 'received', 'refunding', 'refunded', 'cancelled'] as const
export const AfterSaleStatus = Type.Union([
  Type.Literal('applied'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('returned'),
  Type.Literal('received'),
  Type.Literal('refunding'),
  Type.Literal('refunded'),
  Type.Literal('cancelled'),
])
/** The cases that wait for the shop (to review, returned goods to receive, received goods to refund): 工作台's 待处理售后, the list's 待处理 tab (status `waiting`). */
export const AFTER_SALES_WAITING = ['applied', 'returned', 'received'] as const
export const AdminAfterSaleQuery = Closed({ ...PagingFields, status: Type.Optional(Type.Union([AfterSaleStatus, Type.Literal('waiting')])), keyword: Type.Optional(Str(32)) })
export type AdminAfterSaleQuery = Static<typeof AdminAfterSaleQuery>
export const AdminAfterSaleRow = Type.Object({
  id: Type.Integer(),
  afterSaleNo: Type.String(),
  orderNo: Type.String(),
  type: Type.String(),
  status: Type.String(),
  amount: Type.Integer(),
  reason: Type.String(),
  memberPhone: Type.String(),
  refundError: Type.String(),
  createdAt: Type.Integer(),
})
export type AdminAfterSaleRow = Static<typeof AdminAfterSaleRow>
export const AdminAfterSalePage = PageOf(AdminAfterSaleRow)
export type AdminAfterSalePage = Static<typeof AdminAfterSalePage>
export const AdminAfterSaleDetail = Type.Object({
  case: Type.Object({
    id: Type.Integer(),
    afterSaleNo: Type.String(),
    orderNo: Type.String(),
    type: Type.String(),
    status: Type.String(),
    amount: Type.Integer(),
    /** What staff approved when less than asked (null = as asked) and why. */
    approvedAmount: Type.Union([Type.Integer(), Type.Null()]),
    approveNote: Type.String(),
    refundAmount: Type.Integer(),
    reason: Type.String(),
    description: Type.String(),
    images: Type.Array(Type.String()),
    rejectReason: Type.String(),
    refundError: Type.String(),
    returnExpressName: Type.String(),
    returnTrackingNo: Type.String(),
    /** The return address stored when the return was approved ('' before, and for a refund-only case). */
    returnName: Type.String(),
    returnPhone: Type.String(),
    returnAddress: Type.String(),
    memberId: Type.Integer(),
    memberPhone: Type.String(),
    createdAt: Type.Integer(),
    refundedAt: Type.Union([Type.Integer(), Type.Null()]),
  }),
  items: Type.Array(Type.Object({ orderItemId: Type.Integer(), goodsName: Type.String(), image: Type.String(), specText: Type.String(), quantity: Type.Integer(), refundAmount: Type.Integer() })),
  /** The reasons chat: every step with who said what, oldest first. */
  logs: Type.Array(Type.Object({ status: Type.String(), operator: Type.String(), staffName: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
})
export type AdminAfterSaleDetail = Static<typeof AdminAfterSaleDetail>
/**
 * 同意: a return's address (else the default); `amount` (fen) to approve less than asked, at most what was asked,
 * with `note`, the reason the shopper sees (required when lower). Left out: the amount asked.
 */
export const ApproveAfterSaleBody = Closed({ returnAddressId: Type.Optional(Id()), amount: Type.Optional(Fen), note: Type.Optional(Str(100)) })
export type ApproveAfterSaleBody = Static<typeof ApproveAfterSaleBody>
export const AfterSaleActionReply = Type.Object({ id: Type.Integer(), afterSaleNo: Type.String(), status: Type.String() })
export type AfterSaleActionReply = Static<typeof AfterSaleActionReply>
