import type { Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import { AppError, ErrorCode, notFound } from '../../errors'
import type { AdminVideoCommentPage, AdminVideoCommentQuery, AdminVideoPage, AdminVideoQuery } from '../../../../types/adminContent'
import { contains } from './service'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void
const n = (v: number | null) => (v === null ? null : Number(v))

/** The review queue and every video: pending first when no state is asked for, then newest. */
export async function adminVideoList(db: Db, q: AdminVideoQuery): Promise<AdminVideoPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('videos as v').leftJoin('members as m', 'm.id', 'v.memberId')
  if (q.status) b = b.where('v.status', '=', q.status)
  const kw = String(q.keyword || '').trim()
  if (kw) b = b.where(contains(db, 'v.title', kw))
  const [rows, c] = await Promise.all([
    b
      .select(['v.id', 'v.title', 'v.url', 'v.cover', 'v.duration', 'v.status', 'v.reviewReason', 'v.reviewedAt', 'v.memberId', 'm.nickname', 'v.likes', 'v.comments', 'v.views', 'v.createdAt'])
      .orderBy((eb) => eb.case().when('v.status', '=', 'pending').then(0).else(1).end())
      .orderBy('v.createdAt', 'desc')
      .orderBy('v.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  return {
    list: rows.map(({ nickname, ...r }) => ({ ...r, authorName: nickname || `会员${r.memberId}`, reviewedAt: n(r.reviewedAt), createdAt: Number(r.createdAt) })),
    total: c,
    page,
    pageSize,
  }
}

/**
 * Approve (pending or taken down → on: listed in the shop) or take down with a reason (→ off: gone from the
 * feed, search, the author's page and its detail). A conditional update: two staff acting at once change it once.
 */
export async function adminReviewVideo(tx: Tx, id: number, to: 'on' | 'off', reason: string, log: Log) {
  const v = await tx.selectFrom('videos').select(['id', 'status', 'reviewReason', 'title']).where('id', '=', id).executeTakeFirst()
  if (!v) throw notFound('视频不存在')
  if (v.status === to) throw new AppError(ErrorCode.CONFLICT, to === 'on' ? '视频已经通过审核' : '视频已经下架')
  const why = to === 'off' ? reason.trim() : ''
  if (to === 'off' && !why) throw new AppError(ErrorCode.BAD_REQUEST, '请填写下架原因')
  const res = await tx.updateTable('videos').set({ status: to, reviewReason: why, reviewedAt: Date.now() }).where('id', '=', id).where('status', '=', v.status).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '视频状态已变化，请刷新后重试')
  log({
    action: to === 'on' ? 'video.approve' : 'video.take-down',
    targetType: 'video',
    targetId: id,
    before: { status: v.status, reviewReason: v.reviewReason },
    after: { status: to, reviewReason: why },
  })
}

/** Comments (each is also a danmu at its playback second), newest first. */
export async function adminVideoComments(db: Db, q: AdminVideoCommentQuery): Promise<AdminVideoCommentPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('videoComments as c').leftJoin('videos as v', 'v.id', 'c.videoId').leftJoin('members as m', 'm.id', 'c.memberId')
  if (q.videoId) b = b.where('c.videoId', '=', q.videoId)
  if (q.hidden !== undefined) b = b.where('c.hidden', '=', q.hidden ? 1 : 0)
  const kw = String(q.keyword || '').trim()
  if (kw) b = b.where(contains(db, 'c.content', kw))
  const [rows, c] = await Promise.all([
    b
      .select(['c.id', 'c.videoId', 'v.title', 'c.memberId', 'm.nickname', 'c.content', 'c.timeOffset', 'c.hidden', 'c.createdAt'])
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  return {
    list: rows.map((r) => ({
      id: r.id,
      videoId: r.videoId,
      videoTitle: r.title || '',
      memberId: r.memberId,
      nickname: r.nickname || '',
      content: r.content,
      timeOffset: r.timeOffset,
      hidden: !!r.hidden,
      createdAt: Number(r.createdAt),
    })),
    total: c,
    page,
    pageSize,
  }
}

/** The video's comment count follows what the shop shows (hidden comments are not counted); never below 0. */
async function moveCount(tx: Tx, videoId: number, delta: 1 | -1) {
  let u = tx
    .updateTable('videos')
    .set((eb) => ({ comments: eb('comments', '+', delta) }))
    .where('id', '=', videoId)
  if (delta < 0) u = u.where('comments', '>', 0)
  await u.execute()
}

export async function adminHideComment(tx: Tx, id: number, hidden: boolean, log: Log) {
  const c = await tx.selectFrom('videoComments').select(['id', 'videoId', 'hidden', 'content']).where('id', '=', id).executeTakeFirst()
  if (!c) throw notFound('评论不存在')
  if (!!c.hidden === hidden) throw new AppError(ErrorCode.CONFLICT, hidden ? '评论已经隐藏' : '评论没有隐藏')
  const res = await tx
    .updateTable('videoComments')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .where('hidden', '=', c.hidden)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '评论状态已变化，请刷新后重试')
  await moveCount(tx, c.videoId, hidden ? -1 : 1)
  log({ action: hidden ? 'videoComment.hide' : 'videoComment.unhide', targetType: 'videoComment', targetId: id, before: { hidden: !!c.hidden }, after: { hidden, videoId: c.videoId } })
}

export async function adminDeleteComment(tx: Tx, id: number, log: Log) {
  const c = await tx.selectFrom('videoComments').selectAll().where('id', '=', id).executeTakeFirst()
  if (!c) throw notFound('评论不存在')
  const res = await tx.deleteFrom('videoComments').where('id', '=', id).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw notFound('评论不存在')
  if (!c.hidden) await moveCount(tx, c.videoId, -1)
  log({
    action: 'videoComment.delete',
    targetType: 'videoComment',
    targetId: id,
    before: { videoId: c.videoId, memberId: c.memberId, content: c.content, timeOffset: c.timeOffset, hidden: !!c.hidden },
  })
}
