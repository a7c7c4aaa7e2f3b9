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

/** Migration 106_balance_withdraw: a withdrawal of the balance to WeChat change (docs/balance.md "Withdrawals"). */
export type BalanceWithdrawalStatus = 'reviewing' | 'transferring' | 'paid' | 'returned'

export interface BalanceWithdrawalTable {
  id: Generated<number>
  withdrawNo: string
  memberId: number
  amount: number
  fee: number
  /** What reaches the shopper: amount − fee. */
  actualAmount: number
  status: BalanceWithdrawalStatus
  /** WeChat's transfer state ('' before the transfer; CREATING while it is being created). */
  transferState: string
  transferBillNo: string
  packageInfo: string
  /** Why it was returned (staff's refusal or the transfer's failure). */
  reason: string
  requestId: string
  transferAt: number | null
  closedAt: number | null
  createdAt: number
  updatedAt: number
}

declare module './types' {
  interface DB {
    balanceWithdrawals: BalanceWithdrawalTable
  }
}

/** Migration 108_pay_password: a member's 支付密码 (docs/balance.md "支付密码"); only a hash, never the digits. */
export interface MemberPayPasswordTable {
  memberId: number
  /** argon2id, salted per hash. */
  passwordHash: string
  /** Wrong tries since the last right one (5 → locked). */
  failedTries: Generated<number>
  lockedUntil: number | null
  createdAt: number
  updatedAt: number
}

declare module './types' {
  interface DB {
    memberPayPasswords: MemberPayPasswordTable
  }
}
