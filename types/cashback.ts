/** Good-review cashback (好评返现, /api/cashback/*). Money in fen, times in ms. Rules: docs/after-sales.md. */
import type { Page } from './envelope'
import { Arr, Enum, Id, Obj, Opt, Paging, Str, type Static } from './schema'

/** 'review': a qualifying review earns it; 'task': a review plus a proof (e.g. a screenshot of a review posted elsewhere). */
export type CashbackType = 'review' | 'task'
export const CASHBACK_TASK_STATUSES = ['submitted', 'approved', 'rejected', 'paid'] as const
export type CashbackTaskStatus = (typeof CASHBACK_TASK_STATUSES)[number]
/** At most this many proof screenshots per task. */
export const PROOF_MAX_IMAGES = 9

export const CASHBACK_TASK_STATUS_TEXT: Record<CashbackTaskStatus, string> = {
  submitted: '审核中',
  approved: '已通过',
  rejected: '未通过',
  paid: '已到账',
}

/** What the member can do with a campaign now. */
export type CampaignState = 'buy' | 'review' | 'submit' | 'joined' | 'ineligible' | 'login'

export interface CashbackCampaign {
  id: number
  goodsId: number
  goodsName: string
  goodsImage: string
  goodsPrice: number
  title: string
  type: CashbackType
  /** Cash back per task. */
  amount: number
  /** Instructions shown to the member (what to post and what to upload). */
  requirement: string
  minRating: number
  minChars: number
  minImages: number
  /** Places left (null: no limit). */
  remaining: number | null
  startAt: number
  endAt: number
  /** For the caller: the next step, with the order to review or the task already made. */
  state: CampaignState
  stateText: string
  orderNo: string | null
  taskId: number | null
}

export interface CashbackBalance {
  balance: number
  /** Everything ever paid in. */
  totalEarned: number
  /** Tasks under review (submitted or approved, not yet paid). */
  pendingAmount: number
  pendingCount: number
}

export interface CashbackTaskLog {
  status: CashbackTaskStatus
  note: string
  createdAt: number
}

export interface CashbackTask {
  id: number
  campaignId: number
  campaignTitle: string
  type: CashbackType
  goodsId: number
  goodsName: string
  goodsImage: string
  orderNo: string
  amount: number
  status: CashbackTaskStatus
  statusText: string
  proofImages: string[]
  proofText: string
  rejectReason: string
  submittedAt: number
  paidAt: number | null
}

export interface CashbackTaskDetail extends CashbackTask {
  requirement: string
  review: { rating: number; content: string; images: string[] } | null
  logs: CashbackTaskLog[]
  /** True when a rejected task may be submitted again. */
  canResubmit: boolean
}

export interface CashbackLedgerRow {
  id: number
  change: number
  balanceAfter: number
  type: 'task_payout' | 'adjust'
  note: string
  createdAt: number
}

/** POST /api/cashback/submitTask. proofImages: screenshots from /api/upload, 1-9 for 'task' campaigns, 0-9 for 'review' ones. */
export const SubmitTaskRequest = Obj({ campaignId: Id(), proofImages: Opt(Arr(Str(256, 1), PROOF_MAX_IMAGES)), proofText: Opt(Str(600)) })
export type SubmitTaskRequest = Static<typeof SubmitTaskRequest>
/** GET /api/cashback/tasks. */
export const CashbackTasksQuery = Paging({ status: Opt(Enum(CASHBACK_TASK_STATUSES)) })
export type CashbackTasksQuery = Static<typeof CashbackTasksQuery>

export type CashbackTaskPage = Page<CashbackTask>
export type CashbackLedgerPage = Page<CashbackLedgerRow>

/** A cashback ledger row's kind (cashback_ledger.type) in the merchant's words. */
export const CASHBACK_LEDGER_TEXT: Record<string, string> = { task_payout: '好评返现', adjust: '人工调整' }
