/**
 * The console's 代理 (agents) and 提现 (withdrawals) contract: /admin/api/agents/*, /admin/api/withdrawals/*.
 * Money in fen, rates in basis points (1000 = 10 %), times in ms. docs/console.md "代理" lists the paths.
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

/** The validation messages' Chinese names of this contract's fields (server/src/admin/plugin.ts joins the tables). */
export const AGENTS_FIELD_LABELS: Record<string, string> = {
  defaultRate: '默认佣金比例',
  categoryRates: '分类佣金比例',
  goodsRates: '商品佣金比例',
  rate: '佣金比例',
  goodsId: '商品',
  bindingRule: '绑定规则',
  bindingDays: '绑定有效期',
  freezeDays: '冻结天数',
  withdrawMin: '单笔最低提现',
  withdrawMax: '单笔最高提现',
  withdrawDailyCount: '每日提现次数',
  withdrawFeeBp: '提现手续费比例',
  withdrawFeeMin: '最低手续费',
  withdrawDailyMax: '每日提现上限',
  payoutDailyMaxShop: '店铺每日打款上限',
  teamDefaultRate: '二级默认佣金比例',
  teamCategoryRates: '二级分类佣金比例',
  teamGoodsRates: '二级商品佣金比例',
  referenceNo: '打款凭证号',
  shopId: '代理店铺',
  unbind: '解除会员绑定',
  frozenCommission: '冻结佣金处理',
  from: '开始日期',
  to: '结束日期',
}

const Rate = Type.Integer({ minimum: 0, maximum: 5000 })

// ------------------------------------------------------------------ applications

export const ApplicationStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')])
export type ApplicationStatus = Static<typeof ApplicationStatus>
export const AgentApplicationQuery = Closed({ status: Type.Optional(ApplicationStatus), keyword: Type.Optional(Str(32)), ...PagingFields })
export type AgentApplicationQuery = Static<typeof AgentApplicationQuery>
export const AdminAgentApplication = Type.Object({
  id: Type.Integer(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  shopName: Type.String(),
  realName: Type.String(),
  /** Masked (138****0000, 110101********1234): the console never shows the full ID card. */
  phone: Type.String(),
  idCard: Type.String(),
  reason: Type.String(),
  status: ApplicationStatus,
  rejectReason: Type.String(),
  shopId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  reviewedAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminAgentApplication = Static<typeof AdminAgentApplication>
export const AdminAgentApplicationPage = PageOf(AdminAgentApplication)
export type AdminAgentApplicationPage = Static<typeof AdminAgentApplicationPage>
export const RefuseBody = Closed({ reason: Str(120, 1) })
export type RefuseBody = Static<typeof RefuseBody>

// ------------------------------------------------------------------ agents

/** The states of an agent's shop in the console's words. */
export const AGENT_SHOP_STATUS_TEXT: Record<string, string> = { active: '营业中', closed: '已关闭', suspended: '已清退' }
export const AgentQuery = Closed({ keyword: Type.Optional(Str(32)), status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('closed'), Type.Literal('suspended')])), ...PagingFields })
export type AgentQuery = Static<typeof AgentQuery>
/** The figures of docs/agent.md: 累计佣金 = available + frozen + withdrawing + withdrawn; sales = paid orders' pay amount. */
export const AgentFigures = Type.Object({
  available: Type.Integer(),
  frozen: Type.Integer(),
  withdrawing: Type.Integer(),
  withdrawn: Type.Integer(),
  totalCommission: Type.Integer(),
  settledCommission: Type.Integer(),
})
export type AgentFigures = Static<typeof AgentFigures>
export const AdminAgentRow = Type.Object({
  shopId: Type.Integer(),
  shopName: Type.String(),
  status: Type.String(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  realName: Type.String(),
  members: Type.Integer(),
  orders: Type.Integer(),
  sales: Type.Integer(),
  figures: AgentFigures,
  createdAt: Type.Integer(),
})
export type AdminAgentRow = Static<typeof AdminAgentRow>
export const AdminAgentPage = PageOf(AdminAgentRow)
export type AdminAgentPage = Static<typeof AdminAgentPage>
export const ShopIdParams = Closed({ shopId: Id() })
export type ShopIdParams = Static<typeof ShopIdParams>
const TeamLevel = Type.Object({ total: Type.Integer(), frozen: Type.Integer(), settled: Type.Integer() })
export const AdminAgentDetail = Type.Object({
  agent: AdminAgentRow,
  /** 专属佣金比例 (basis points): this agent's own rate over the category and default rates; null = the rules'. */
  rateOverride: Type.Union([Type.Integer(), Type.Null()]),
  /** 清退: when and why staff suspended the shop (null / '' when it is not suspended). */
  suspendedAt: Type.Union([Type.Integer(), Type.Null()]),
  suspendReason: Type.String(),
  /** Whether Σ of the ledger's changes equals the account's buckets (a check shown on the page). */
  ledgerBalanced: Type.Boolean(),
  boundMembers: Type.Array(Type.Object({ id: Type.Integer(), nickname: Type.String(), phone: Type.String(), createdAt: Type.Integer() })),
  /** 上级代理: the agent through whose share or invitation this one became an agent (two-level distribution). */
  parent: Type.Union([Type.Object({ shopId: Type.Integer(), shopName: Type.String(), status: Type.String() }), Type.Null()]),
  /** 下级代理 (the latest 50; childCount: all): joined = approval; sales = their shop's paid orders; earned = this agent's second-level commission on them. */
  children: Type.Array(
    Type.Object({
      shopId: Type.Integer(),
      shopName: Type.String(),
      status: Type.String(),
      joinedAt: Type.Integer(),
      orders: Type.Integer(),
      sales: Type.Integer(),
      earned: Type.Integer(),
    }),
  ),
  childCount: Type.Integer(),
  /** Commission per level (own shop's orders, sub-agents' orders): total = frozen + settled, cancelled excluded. */
  levels: Type.Object({ own: TeamLevel, team: TeamLevel }),
})
export type AdminAgentDetail = Static<typeof AdminAgentDetail>

export const LedgerQuery = Closed({
  shopId: Type.Optional(Id()),
  type: Type.Optional(Str(32)),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  ...PagingFields,
})
export type LedgerQuery = Static<typeof LedgerQuery>
export const AdminLedgerEntry = Type.Object({
  id: Type.Integer(),
  shopId: Type.Integer(),
  shopName: Type.String(),
  type: Type.String(),
  typeText: Type.String(),
  availableChange: Type.Integer(),
  frozenChange: Type.Integer(),
  withdrawingChange: Type.Integer(),
  availableAfter: Type.Integer(),
  frozenAfter: Type.Integer(),
  withdrawingAfter: Type.Integer(),
  orderNo: Type.String(),
  withdrawNo: Type.String(),
  note: Type.String(),
  createdAt: Type.Integer(),
})
export type AdminLedgerEntry = Static<typeof AdminLedgerEntry>
/** A page of entries with the sums of every change over the whole filter (not only the page). */
export const AdminLedgerPage = Type.Object({
  list: Type.Array(AdminLedgerEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  sums: Type.Object({ available: Type.Integer(), frozen: Type.Integer(), withdrawing: Type.Integer(), withdrawn: Type.Integer() }),
})
export type AdminLedgerPage = Static<typeof AdminLedgerPage>

// ------------------------------------------------------------------ rules

export const BindingRule = Type.Union([Type.Literal('permanent'), Type.Literal('days')])
export type BindingRule = Static<typeof BindingRule>
export const AgentRules = Closed({
  /** Rate of goods with neither a goods nor a category rate. */
  defaultRate: Rate,
  categoryRates: Type.Array(Closed({ categoryId: Id(), rate: Rate }), { maxItems: 200 }),
  /** Per goods (goods.commission_rate): wins over the category's and the default. */
  goodsRates: Type.Array(Closed({ goodsId: Id(), rate: Rate }), { maxItems: 500 }),
  /** permanent: the first binding holds for ever; days: it lapses bindingDays after binding (orders after that earn nothing). */
  bindingRule: BindingRule,
  bindingDays: Type.Integer({ minimum: 0, maximum: 3650 }),
  /** Commission stays frozen this many days after receipt (the after-sales window). */
  freezeDays: Type.Integer({ minimum: 0, maximum: 90 }),
  withdrawMin: Type.Integer({ minimum: 100, maximum: 100_000_000 }),
  withdrawMax: Type.Integer({ minimum: 100, maximum: 100_000_000 }),
  withdrawDailyCount: Type.Integer({ minimum: 1, maximum: 100 }),
  /** 提现手续费: basis points of the amount (60 = 0.6 %), at least withdrawFeeMin fen; 0 and 0 = free. */
  withdrawFeeBp: Type.Integer({ minimum: 0, maximum: 1000 }),
  withdrawFeeMin: Type.Integer({ minimum: 0, maximum: 10_000 }),
  /** Per agent, per China day: Σ of the day's withdrawals (not refused). */
  withdrawDailyMax: Fen,
  /** The whole shop, per China day: Σ sent by WeChat merchant transfer. */
  payoutDailyMaxShop: Fen,
  /**
   * 二级佣金 (two-level distribution): what the parent of the order's agent earns on the line, by goods > category >
   * default like the first level (no agent's own rate at this level). Fixed per order line at submission.
   */
  teamDefaultRate: Rate,
  teamCategoryRates: Type.Array(Closed({ categoryId: Id(), rate: Rate }), { maxItems: 200 }),
  teamGoodsRates: Type.Array(Closed({ goodsId: Id(), rate: Rate }), { maxItems: 500 }),
})
export type AgentRules = Static<typeof AgentRules>
export const AgentRulesReply = Type.Object({ rules: AgentRules, updatedAt: Type.Union([Type.Integer(), Type.Null()]) })
export type AgentRulesReply = Static<typeof AgentRulesReply>

// ------------------------------------------------------------------ withdrawals

export const WithdrawalState = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('rejected')])
export type WithdrawalState = Static<typeof WithdrawalState>
export const AdminWithdrawalQuery = Closed({ status: Type.Optional(WithdrawalState), shopId: Type.Optional(Id()), keyword: Type.Optional(Str(32)), ...PagingFields })
export type AdminWithdrawalQuery = Static<typeof AdminWithdrawalQuery>
export const AdminWithdrawal = Type.Object({
  id: Type.Integer(),
  withdrawNo: Type.String(),
  shopId: Type.Integer(),
  shopName: Type.String(),
  amount: Type.Integer(),
  fee: Type.Integer(),
  actualAmount: Type.Integer(),
  method: Type.String(),
  methodText: Type.String(),
  accountName: Type.String(),
  accountText: Type.String(),
  status: WithdrawalState,
  statusText: Type.String(),
  rejectReason: Type.String(),
  referenceNo: Type.String(),
  transferState: Type.String(),
  failReason: Type.String(),
  /** The payout adapter (WeChat merchant transfer) can send this one: WeChat Pay on and a wallet withdrawal. */
  canTransfer: Type.Boolean(),
  createdAt: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  rejectedAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminWithdrawal = Static<typeof AdminWithdrawal>
export const AdminWithdrawalPage = PageOf(AdminWithdrawal)
export type AdminWithdrawalPage = Static<typeof AdminWithdrawalPage>
export const WithdrawalIdParams = Closed({ id: Id() })
/**
 * The full payee account of a bank withdrawal waiting to be paid by hand (POST /withdrawals/:id/account,
 * withdrawals.write): shown only when staff ask, each time audited; every list and page shows it masked.
 */
export const WithdrawalAccountReply = Type.Object({
  withdrawNo: Type.String(),
  accountName: Type.String(),
  bankName: Type.String(),
  bankBranch: Type.String(),
  /** The card number, digits only. */
  accountNo: Type.String(),
  actualAmount: Type.Integer(),
})
export type WithdrawalAccountReply = Static<typeof WithdrawalAccountReply>
/** 专属佣金比例: basis points (0–50 %), or null to follow the rules again. */
export const AgentRateBody = Closed({ rate: Type.Union([Rate, Type.Null()]) })
export type AgentRateBody = Static<typeof AgentRateBody>
/**
 * 清退 an agent: the reason (shown to the agent), whether its bound members are set free, and what becomes of the
 * frozen commission (frozenCommission 'release': released as usual when each order's after-sales window ends; 'forfeit': cancelled now).
 */
export const SuspendAgentBody = Closed({ reason: Str(120, 1), unbind: Type.Boolean(), frozenCommission: Type.Union([Type.Literal('release'), Type.Literal('forfeit')]) })
export type SuspendAgentBody = Static<typeof SuspendAgentBody>
export const PayByHandBody = Closed({ referenceNo: Str(64, 4) })
export type PayByHandBody = Static<typeof PayByHandBody>

/** 操作日志 words of 代理 (申请, 规则, 提现): types/auditLabels.ts. */
export const AGENTS_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'agent.approve': '通过代理申请',
    'agent.refuse': '拒绝代理申请',
    'agent.rules': '修改代理规则',
    'agent.rate': '设置专属佣金比例',
    'agent.suspend': '清退代理',
    'agent.reinstate': '恢复代理',
    'withdrawal.pay': '确认打款',
    'withdrawal.refuse': '驳回提现',
    'withdrawal.transfer': '微信转账',
    'withdrawal.transfer-failed': '微信转账失败',
    'withdrawal.reveal-account': '查看完整收款账号',
    'withdrawal.export-accounts': '导出收款账号',
  },
  targets: { agentApplication: '代理申请', agentRules: '代理规则', agentShop: '代理店铺', withdrawal: '提现' },
  fields: {
    withdrawNo: '提现单号',
    shopName: '店铺名称',
    realName: '姓名',
    account: '收款账号',
    rateOverride: '专属佣金比例',
    unboundMembers: '解除绑定的会员数',
    forfeitedCommission: '作废的冻结佣金',
  },
}
