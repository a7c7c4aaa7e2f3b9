/**
 * Balance withdrawals (余额提现; docs/balance.md "Withdrawals"): the shop's /api/balance/withdraw/* and the console's
 * /balance/withdrawals*, /balance/withdraw-settings. Money in fen, times in ms.
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { PayPassword } from './balance'
import { Enum, Int, Obj, Opt, Paging, PagingFields, Str } from './schema'

export const BALANCE_WITHDRAW_STATUSES = ['reviewing', 'transferring', 'paid', 'returned'] as const
export type BalanceWithdrawStatus = (typeof BALANCE_WITHDRAW_STATUSES)[number]
export const BALANCE_WITHDRAW_STATUS_TEXT: Record<BalanceWithdrawStatus, string> = {
  reviewing: '待审核',
  transferring: '转账中',
  paid: '已到账',
  returned: '已退回',
}

/** The settings (console 财务 → 余额 → 提现设置). approveAbove: null = never needs staff, 0 = always. */
export const BalanceWithdrawSettings = Closed({
  /** Smallest withdrawal (fen). */
  min: Int(1, 100_000_000),
  /** Most a member may withdraw per China day (fen). */
  dailyMax: Int(1, 100_000_000),
  /** Fee in per-mille of the amount, rounded up to the fen. */
  feePermille: Int(0, 1000),
  /** Fixed fee added per withdrawal (fen). */
  feeFixed: Int(0, 100_000),
  approveAbove: Type.Union([Int(0, 100_000_000), Type.Null()]),
})
export type BalanceWithdrawSettings = Static<typeof BalanceWithdrawSettings>

/** The fee of a withdrawal of `amount` under the settings (never more than the amount). */
export function balanceWithdrawFee(amount: number, s: Pick<BalanceWithdrawSettings, 'feePermille' | 'feeFixed'>): number {
  return Math.min(amount, Math.ceil((amount * s.feePermille) / 1000) + s.feeFixed)
}

/** One withdrawal as the shopper sees it. */
export interface BalanceWithdrawal {
  withdrawNo: string
  amount: number
  fee: number
  actualAmount: number
  status: BalanceWithdrawStatus
  statusText: string
  reason: string
  /** The transfer waits for the shopper to confirm the receipt in WeChat. */
  needConfirm: boolean
  createdAt: number
}

/** GET /api/balance/withdraw/info. */
export interface BalanceWithdrawInfo {
  withdrawable: number
  settings: BalanceWithdrawSettings
  /** Withdrawn (not returned) today. */
  today: number
  /** The member logged in through WeChat (the money goes to their WeChat change). */
  wechatBound: boolean
  /** Withdrawals to WeChat are possible in this shop (WeChat Pay is set up). */
  available: boolean
}

export const BalanceWithdrawBody = Closed({
  amount: Int(1, 100_000_000),
  requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }),
  /** 支付密码 (required; optional in the contract so its absence gets 请先设置支付密码 / 请输入支付密码, not a schema error). */
  payPassword: Opt(PayPassword()),
})
export type BalanceWithdrawBody = Static<typeof BalanceWithdrawBody>

/** Shop queries stay open (the shop's requests carry p, the platform); bodies are closed. */
export const BalanceWithdrawNoQuery = Obj({ withdrawNo: Str(32, 1) })
export const BalanceWithdrawNoBody = Closed({ withdrawNo: Str(32, 1) })
export type BalanceWithdrawNoQuery = Static<typeof BalanceWithdrawNoQuery>
export const BalanceWithdrawListQuery = Paging()

/** What requestMerchantTransfer needs to confirm the receipt. */
export interface BalanceTransferParams {
  withdrawNo: string
  mchId: string
  appId: string
  package: string
}

// ------------------------------------------------------------------ console

export const AdminBalanceWithdrawalQuery = Closed({ ...PagingFields, status: Type.Optional(Enum(BALANCE_WITHDRAW_STATUSES)), keyword: Type.Optional(Str(32)) })
export type AdminBalanceWithdrawalQuery = Static<typeof AdminBalanceWithdrawalQuery>
export const AdminBalanceWithdrawalRow = Type.Object({
  id: Type.Integer(),
  withdrawNo: Type.String(),
  memberId: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  amount: Type.Integer(),
  fee: Type.Integer(),
  actualAmount: Type.Integer(),
  status: Enum(BALANCE_WITHDRAW_STATUSES),
  statusText: Type.String(),
  reason: Type.String(),
  createdAt: Type.Integer(),
  closedAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminBalanceWithdrawalRow = Static<typeof AdminBalanceWithdrawalRow>
export const AdminBalanceWithdrawalPage = PageOf(AdminBalanceWithdrawalRow)
export type AdminBalanceWithdrawalPage = Static<typeof AdminBalanceWithdrawalPage>
export const BalanceWithdrawRefuseBody = Closed({ reason: Str(100, 1) })
export type BalanceWithdrawRefuseBody = Static<typeof BalanceWithdrawRefuseBody>

/** Chinese names of the request fields, for validation messages. */
export const BALANCE_WITHDRAW_FIELD_LABELS: Record<string, string> = {
  min: '最低提现金额',
  dailyMax: '每日提现上限',
  feePermille: '手续费比例',
  feeFixed: '每笔手续费',
  approveAbove: '需审核金额',
  reason: '拒绝原因',
}

/** 操作日志 words of 余额提现: types/auditLabels.ts. */
export const BALANCE_WITHDRAW_AUDIT: import('./auditLabels').AuditLabels = {
  actions: { 'balanceWithdraw.approve': '通过余额提现', 'balanceWithdraw.refuse': '拒绝余额提现', 'balanceWithdraw.settings': '修改余额提现设置' },
  targets: { balanceWithdrawal: '余额提现', balanceWithdrawSettings: '余额提现设置' },
  fields: { status: '状态', reason: '原因', min: '最低提现金额', dailyMax: '每日提现上限', feePermille: '手续费比例', feeFixed: '每笔手续费', approveAbove: '需审核金额' },
}
