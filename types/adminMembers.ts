/**
 * The console's contract of 会员 (server module member): the list and a member's details. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { AdminOrderRow } from './adminOrders'
import { PagingFields, Str } from './schema'

export const AdminMemberQuery = Closed({ ...PagingFields, keyword: Type.Optional(Str(32)), disabled: Type.Optional(Type.Boolean()) })
export type AdminMemberQuery = Static<typeof AdminMemberQuery>
export const AdminMemberRow = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  points: Type.Integer(),
  balance: Type.Integer(),
  status: Type.String(),
  disabled: Type.Boolean(),
  createdAt: Type.Integer(),
})
export type AdminMemberRow = Static<typeof AdminMemberRow>
export const AdminMemberPage = PageOf(AdminMemberRow)
export type AdminMemberPage = Static<typeof AdminMemberPage>
export const AdminMemberDetail = Type.Object({
  member: AdminMemberRow,
  orders: Type.Array(AdminOrderRow),
  addresses: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String(), address: Type.String(), isDefault: Type.Boolean() })),
  /** `reason` / `type`: the ledger row's kind in words (POINTS_REASON_TEXT, BALANCE_KIND_TEXT); `note` left out when it only repeats it. */
  pointsLedger: Type.Array(Type.Object({ id: Type.Integer(), change: Type.Integer(), balanceAfter: Type.Integer(), reason: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
  balanceLedger: Type.Array(Type.Object({ id: Type.Integer(), change: Type.Integer(), balanceAfter: Type.Integer(), type: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
})
export type AdminMemberDetail = Static<typeof AdminMemberDetail>
/** delta: points to add (negative takes away, never below 0). */
export const PointsBody = Closed({ delta: Type.Integer({ minimum: -10_000_000, maximum: 10_000_000 }), note: Str(100, 1) })
export type PointsBody = Static<typeof PointsBody>
export const PointsReply = Type.Object({ balance: Type.Integer() })
export type PointsReply = Static<typeof PointsReply>
export const DisableBody = Closed({ disabled: Type.Boolean() })
export type DisableBody = Static<typeof DisableBody>
