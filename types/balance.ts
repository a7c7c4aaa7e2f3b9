/** The shopper's balance (余额, /api/balance/*; docs/balance.md). Money in fen, times in ms. */
import type { Page } from './envelope'
import { Closed } from './admin'
import { Enum, Opt, Paging, Str, type Static } from './schema'

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

/**
 * 支付密码 (docs/balance.md "支付密码"): 6 digits, asked when an order spends the balance and on a withdrawal. The
 * submit contracts that can spend the balance carry it as an optional `payPassword`.
 */
export const PayPassword = () => Str(6, 6, { pattern: '^[0-9]{6}$' })
export const PAY_PASSWORD_MAX_TRIES = 5
export const PAY_PASSWORD_LOCK_MINUTES = 60

/** GET /api/balance/password: whether one is set, and until when it is locked (ms; null = not locked). */
export interface PayPasswordStatus {
  set: boolean
  lockedUntil: number | null
  /** The member's phone with its middle hidden (the set page sends the code there). */
  phone: string
}

/** POST /api/balance/password: set or reset it with an SMS code sent to the member's own phone. */
export const PayPasswordSetBody = Closed({ verificationCode: Str(6, 6, { pattern: '^[0-9]{6}$' }), payPassword: PayPassword() })
export type PayPasswordSetBody = Static<typeof PayPasswordSetBody>
