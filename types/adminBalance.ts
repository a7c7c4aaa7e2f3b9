/**
 * The console's contract of 财务 → 余额 (server module balance, route prefix /balance): members' balances, one member's
 * ledger, staff adjustments (balance.adjust), the shop's outstanding total and the ledger identity. Same rules as
 * types/admin.ts (closed objects, fen, epoch ms). Rules: docs/balance.md.
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { BALANCE_KINDS } from './balance'
import { Enum, Id, PagingFields, Str } from './schema'

/** Chinese names of this file's request fields, for validation messages. */
export const BALANCE_FIELD_LABELS: Record<string, string> = {
  memberId: '会员',
  amount: '调整金额',
  withdrawable: '可提现',
  reason: '调整原因',
  requestId: '提交编号',
  sort: '排序',
  kind: '类型',
}

export const BALANCE_SORTS = ['balance_desc', 'balance_asc', 'recent'] as const
export const AdminBalanceMemberQuery = Closed({ ...PagingFields, keyword: Type.Optional(Str(32)), sort: Type.Optional(Enum(BALANCE_SORTS)) })
export type AdminBalanceMemberQuery = Static<typeof AdminBalanceMemberQuery>
export const AdminBalanceMember = Type.Object({
  memberId: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  balance: Type.Integer(),
  withdrawable: Type.Integer(),
  /** The sum of the member's ledger rows (equals balance when the books are right). */
  ledgerTotal: Type.Integer(),
})
export type AdminBalanceMember = Static<typeof AdminBalanceMember>
export const AdminBalanceMemberPage = PageOf(AdminBalanceMember)
export type AdminBalanceMemberPage = Static<typeof AdminBalanceMemberPage>

export const AdminBalanceLedgerQuery = Closed({ ...PagingFields, memberId: Type.Optional(Id()), kind: Type.Optional(Enum(BALANCE_KINDS)) })
export type AdminBalanceLedgerQuery = Static<typeof AdminBalanceLedgerQuery>
export const AdminBalanceLedgerRow = Type.Object({
  id: Type.Integer(),
  memberId: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  kindText: Type.String(),
  amount: Type.Integer(),
  withdrawableAmount: Type.Integer(),
  balanceAfter: Type.Integer(),
  note: Type.String(),
  createdAt: Type.Integer(),
})
export type AdminBalanceLedgerRow = Static<typeof AdminBalanceLedgerRow>
export const AdminBalanceLedgerPage = PageOf(AdminBalanceLedgerRow)
export type AdminBalanceLedgerPage = Static<typeof AdminBalanceLedgerPage>

/** The shop's outstanding balance (a liability) and the ledger identity check. */
export const AdminBalanceSummary = Type.Object({
  /** Every member's balance added up: what the shop owes its shoppers. */
  total: Type.Integer(),
  withdrawable: Type.Integer(),
  /** Balance held on unpaid orders (taken from the balances, returned if the order is cancelled). */
  held: Type.Integer(),
  members: Type.Integer(),
  /** The ledger rows added up (equals total when the books are right). */
  ledgerTotal: Type.Integer(),
  identityOk: Type.Boolean(),
  mismatches: Type.Array(Type.Object({ memberId: Type.Integer(), phone: Type.String(), nickname: Type.String(), balance: Type.Integer(), ledgerTotal: Type.Integer() })),
})
export type AdminBalanceSummary = Static<typeof AdminBalanceSummary>

/** A staff adjustment: amount in fen, + adds, − takes away (never below 0); withdrawable only when ticked; a reason always. requestId: one per form, so a double submit adjusts once. */
export const BalanceAdjustBody = Closed({
  memberId: Id(),
  amount: Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 }),
  withdrawable: Type.Optional(Type.Boolean()),
  reason: Str(100, 1),
  requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }),
})
export type BalanceAdjustBody = Static<typeof BalanceAdjustBody>
export const BalanceAdjustReply = Type.Object({ balance: Type.Integer(), withdrawable: Type.Integer() })
export type BalanceAdjustReply = Static<typeof BalanceAdjustReply>

/** 操作日志 words of 余额: types/auditLabels.ts. */
export const BALANCE_AUDIT: import('./auditLabels').AuditLabels = {
  actions: { 'balance.adjust': '调整余额' },
  targets: { memberBalance: '会员余额' },
  fields: { balance: '余额', withdrawable: '可提现余额', reason: '调整原因' },
}
