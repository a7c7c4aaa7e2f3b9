import type { Generated } from 'kysely'

/** Table types of migration 008_agent (docs/agent.md). */

export interface AgentApplicationTable {
  id: Generated<number>
  memberId: number
  shopName: string
  realName: string
  phone: string
  idCard: string
  reason: string
  status: 'pending' | 'approved' | 'rejected'
  rejectReason: string
  shopId: number | null
  reviewedAt: number | null
  createdAt: number
  updatedAt: number
}

export interface AgentGoodsTable {
  id: Generated<number>
  shopId: number
  goodsId: number
  status: 'on' | 'off'
  createdAt: number
  updatedAt: number
}

export interface CommissionTable {
  id: Generated<number>
  shopId: number
  orderId: number
  orderItemId: number
  buyerId: number
  goodsId: number
  baseAmount: number
  rate: number
  refundedBase: number
  originalAmount: number
  amount: number
  status: 'frozen' | 'released' | 'cancelled'
  releaseAt: number | null
  releasedAt: number | null
  cancelledAt: number | null
  createdAt: number
  updatedAt: number
  /** 1: the shop the buyer is bound to; 2: that shop's parent (second-level commission, migration 102). */
  level: Generated<number>
  /** The shop whose sale earned it: shopId itself at level 1, the sub-agent's shop at level 2. */
  sourceShopId: number
}

export interface AgentAccountTable {
  id: Generated<number>
  shopId: number
  available: number
  frozen: number
  withdrawing: number
  withdrawn: number
  totalCommission: number
  updatedAt: number
}

export interface AgentLedgerTable {
  id: Generated<number>
  shopId: number
  type: string
  availableChange: number
  frozenChange: number
  withdrawingChange: number
  availableAfter: number
  frozenAfter: number
  withdrawingAfter: number
  orderId: number | null
  withdrawalId: number | null
  note: string
  createdAt: number
}

export interface AgentWithdrawAccountTable {
  id: Generated<number>
  shopId: number
  method: 'bank' | 'wechat'
  accountName: string
  accountNo: string
  bankName: string
  bankBranch: string
  createdAt: number
  updatedAt: number
}

export interface WithdrawalTable {
  id: Generated<number>
  withdrawNo: string
  shopId: number
  memberId: number
  amount: number
  fee: number
  actualAmount: number
  method: 'bank' | 'wechat'
  accountName: string
  accountNo: string
  bankName: string
  bankBranch: string
  status: 'pending' | 'paid' | 'rejected'
  rejectReason: string
  requestId: string
  paidAt: number | null
  rejectedAt: number | null
  createdAt: number
  updatedAt: number
  /** WeChat merchant transfer (030_money): its state at WeChat, bill number, the client's package_info, failure reason. */
  transferState?: string
  transferBillNo?: string
  packageInfo?: string
  failReason?: string
  transferAt?: number | null
  /** The bank or transfer reference of a withdrawal paid by hand in the console (050_agent_rules). */
  referenceNo?: string
}

export interface ShopViewTable {
  id: Generated<number>
  shopId: number
  goodsId: number | null
  memberId: number | null
  visitor: string
  page: string
  source: 'link' | 'detail'
  day: string
  createdAt: number
}

/** One order line's commission terms, fixed at submission (050_agent_rules). */
export interface AgentOrderTermsTable {
  orderItemId: number
  orderId: number
  shopId: number
  rate: number
  freezeDays: number
  createdAt: number
  /** The second level (102): the parent of the line's shop and its rate, fixed at submission; null / 0 = none. */
  parentShopId: Generated<number | null>
  parentRate: Generated<number>
}

/** An agent's parent (102): the agent through whose share or invitation it became an agent, written once. */
export interface AgentParentTable {
  shopId: number
  parentShopId: number
  createdAt: number
}

/** When a member was bound to its shop (050_agent_rules); members bound before it count from registration. */
export interface AgentBindingTable {
  memberId: number
  shopId: number
  boundAt: number
}

declare module '../../db/types' {
  interface DB {
    agentApplications: AgentApplicationTable
    agentGoods: AgentGoodsTable
    commissions: CommissionTable
    agentAccounts: AgentAccountTable
    agentLedger: AgentLedgerTable
    agentWithdrawAccounts: AgentWithdrawAccountTable
    withdrawals: WithdrawalTable
    shopViews: ShopViewTable
    agentOrderTerms: AgentOrderTermsTable
    agentBindings: AgentBindingTable
    agentParents: AgentParentTable
  }
}
