import type { Generated } from 'kysely'

/** Table types of migration 103_balance (the shopper's balance, docs/balance.md). */

/** Why the balance changed. recharge, recharge_bonus, withdrawal and withdrawal_returned are for 充值 and 提现 (issue 35's second half). */
export type BalanceKind = 'cashback' | 'recharge' | 'recharge_bonus' | 'order_payment' | 'order_hold_returned' | 'order_refund' | 'withdrawal' | 'withdrawal_returned' | 'staff_adjust'

export interface BalanceLedgerTable {
  id: Generated<number>
  memberId: number
  kind: BalanceKind
  /** Signed fen: + credits, − debits. */
  amount: number
  /** The part of amount that changed the withdrawable balance (signed). */
  withdrawableAmount: number
  balanceAfter: number
  withdrawableAfter: number
  /** What caused it (order, after_sale, cashback_task, staff_adjust...) and its id: (kind, refType, refId) is unique. */
  refType: string
  refId: string
  note: string
  createdAt: number
}

declare module './types' {
  interface DB {
    balanceLedger: BalanceLedgerTable
  }
}
