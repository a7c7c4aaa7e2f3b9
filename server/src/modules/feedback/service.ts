import type { Db } from '../../db/types'
import type { FeedbackItem, FeedbackSubmitRequest, FeedbackType } from '../../../../types/feedback'
import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, FEEDBACK_MIN_CHARS, FEEDBACK_TYPES } from '../../../../types/feedback'
import { AppError, ErrorCode } from '../../errors'
import { hit } from '../../services/rateLimit'
import { charCount, ownImages, parseImages } from '../review/images'

export const FEEDBACK_PER_DAY = 10
export const typeText = (t: string) => FEEDBACK_TYPES.find((x) => x.value === t)?.text || '其他'

/** Stores a member's feedback: a type from the list, 5-500 characters, up to 9 own images, an optional contact; 10 a day. */
export async function submitFeedback(db: Db, memberId: number, req: FeedbackSubmitRequest) {
  if (!FEEDBACK_TYPES.some((t) => t.value === req.type)) throw new AppError(ErrorCode.BAD_REQUEST, '请选择反馈类型')
  const content = String(req.content || '').trim()
  const n = charCount(content)
  if (n < FEEDBACK_MIN_CHARS) throw new AppError(ErrorCode.BAD_REQUEST, `请至少填写${FEEDBACK_MIN_CHARS}个字的问题描述`)
  if (n > FEEDBACK_MAX_CHARS) throw new AppError(ErrorCode.BAD_REQUEST, `问题描述最多${FEEDBACK_MAX_CHARS}个字`)
  const contact = String(req.contact || '').trim()
  if (charCount(contact) > 50) throw new AppError(ErrorCode.BAD_REQUEST, '联系方式最多50个字')
  const images = await ownImages(db, memberId, req.images, FEEDBACK_MAX_IMAGES, '图片')
  await hit(db, `feedback:${memberId}`, FEEDBACK_PER_DAY, 86_400_000, '今日反馈次数已达上限，请明天再试')
  const row = await db
    .insertInto('feedback')
    .values({ memberId, type: req.type, content, images: JSON.stringify(images), contact, status: 'new', createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id }
}

const toItem = (r: {
  id: number
  type: string
  content: string
  images: string
  contact: string
  status: FeedbackItem['status']
  reply: string
  repliedAt: number | null
  createdAt: number
}): FeedbackItem => ({
  id: r.id,
  type: r.type as FeedbackType,
  typeText: typeText(r.type),
  content: r.content,
  images: parseImages(r.images),
  contact: r.contact,
  status: r.status,
  reply: r.reply,
  repliedAt: r.repliedAt === null ? null : Number(r.repliedAt),
  createdAt: Number(r.createdAt),
})

/** The member's own feedback, newest first. */
export async function myFeedback(db: Db, memberId: number, limit = 20): Promise<FeedbackItem[]> {
  const rows = await db
    .selectFrom('feedback')
    .select(['id', 'type', 'content', 'images', 'contact', 'status', 'reply', 'repliedAt', 'createdAt'])
    .where('memberId', '=', memberId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(toItem)
}

/** For the operator: newest first, with the member's phone; listing marks them read. */
export async function adminFeedback(db: Db, opts: { limit?: number; onlyNew?: boolean } = {}) {
  let q = db
    .selectFrom('feedback as f')
    .leftJoin('members as m', 'm.id', 'f.memberId')
    .select(['f.id', 'f.type', 'f.content', 'f.images', 'f.contact', 'f.status', 'f.reply', 'f.repliedAt', 'f.createdAt', 'f.memberId', 'm.phone', 'm.nickname'])
  if (opts.onlyNew) q = q.where('f.status', '=', 'new')
  const rows = await q
    .orderBy('f.createdAt', 'desc')
    .orderBy('f.id', 'desc')
    .limit(Math.min(500, Math.max(1, opts.limit || 50)))
    .execute()
  const ids = rows.filter((r) => r.status === 'new').map((r) => r.id)
  if (ids.length) await db.updateTable('feedback').set({ status: 'read' }).where('id', 'in', ids).execute()
  return rows.map((r) => ({ ...toItem(r as any), memberId: r.memberId, phone: r.phone, nickname: r.nickname }))
}
