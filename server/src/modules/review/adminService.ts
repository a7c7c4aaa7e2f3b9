import type { Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import { AppError, ErrorCode, notFound } from '../../errors'
import type { AdminReviewPage, AdminReviewQuery } from '../../../../types/adminContent'
import { parseImages } from './images'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

/** First reviews (follow-ups ride along), newest first, filtered by goods, stars, pictures, hidden, replied. */
export async function adminReviewList(db: Db, q: AdminReviewQuery): Promise<AdminReviewPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('goodsReviews as r').leftJoin('goods as g', 'g.id', 'r.goodsId').leftJoin('members as m', 'm.id', 'r.memberId').where('r.parentId', 'is', null)
  if (q.goodsId) b = b.where('r.goodsId', '=', q.goodsId)
  if (q.rating) b = b.where('r.rating', '=', q.rating)
  if (q.hasImages !== undefined) b = b.where('r.images', q.hasImages ? '<>' : '=', '[]')
  if (q.hidden !== undefined) b = b.where('r.hidden', '=', q.hidden ? 1 : 0)
  if (q.replied !== undefined) b = b.where('r.reply', q.replied ? '<>' : '=', '')
  const [rows, c] = await Promise.all([
    b
      .select([
        'r.id',
        'r.goodsId',
        'g.name as goodsName',
        'g.mainImage as goodsImage',
        'r.specText',
        'r.memberId',
        'm.nickname',
        'r.anonymous',
        'r.rating',
        'r.content',
        'r.images',
        'r.hidden',
        'r.reply',
        'r.repliedAt',
        'r.createdAt',
      ])
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  const followUps = rows.length
    ? await db
        .selectFrom('goodsReviews')
        .select(['parentId', 'content'])
        .where(
          'parentId',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : []
  const byParent = new Map(followUps.map((f) => [f.parentId, f.content]))
  return {
    list: rows.map((r) => ({
      id: r.id,
      goodsId: r.goodsId,
      goodsName: r.goodsName || '',
      goodsImage: r.goodsImage || '',
      specText: r.specText,
      memberId: r.memberId,
      nickname: r.nickname || '',
      anonymous: !!r.anonymous,
      rating: r.rating,
      content: r.content,
      images: parseImages(r.images),
      followUp: byParent.get(r.id) ?? null,
      hidden: !!r.hidden,
      reply: r.reply,
      repliedAt: r.repliedAt === null ? null : Number(r.repliedAt),
      createdAt: Number(r.createdAt),
    })),
    total: c,
    page,
    pageSize,
  }
}

async function firstReview(tx: Tx, id: number) {
  const r = await tx.selectFrom('goodsReviews').select(['id', 'goodsId', 'hidden', 'reply', 'parentId']).where('id', '=', id).executeTakeFirst()
  if (!r || r.parentId !== null) throw notFound('评价不存在')
  return r
}

/** Hides a review from the goods page (and its counts) or shows it again. */
export async function adminHideReview(tx: Tx, id: number, hidden: boolean, log: Log) {
  const r = await firstReview(tx, id)
  if (!!r.hidden === hidden) throw new AppError(ErrorCode.CONFLICT, hidden ? '评价已经隐藏' : '评价没有隐藏')
  const res = await tx
    .updateTable('goodsReviews')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .where('hidden', '=', r.hidden)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '评价状态已变化，请刷新后重试')
  log({ action: hidden ? 'review.hide' : 'review.unhide', targetType: 'review', targetId: id, before: { hidden: !!r.hidden }, after: { hidden } })
}

/** The shop's reply under the review on the goods page; an empty reply removes it. */
export async function adminReplyReview(tx: Tx, id: number, reply: string, log: Log) {
  const r = await firstReview(tx, id)
  const text = reply.trim()
  if (!text && !r.reply) throw new AppError(ErrorCode.BAD_REQUEST, '请填写回复内容')
  await tx
    .updateTable('goodsReviews')
    .set({ reply: text, repliedAt: text ? Date.now() : null })
    .where('id', '=', id)
    .execute()
  log({ action: text ? 'review.reply' : 'review.reply-remove', targetType: 'review', targetId: id, before: { reply: r.reply }, after: { reply: text } })
}
