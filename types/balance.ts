/** The shopper's balance (余额, /api/balance/*; docs/balance.md). Money in fen, times in ms. */
import type { Page } from './envelope'
import { Enum, Opt, Paging, type Static } from './schema'

/** Why the balance changed (balance_ledger.kind). recharge*, withdrawal* belong to 充值 and 提现. */
export const BALANCE_KINDS = ['cashback', 'recharge', 'recharge_bonus', 'order_payment', 'order_hold_returned', 'order_refund', 'withdrawal', 'withdrawal_returned', 'staff_adjust'] as const
export type BalanceKindValue = (typeof BALANCE_KINDS)[number]

/** Each kind in the shopper's and merchant's words. */
export const BALANCE_KIND_TEXT: Record<BalanceKindValue, string> = {
  cashback: '好评返现',
  recharge: '充值',
  recharge_bonus: '充值赠送',
  order_payment: '订单支付',
  order_hold_returned: '订单取消退回',
  order_refund: '售后退款',
  withdrawal: '提现',
  withdrawal_returned: '提现退回',
  staff_adjust: '商家调整',
}

/** The ledger page's filter: 全部 / 收入 (credits) / 支出 (debits). */
export const BALANCE_FLOWS = ['all', 'in', 'out'] as const
export type BalanceFlow = (typeof BALANCE_FLOWS)[number]

/** The checkout's 使用余额 (the balance step; on OrderPreview.extras.balance). */
export interface OrderBalanceExtras {
  /** The member's balance now. */
  available: number
  /** What the balance pays of this order (0 with the switch off). */
  used: number
  /** What is left for the gateway (微信支付). */
  gatewayAmount: number
}

/** GET /api/balance/summary. */
export interface BalanceSummary {
  balance: number
  /** The part that may be withdrawn (cashback, refunds of it). */
  withdrawable: number
  /** Balance held by orders waiting for their gateway payment. */
  held: number
}

export interface BalanceLedgerRow {
  id: number
  kind: BalanceKindValue
  kindText: string
  amount: number
  balanceAfter: number
  note: string
  createdAt: number
}
export type BalanceLedgerPage = Page<BalanceLedgerRow>

/** GET /api/balance/ledger. */
export const BalanceLedgerQuery = Paging({ flow: Opt(Enum(BALANCE_FLOWS, { default: 'all' })) })
export type BalanceLedgerQuery = Static<typeof BalanceLedgerQuery>
