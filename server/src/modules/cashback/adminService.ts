import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import type { AdminCampaign, AdminCampaignPage, AdminCashbackTask, AdminCashbackTaskPage, CampaignInput, CampaignQuery, CashbackTaskQuery } from '../../../../types/adminRewards'
import { CASHBACK_TASK_STATUS_TEXT, type CashbackTaskStatus } from '../../../../types/cashback'
import { AppError, ErrorCode } from '../../errors'
import { parseImages } from '../review/images'
import { approveTask, rejectTask } from './service'
import '../../db/afterSalesTables'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

const campaignQuery = (db: Conn) => db.selectFrom('cashbackCampaigns as c').innerJoin('goods as g', 'g.id', 'c.goodsId').selectAll('c').select('g.name as goodsName')
const toCampaign = (r: any): AdminCampaign => ({
  id: r.id,
  goodsId: r.goodsId,
  goodsName: r.goodsName,
  title: r.title,
  type: r.type,
  amount: Number(r.amount),
  requirement: r.requirement,
  minRating: Number(r.minRating),
  minChars: Number(r.minChars),
  minImages: Number(r.minImages),
  quota: r.quota == null ? null : Number(r.quota),
  used: Number(r.used),
  status: r.status,
  startAt: Number(r.startAt),
  endAt: Number(r.endAt),
})

export async function listCampaigns(db: Db, q: CampaignQuery): Promise<AdminCampaignPage> {
  const { page, pageSize } = paged(q)
  let rows = campaignQuery(db)
  let count = db.selectFrom('cashbackCampaigns')
  if (q.goodsId) {
    rows = rows.where('c.goodsId', '=', q.goodsId)
    count = count.where('goodsId', '=', q.goodsId)
  }
  const [list, n] = await Promise.all([rows.orderBy('c.id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(count)])
  return { list: list.map(toCampaign), total: n, page, pageSize }
}

async function campaignRow(db: Conn, id: number) {
  const r = await campaignQuery(db).where('c.id', '=', id).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '返现活动不存在')
  return toCampaign(r)
}

/**
 * A goods' rule: dates in order, and at most one active rule on a goods over any time (the shop shows "the" live
 * campaign of a goods and a review joins it automatically, so two at once would be ambiguous).
 */
async function checkCampaign(db: Conn, b: CampaignInput, id: number | null, used = 0) {
  if (b.endAt <= b.startAt) throw new AppError(ErrorCode.BAD_REQUEST, '结束时间须晚于开始时间')
  if (b.quota !== null && b.quota < used) throw new AppError(ErrorCode.BAD_REQUEST, `名额不能少于已返现的 ${used} 个`)
  const goods = await db.selectFrom('goods').select('id').where('id', '=', b.goodsId).executeTakeFirst()
  if (!goods) throw new AppError(ErrorCode.BAD_REQUEST, '所选商品不存在')
  if (b.status !== 'active') return
  let q = db.selectFrom('cashbackCampaigns').select(['id', 'title']).where('goodsId', '=', b.goodsId).where('status', '=', 'active').where('startAt', '<', b.endAt).where('endAt', '>', b.startAt)
  if (id) q = q.where('id', '!=', id)
  const clash = await q.executeTakeFirst()
  if (clash) throw new AppError(ErrorCode.CONFLICT, `该商品在这段时间已有进行中的返现活动「${clash.title}」`)
}

const campaignValues = (b: CampaignInput) => ({
  goodsId: b.goodsId,
  title: b.title.trim(),
  type: b.type,
  amount: b.amount,
  requirement: (b.requirement || '').trim(),
  minRating: b.minRating,
  minChars: b.minChars,
  minImages: b.minImages,
  quota: b.quota,
  status: b.status,
  startAt: b.startAt,
  endAt: b.endAt,
})

export async function createCampaign(tx: Tx, b: CampaignInput, log: Log): Promise<number> {
  await checkCampaign(tx, b, null)
  const t = Date.now()
  const row = await tx
    .insertInto('cashbackCampaigns')
    .values({ ...campaignValues(b), used: 0, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'cashback.campaign.create', targetType: 'cashbackCampaign', targetId: row.id, after: await campaignRow(tx, row.id) })
  return row.id
}

/** Edits apply to tasks submitted from now on: a task keeps the amount it was submitted with. */
export async function updateCampaign(tx: Tx, id: number, b: CampaignInput, log: Log): Promise<number> {
  const before = await campaignRow(tx, id)
  await checkCampaign(tx, b, id, before.used)
  await tx
    .updateTable('cashbackCampaigns')
    .set({ ...campaignValues(b), updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({ action: 'cashback.campaign.update', targetType: 'cashbackCampaign', targetId: id, before, after: await campaignRow(tx, id) })
  return id
}

const taskQuery = (db: Conn) =>
  db
    .selectFrom('cashbackTasks as t')
    .innerJoin('cashbackCampaigns as c', 'c.id', 't.campaignId')
    .innerJoin('goods as g', 'g.id', 't.goodsId')
    .innerJoin('orders as o', 'o.id', 't.orderId')
    .leftJoin('members as m', 'm.id', 't.memberId')
    .leftJoin('goodsReviews as r', 'r.id', 't.reviewId')
    .selectAll('t')
    .select(['c.title as campaignTitle', 'c.type', 'g.name as goodsName', 'o.orderNo', 'm.phone', 'r.rating', 'r.content as reviewContent', 'r.images as reviewImages'])

const toTask = (r: any): AdminCashbackTask => ({
  id: r.id,
  campaignId: r.campaignId,
  campaignTitle: r.campaignTitle,
  type: r.type,
  goodsName: r.goodsName,
  memberId: r.memberId,
  memberPhone: r.phone || '',
  orderNo: r.orderNo,
  amount: Number(r.amount),
  status: r.status,
  statusText: CASHBACK_TASK_STATUS_TEXT[r.status as CashbackTaskStatus],
  proofImages: parseImages(r.proofImages),
  proofText: r.proofText,
  review: r.rating == null ? null : { rating: Number(r.rating), content: r.reviewContent || '', images: parseImages(r.reviewImages || '[]') },
  rejectReason: r.rejectReason,
  submittedAt: Number(r.submittedAt),
  decidedAt: r.decidedAt == null ? null : Number(r.decidedAt),
  paidAt: r.paidAt == null ? null : Number(r.paidAt),
})

export async function listTasks(db: Db, q: CashbackTaskQuery): Promise<AdminCashbackTaskPage> {
  const { page, pageSize } = paged(q)
  let rows = taskQuery(db)
  let count = db.selectFrom('cashbackTasks')
  if (q.status) {
    rows = rows.where('t.status', '=', q.status)
    count = count.where('status', '=', q.status)
  }
  const [list, n] = await Promise.all([rows.orderBy('t.submittedAt', 'desc').orderBy('t.id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(count)])
  return { list: list.map(toTask), total: n, page, pageSize }
}

/** Approve: the CLI's approveTask (one conditional update out of 'submitted', one ledger row per task) in the audit's transaction. */
export async function approve(tx: Tx, id: number, log: Log) {
  const r = await approveTask(tx, id, 'admin')
  log({ action: 'cashback.approve', targetType: 'cashbackTask', targetId: id, before: { status: 'submitted' }, after: { status: r.status, amount: r.amount, memberId: r.memberId } })
  return { id, status: r.status, amount: r.amount }
}

export async function refuse(tx: Tx, id: number, reason: string, log: Log) {
  const why = reason.trim()
  if (!why) throw new AppError(ErrorCode.BAD_REQUEST, '请填写驳回原因')
  const before = await tx.selectFrom('cashbackTasks').select(['amount']).where('id', '=', id).executeTakeFirst()
  const r = await rejectTask(tx, id, why, 'admin')
  log({ action: 'cashback.refuse', targetType: 'cashbackTask', targetId: id, before: { status: 'submitted' }, after: { status: r.status, reason: r.reason } })
  return { id, status: r.status, amount: Number(before?.amount || 0) }
}
