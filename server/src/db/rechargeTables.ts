import type { Generated } from 'kysely'

/** Table types of migration 105_recharge (充值 and the daily balance snapshot, docs/balance.md). */

export type RechargeStatus = 'unpaid' | 'paid' | 'closed'

export interface RechargePackageTable {
  id: Generated<number>
  name: string
  /** What the shopper pays (fen). */
  payAmount: number
  /** What the shop adds on top (fen; never withdrawable). */
  bonusAmount: number
  enabled: number
  sort: number
  createdAt: number
  updatedAt: number
}

export interface RechargeOrderTable {
  id: Generated<number>
  rechargeNo: string
  memberId: number
  /** The package picked (null: a custom amount). Amount and bonus are copied: editing the package later changes nothing. */
  packageId: number | null
  amount: number
  bonus: number
  status: RechargeStatus
  payChannel: string
  paidAt: number | null
  closedAt: number | null
  expireAt: number
  createdAt: number
  updatedAt: number
}

export interface BalanceSnapshotTable {
  id: Generated<number>
  /** The China day (YYYY-MM-DD) the figure closes. */
  day: string
  total: number
  withdrawable: number
  held: number
  /** The ledger rows added up at the same moment (equals total when the books are right). */
  ledgerTotal: number
  takenAt: number
}

declare module './types' {
  interface DB {
    rechargePackages: RechargePackageTable
    rechargeOrders: RechargeOrderTable
    balanceSnapshots: BalanceSnapshotTable
  }
}
