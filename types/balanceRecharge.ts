/**
 * 充值 (balance recharge; docs/balance.md "Recharge"): the shop's /api/recharge/* and the console's /balance/recharge*
 * (营销 → 充值 packages and setting, 财务 → 充值订单). Money in fen, times in ms.
 */
import { Type } from 'typebox'
import { Closed, PageOf } from './admin'
import { Enum, Id, Int, Obj, Opt, Paging, PagingFields, Str, type Static } from './schema'
import { PAY_CHANNELS } from './pay'

export const RECHARGE_STATUSES = ['unpaid', 'paid', 'closed'] as const
export type RechargeStatusValue = (typeof RECHARGE_STATUSES)[number]
export const RECHARGE_STATUS_TEXT: Record<RechargeStatusValue, string> = { unpaid: '待支付', paid: '已到账', closed: '已关闭' }

/** Chinese names of the request fields, for validation messages. */
export const RECHARGE_FIELD_LABELS: Record<string, string> = {
  packageId: '充值套餐',
  rechargeNo: '充值单号',
  channel: '支付方式',
  name: '套餐名称',
  payAmount: '充值金额',
  bonusAmount: '赠送金额',
  enabled: '上架',
  sort: '排序',
  withdrawable: '充值金额可提现',
  keyword: '会员',
  status: '状态',
  from: '开始日期',
  to: '结束日期',
}

// ------------------------------------------------------------------ shop

/** A package as the shopper sees it: pay payAmount, get payAmount + bonusAmount. */
export interface RechargePackageView {
  id: number
  name: string
  payAmount: number
  bonusAmount: number
}

/** GET /api/recharge/packages. */
export interface RechargeOptions {
  packages: RechargePackageView[]
  /** Whether recharged money may be withdrawn (the bonus never may). */
  withdrawable: boolean
}

export const RechargeCreateBody = Obj({ packageId: Id() })
export type RechargeCreateBody = Static<typeof RechargeCreateBody>
export const RechargePrepayBody = Obj({ rechargeNo: Str(32, 1, { pattern: '^[A-Za-z0-9]+$' }), channel: Enum(PAY_CHANNELS) })
export type RechargePrepayBody = Static<typeof RechargePrepayBody>
export const RechargeNoQuery = Obj({ rechargeNo: Str(32, 1, { pattern: '^[A-Za-z0-9]+$' }) })
export type RechargeNoQuery = Static<typeof RechargeNoQuery>
export const RechargeListQuery = Paging()
export type RechargeListQuery = Static<typeof RechargeListQuery>

/** A recharge order as the shopper sees it. */
export interface RechargeOrderView {
  rechargeNo: string
  amount: number
  bonus: number
  status: RechargeStatusValue
  statusText: string
  paidAt: number | null
  createdAt: number
}

// ------------------------------------------------------------------ console

export const RechargePackageBody = Closed({
  name: Str(30, 1),
  payAmount: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  bonusAmount: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  enabled: Type.Boolean(),
  sort: Int(0, 100000),
})
export type RechargePackageBody = Static<typeof RechargePackageBody>
export const AdminRechargePackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  payAmount: Type.Integer(),
  bonusAmount: Type.Integer(),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
  /** Recharge orders paid with it. */
  paidCount: Type.Integer(),
})
export type AdminRechargePackage = Static<typeof AdminRechargePackage>
export const AdminRechargePackages = Type.Object({ list: Type.Array(AdminRechargePackage), withdrawable: Type.Boolean() })
export type AdminRechargePackages = Static<typeof AdminRechargePackages>

export const RechargeSettingsBody = Closed({ withdrawable: Type.Boolean() })
export type RechargeSettingsBody = Static<typeof RechargeSettingsBody>

export const AdminRechargeQuery = Closed({
  ...PagingFields,
  keyword: Opt(Str(32)),
  status: Opt(Enum(RECHARGE_STATUSES)),
  from: Opt(Str(10, 10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Opt(Str(10, 10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
})
export type AdminRechargeQuery = Static<typeof AdminRechargeQuery>
export const AdminRechargeOrder = Type.Object({
  id: Type.Integer(),
  rechargeNo: Type.String(),
  memberId: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  packageName: Type.String(),
  amount: Type.Integer(),
  bonus: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  payMethod: Type.String(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
})
export type AdminRechargeOrder = Static<typeof AdminRechargeOrder>
export const AdminRechargePage = PageOf(AdminRechargeOrder)
export type AdminRechargePage = Static<typeof AdminRechargePage>

/** 操作日志 words of 充值: types/auditLabels.ts. */
export const RECHARGE_AUDIT: import('./auditLabels').AuditLabels = {
  actions: { 'recharge.package.create': '新建充值套餐', 'recharge.package.update': '修改充值套餐', 'recharge.package.delete': '删除充值套餐', 'recharge.settings': '修改充值设置' },
  targets: { rechargePackage: '充值套餐', rechargeSettings: '充值设置' },
  fields: { name: '套餐名称', payAmount: '充值金额', bonusAmount: '赠送金额', enabled: '上架', sort: '排序', withdrawable: '充值金额可提现' },
}

/** One China day's outstanding balance (财务 → 充值与余额日报): total and withdrawable from the ledger, ledgerTotal the members' cross-check. */
export const AdminBalanceSnapshot = Type.Object({
  day: Type.String(),
  total: Type.Integer(),
  withdrawable: Type.Integer(),
  held: Type.Integer(),
  ledgerTotal: Type.Integer(),
  consistent: Type.Boolean(),
  takenAt: Type.Integer(),
})
export type AdminBalanceSnapshot = Static<typeof AdminBalanceSnapshot>
