import type { Selectable } from 'kysely'
import { inTx } from '../../db/tx'
import type { Conn, Db, Tx } from '../../db/types'
import type { CashbackCampaignTable, CashbackTaskStatusValue, CaseOperator } from '../../db/afterSalesTables'
import type {
  CampaignState,
  CashbackBalance,
  CashbackCampaign,
  CashbackLedgerPage,
  CashbackTask,
  CashbackTaskDetail,
  CashbackTaskPage,
  CashbackTaskStatus,
  SubmitTaskRequest,
} from '../../../../types/cashback'
import { CASHBACK_TASK_STATUS_TEXT, PROOF_MAX_IMAGES } from '../../../../types/cashback'
import { EMPTY_REVIEW_TEXT } from '../../../../types/review'
import { AppError, ErrorCode } from '../../errors'
import { isUniqueViolation } from '../order/service'
import { changeBalance } from '../balance/service'
import { charCount, ownImages, parseImages } from '../review/images'
import { queueMessage } from '../notifications/service'
import { chinaMinute } from '../../services/chinaTime'
import { onPage } from '../../db/paging'

type CampaignRow = Selectable<CashbackCampaignTable>

/** Order states in which the goods count as bought (paid, not cancelled). */
const BOUGHT_STATES = ['to_ship', 'to_receive', 'to_review', 'completed'] as const
const REVIEWABLE_STATES = ['to_review', 'completed']

const isLive = (c: Pick<CampaignRow, 'status' | 'startAt' | 'endAt'>, now: number) => c.status === 'active' && c.startAt <= now && c.endAt > now
const remainingOf = (c: Pick<CampaignRow, 'quota' | 'used'>) => (c.quota === null || c.quota === undefined ? null : Math.max(0, c.quota - c.used))

export async function logTask(tx: Conn, taskId: number, status: CashbackTaskStatusValue, operator: CaseOperator, note = '') {
  await tx
    .insertInto('cashbackTaskLogs')
    .values({ taskId, status, note: note.slice(0, 200), operator, createdAt: Date.now() })
    .execute()
}

/** Does a first review satisfy the campaign's rules (stars, characters, images, written after the start)? */
export function reviewQualifies(c: Pick<CampaignRow, 'minRating' | 'minChars' | 'minImages' | 'startAt'>, r: { rating: number; content: string; images: string; createdAt: number }): boolean {
  const text = r.content === EMPTY_REVIEW_TEXT ? '' : r.content.trim()
  return r.rating >= c.minRating && charCount(text) >= c.minChars && parseImages(r.images).length >= c.minImages && r.createdAt >= c.startAt
}

interface Purchase {
  orderId: number
  orderNo: string
  orderStatus: string
  orderItemId: number
  reviewed: number
  reviewId: number | null
  rating: number | null
  content: string | null
  images: string | null
  reviewedAt: number | null
}

/** The member's purchases of a goods (paid, not fully refunded), newest first, with their first review. */
async function purchases(db: Conn, memberId: number, goodsId: number): Promise<Purchase[]> {
  const rows = await db
    .selectFrom('orderItems as i')
    .innerJoin('orders as o', 'o.id', 'i.orderId')
    .leftJoin('goodsReviews as r', (j) => j.onRef('r.orderItemId', '=', 'i.id').on('r.parentId', 'is', null))
    .select(['o.id as orderId', 'o.orderNo', 'o.status as orderStatus', 'i.id as orderItemId', 'i.reviewed', 'r.id as reviewId', 'r.rating', 'r.content', 'r.images', 'r.createdAt as reviewedAt'])
    .where('i.memberId', '=', memberId)
    .where('i.goodsId', '=', goodsId)
    .where('o.status', 'in', [...BOUGHT_STATES])
    .whereRef('i.refundedQuantity', '<', 'i.quantity')
    .orderBy('i.id', 'desc')
    .execute()
  return rows as Purchase[]
}

const qualifyingPurchase = (c: CampaignRow, list: Purchase[]) =>
  list.find((p) => p.reviewId && reviewQualifies(c, { rating: p.rating!, content: p.content!, images: p.images!, createdAt: p.reviewedAt! }))

/** The caller's next step for a campaign. */
function stateFor(
  c: CampaignRow,
  list: Purchase[],
  task: { id: number; status: string } | undefined,
  loggedIn: boolean,
  now: number,
): { state: CampaignState; stateText: string; orderNo: string | null; taskId: number | null } {
  if (!loggedIn) return { state: 'login', stateText: '登录参与', orderNo: null, taskId: null }
  if (task) return { state: 'joined', stateText: CASHBACK_TASK_STATUS_TEXT[task.status as CashbackTaskStatus], orderNo: null, taskId: task.id }
  if (!isLive(c, now)) return { state: 'ineligible', stateText: '活动已结束', orderNo: null, taskId: null }
  if (remainingOf(c) === 0) return { state: 'ineligible', stateText: '名额已满', orderNo: null, taskId: null }
  if (!list.length) return { state: 'buy', stateText: '去购买', orderNo: null, taskId: null }
  const ok = qualifyingPurchase(c, list)
  if (ok) return { state: 'submit', stateText: c.type === 'task' ? '提交任务' : '领取返现', orderNo: ok.orderNo, taskId: null }
  const toReview = list.find((p) => !p.reviewed && REVIEWABLE_STATES.includes(p.orderStatus))
  if (toReview) return { state: 'review', stateText: '去评价', orderNo: toReview.orderNo, taskId: null }
  if (list.some((p) => !p.reviewed)) return { state: 'ineligible', stateText: '收货后评价即可参与', orderNo: null, taskId: null }
  return { state: 'ineligible', stateText: '评价未达到活动要求', orderNo: null, taskId: null }
}

const toCampaign = (c: CampaignRow & { goodsName: string; goodsImage: string; goodsPrice: number }): Omit<CashbackCampaign, 'state' | 'stateText' | 'orderNo' | 'taskId'> => ({
  id: c.id,
  goodsId: c.goodsId,
  goodsName: c.goodsName,
  goodsImage: c.goodsImage,
  goodsPrice: c.goodsPrice,
  title: c.title,
  type: c.type,
  amount: c.amount,
  requirement: c.requirement,
  minRating: c.minRating,
  minChars: c.minChars,
  minImages: c.minImages,
  remaining: remainingOf(c),
  startAt: Number(c.startAt),
  endAt: Number(c.endAt),
})

const campaignQuery = (db: Conn) =>
  db.selectFrom('cashbackCampaigns as c').innerJoin('goods as g', 'g.id', 'c.goodsId').selectAll('c').select(['g.name as goodsName', 'g.mainImage as goodsImage', 'g.price as goodsPrice'])

/** Live campaigns on goods on sale, each with the caller's next step. */
export async function listCampaigns(db: Db, memberId: number | null, now = Date.now()): Promise<CashbackCampaign[]> {
  const rows = await campaignQuery(db)
    .where('c.status', '=', 'active')
    .where('c.startAt', '<=', now)
    .where('c.endAt', '>', now)
    .where('g.status', '=', 'on')
    .orderBy('c.amount', 'desc')
    .orderBy('c.id')
    .limit(100)
    .execute()
  const tasks =
    memberId && rows.length
      ? await db
          .selectFrom('cashbackTasks')
          .select(['id', 'campaignId', 'status'])
          .where('memberId', '=', memberId)
          .where(
            'campaignId',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : []
  const out: CashbackCampaign[] = []
  for (const c of rows) {
    const list = memberId ? await purchases(db, memberId, c.goodsId) : []
    out.push({
      ...toCampaign(c as any),
      ...stateFor(
        c as any,
        list,
        tasks.find((t) => t.campaignId === c.id),
        !!memberId,
        now,
      ),
    })
  }
  return out
}

/** The live campaign on a goods, if any (the evaluate page shows it next to the goods). */
export async function liveCampaignFor(db: Conn, goodsId: number, now = Date.now()): Promise<CampaignRow | undefined> {
  return db
    .selectFrom('cashbackCampaigns')
    .selectAll()
    .where('goodsId', '=', goodsId)
    .where('status', '=', 'active')
    .where('startAt', '<=', now)
    .where('endAt', '>', now)
    .orderBy('amount', 'desc')
    .executeTakeFirst()
}

/**
 * Called inside the transaction that stores a first review: a live campaign of type 'review' on the goods,
 * whose rules the review meets, gets a task in 'submitted' (the review is its proof). Nothing when the member
 * already has a task for that campaign or the places are gone.
 */
export async function taskForReview(
  tx: Tx,
  input: { memberId: number; goodsId: number; orderId: number; orderItemId: number; reviewId: number; rating: number; content: string; images: string[]; createdAt: number },
) {
  const c = await liveCampaignFor(tx, input.goodsId, input.createdAt)
  if (!c || c.type !== 'review' || remainingOf(c) === 0) return null
  if (!reviewQualifies(c, { rating: input.rating, content: input.content, images: JSON.stringify(input.images), createdAt: input.createdAt })) return null
  const t = input.createdAt
  const row = await tx
    .insertInto('cashbackTasks')
    .values({
      campaignId: c.id,
      memberId: input.memberId,
      goodsId: input.goodsId,
      orderId: input.orderId,
      orderItemId: input.orderItemId,
      reviewId: input.reviewId,
      amount: c.amount,
      status: 'submitted',
      proofImages: '[]',
      proofText: '',
      rejectReason: '',
      submittedAt: t,
      decidedAt: null,
      paidAt: null,
      createdAt: t,
      updatedAt: t,
    })
    .onConflict((oc) => oc.columns(['campaignId', 'memberId']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!row) return null
  await logTask(tx, row.id, 'submitted', 'system', '评价后自动提交')
  return { taskId: row.id, amount: c.amount, title: c.title }
}

/**
 * The member submits a task (a 'task' campaign needs 1-9 proof images) or submits a rejected one again.
 * One task per member and campaign: a second submit is refused (the unique index decides under concurrency).
 */
export async function submitTask(db: Db, memberId: number, input: SubmitTaskRequest & { proofImages: string[] }, now = Date.now()) {
  const images = await ownImages(db, memberId, input.proofImages, PROOF_MAX_IMAGES, '凭证图片')
  const text = String(input.proofText || '')
    .trim()
    .slice(0, 200)
  const c = await db.selectFrom('cashbackCampaigns').selectAll().where('id', '=', input.campaignId).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '活动不存在')
  if (c.type === 'task' && !images.length) throw new AppError(ErrorCode.BAD_REQUEST, '请上传任务截图')
  const existing = await db.selectFrom('cashbackTasks').select(['id', 'status']).where('campaignId', '=', c.id).where('memberId', '=', memberId).executeTakeFirst()
  if (existing) {
    if (existing.status !== 'rejected') throw new AppError(ErrorCode.CONFLICT, '您已参与过该活动')
    if (!isLive(c, now)) throw new AppError(ErrorCode.CONFLICT, '活动已结束')
    return db.transaction().execute(async (tx) => {
      const res = await tx
        .updateTable('cashbackTasks')
        .set({ status: 'submitted', proofImages: JSON.stringify(images), proofText: text, rejectReason: '', submittedAt: now, decidedAt: null, updatedAt: now })
        .where('id', '=', existing.id)
        .where('status', '=', 'rejected')
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '任务状态已变化，请刷新后重试')
      await logTask(tx, existing.id, 'submitted', 'member', '重新提交')
      return { taskId: existing.id, status: 'submitted' as const, amount: c.amount }
    })
  }
  if (!isLive(c, now)) throw new AppError(ErrorCode.CONFLICT, '活动已结束')
  if (remainingOf(c) === 0) throw new AppError(ErrorCode.CONFLICT, '活动名额已满')
  const list = await purchases(db, memberId, c.goodsId)
  if (!list.length) throw new AppError(ErrorCode.BAD_REQUEST, '购买该商品后才能参与活动')
  const p = qualifyingPurchase(c, list)
  if (!p) throw new AppError(ErrorCode.BAD_REQUEST, list.some((x) => !x.reviewed) ? '请先评价该商品' : '您的评价未达到活动要求')
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('cashbackTasks')
        .values({
          campaignId: c.id,
          memberId,
          goodsId: c.goodsId,
          orderId: p.orderId,
          orderItemId: p.orderItemId,
          reviewId: p.reviewId,
          amount: c.amount,
          status: 'submitted',
          proofImages: JSON.stringify(images),
          proofText: text,
          rejectReason: '',
          submittedAt: now,
          decidedAt: null,
          paidAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await logTask(tx, row.id, 'submitted', 'member')
      return { taskId: row.id, status: 'submitted' as const, amount: c.amount }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, '您已参与过该活动')
    throw err
  }
}

/**
 * Operator approval: submitted → approved → paid in one transaction. The task moves out of 'submitted' by a
 * conditional update (a second or concurrent approval changes nothing and is refused), the campaign's place is
 * taken by a conditional update, the balance grows by a conditional update, and the ledger row (unique per
 * task) records it: one payout per task, never twice.
 */
export async function approveTask(db: Db, taskId: number, operator: CaseOperator = 'admin') {
  return inTx(db, async (tx) => {
    const task = await tx.selectFrom('cashbackTasks').selectAll().where('id', '=', taskId).executeTakeFirst()
    if (!task) throw new AppError(ErrorCode.NOT_FOUND, '任务不存在')
    if (task.status !== 'submitted') throw new AppError(ErrorCode.CONFLICT, `任务当前为「${CASHBACK_TASK_STATUS_TEXT[task.status]}」，不能审核通过`)
    const item = await tx.selectFrom('orderItems').select(['quantity', 'refundedQuantity']).where('id', '=', task.orderItemId).executeTakeFirst()
    if (!item || item.refundedQuantity >= item.quantity) throw new AppError(ErrorCode.CONFLICT, '该商品已退款，不能返现，请驳回')
    const t = Date.now()
    const res = await tx.updateTable('cashbackTasks').set({ status: 'approved', decidedAt: t, updatedAt: t }).where('id', '=', taskId).where('status', '=', 'submitted').executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '任务状态已变化')
    const place = await tx
      .updateTable('cashbackCampaigns')
      .set((eb) => ({ used: eb('used', '+', 1), updatedAt: t }))
      .where('id', '=', task.campaignId)
      .where((eb) => eb.or([eb('quota', 'is', null), eb('used', '<', eb.ref('quota'))]))
      .executeTakeFirst()
    if (Number(place.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '活动名额已满')
    await logTask(tx, taskId, 'approved', operator)
    const paid = await creditCashback(tx, task.memberId, task.amount, taskId, `好评返现 任务#${taskId}`)
    const done = await tx.updateTable('cashbackTasks').set({ status: 'paid', paidAt: t, updatedAt: t }).where('id', '=', taskId).where('status', '=', 'approved').executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '任务状态已变化')
    await logTask(tx, taskId, 'paid', 'system', `¥${(task.amount / 100).toFixed(2)} 已存入余额`)
    await queueMessage(tx, task.memberId, 'cashback_paid', {
      amount: `${(task.amount / 100).toFixed(2)}元`,
      note: '好评返现已到账',
      time: chinaMinute(t),
    })
    return { taskId, memberId: task.memberId, amount: task.amount, balance: paid.balanceAfter, status: 'paid' as const }
  })
}

/**
 * Pays cashback into the member's balance (余额, docs/balance.md) through changeBalance: withdrawable, one ledger row per
 * task ((cashback, cashback_task, task id) is unique, so a task pays once).
 */
export async function creditCashback(tx: Tx, memberId: number, amount: number, taskId: number, note: string) {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError(ErrorCode.BAD_REQUEST, '金额无效')
  try {
    return await changeBalance(tx, { memberId, amount, withdrawableAmount: amount, kind: 'cashback', refType: 'cashback_task', refId: taskId, note })
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.CONFLICT && /重复/.test(err.message)) throw new AppError(ErrorCode.CONFLICT, '该任务已返现，不会重复发放')
    throw err
  }
}

/** Operator rejection with a reason: only a submitted task. The member may fix it and submit again. */
export async function rejectTask(db: Db, taskId: number, reason: string, operator: CaseOperator = 'admin') {
  const why = (reason || '').trim().slice(0, 100) || '不符合活动要求'
  return inTx(db, async (tx) => {
    const task = await tx.selectFrom('cashbackTasks').select(['id', 'status']).where('id', '=', taskId).executeTakeFirst()
    if (!task) throw new AppError(ErrorCode.NOT_FOUND, '任务不存在')
    if (task.status !== 'submitted') throw new AppError(ErrorCode.CONFLICT, `任务当前为「${CASHBACK_TASK_STATUS_TEXT[task.status]}」，不能驳回`)
    const t = Date.now()
    const res = await tx
      .updateTable('cashbackTasks')
      .set({ status: 'rejected', rejectReason: why, decidedAt: t, updatedAt: t })
      .where('id', '=', taskId)
      .where('status', '=', 'submitted')
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '任务状态已变化')
    await logTask(tx, taskId, 'rejected', operator, why)
    return { taskId, status: 'rejected' as const, reason: why }
  })
}

/** After a refund: tasks still under review for order lines now fully refunded are rejected. */
export async function rejectTasksOfRefundedItems(tx: Tx, orderItemIds: number[]) {
  if (!orderItemIds.length) return
  const rows = await tx
    .selectFrom('cashbackTasks as t')
    .innerJoin('orderItems as i', 'i.id', 't.orderItemId')
    .select('t.id')
    .where('t.orderItemId', 'in', orderItemIds)
    .where('t.status', '=', 'submitted')
    .whereRef('i.refundedQuantity', '>=', 'i.quantity')
    .execute()
  const t = Date.now()
  for (const { id } of rows) {
    const res = await tx
      .updateTable('cashbackTasks')
      .set({ status: 'rejected', rejectReason: '商品已退款', decidedAt: t, updatedAt: t })
      .where('id', '=', id)
      .where('status', '=', 'submitted')
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) === 1) await logTask(tx, id, 'rejected', 'system', '商品已退款')
  }
}

export async function balance(db: Db, memberId: number): Promise<CashbackBalance> {
  const m = await db.selectFrom('members').select('balance').where('id', '=', memberId).executeTakeFirstOrThrow()
  const earned = await cashbackRows(db, memberId)
    .select((eb) => eb.fn.sum<number>('amount').as('s'))
    .where('kind', '=', 'cashback')
    .executeTakeFirst()
  const pending = await db
    .selectFrom('cashbackTasks')
    .select((eb) => [eb.fn.sum<number>('amount').as('s'), eb.fn.countAll<number>().as('n')])
    .where('memberId', '=', memberId)
    .where('status', 'in', ['submitted', 'approved'])
    .executeTakeFirst()
  return { balance: Number(m.balance), totalEarned: Number(earned?.s || 0), pendingAmount: Number(pending?.s || 0), pendingCount: Number(pending?.n || 0) }
}

const taskQuery = (db: Conn) =>
  db
    .selectFrom('cashbackTasks as t')
    .innerJoin('cashbackCampaigns as c', 'c.id', 't.campaignId')
    .innerJoin('goods as g', 'g.id', 't.goodsId')
    .innerJoin('orders as o', 'o.id', 't.orderId')
    .selectAll('t')
    .select(['c.title as campaignTitle', 'c.type', 'c.requirement', 'g.name as goodsName', 'g.mainImage as goodsImage', 'o.orderNo'])

function toTask(r: any): CashbackTask {
  return {
    id: r.id,
    campaignId: r.campaignId,
    campaignTitle: r.campaignTitle,
    type: r.type,
    goodsId: r.goodsId,
    goodsName: r.goodsName,
    goodsImage: r.goodsImage,
    orderNo: r.orderNo,
    amount: r.amount,
    status: r.status,
    statusText: CASHBACK_TASK_STATUS_TEXT[r.status as CashbackTaskStatus],
    proofImages: parseImages(r.proofImages),
    proofText: r.proofText,
    rejectReason: r.rejectReason,
    submittedAt: Number(r.submittedAt),
    paidAt: r.paidAt === null ? null : Number(r.paidAt),
  }
}

export async function listTasks(db: Db, memberId: number, page: number, pageSize: number, status?: CashbackTaskStatus): Promise<CashbackTaskPage> {
  let q = taskQuery(db).where('t.memberId', '=', memberId)
  let c = db
    .selectFrom('cashbackTasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberId', '=', memberId)
  if (status) {
    q = q.where('t.status', '=', status)
    c = c.where('status', '=', status)
  }
  const { n } = await c.executeTakeFirstOrThrow()
  const rows = await q.orderBy('t.submittedAt', 'desc').orderBy('t.id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toTask), total: Number(n), page, pageSize }
}

export async function taskDetail(db: Db, memberId: number, id: number, now = Date.now()): Promise<CashbackTaskDetail> {
  const r = await taskQuery(db).where('t.id', '=', id).where('t.memberId', '=', memberId).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '任务不存在')
  const review = r.reviewId ? await db.selectFrom('goodsReviews').select(['rating', 'content', 'images']).where('id', '=', r.reviewId).executeTakeFirst() : undefined
  const logs = await db.selectFrom('cashbackTaskLogs').select(['status', 'note', 'createdAt']).where('taskId', '=', id).orderBy('createdAt').orderBy('id').execute()
  const c = await db.selectFrom('cashbackCampaigns').select(['status', 'startAt', 'endAt']).where('id', '=', r.campaignId).executeTakeFirstOrThrow()
  return {
    ...toTask(r),
    requirement: (r as any).requirement,
    review: review ? { rating: review.rating, content: review.content, images: parseImages(review.images) } : null,
    logs: logs.map((l) => ({ status: l.status, note: l.note, createdAt: Number(l.createdAt) })),
    canResubmit: r.status === 'rejected' && isLive(c as any, now),
  }
}

/** The cashback rows of the member's balance ledger: cashback paid, and the cashback adjustments made before migration 103. */
const cashbackRows = (db: Conn, memberId: number) =>
  db
    .selectFrom('balanceLedger')
    .where('memberId', '=', memberId)
    .where((eb) => eb.or([eb('kind', '=', 'cashback'), eb('refType', '=', 'cashback_adjust')]))

export async function ledger(db: Db, memberId: number, page: number, pageSize: number): Promise<CashbackLedgerPage> {
  const { n } = await cashbackRows(db, memberId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await cashbackRows(db, memberId)
    .select(['id', 'amount', 'balanceAfter', 'kind', 'note', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .$call(onPage(page, pageSize))
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      change: r.amount,
      balanceAfter: r.balanceAfter,
      type: r.kind === 'cashback' ? ('task_payout' as const) : ('adjust' as const),
      note: r.note,
      createdAt: Number(r.createdAt),
    })),
    total: Number(n),
    page,
    pageSize,
  }
}

/** For the submit page: one campaign with the caller's state. */
export async function campaignDetail(db: Db, memberId: number, id: number, now = Date.now()): Promise<CashbackCampaign> {
  const c = await campaignQuery(db).where('c.id', '=', id).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '活动不存在')
  const task = await db.selectFrom('cashbackTasks').select(['id', 'status']).where('campaignId', '=', id).where('memberId', '=', memberId).executeTakeFirst()
  const list = await purchases(db, memberId, c.goodsId)
  return { ...toCampaign(c as any), ...stateFor(c as any, list, task, true, now) }
}
