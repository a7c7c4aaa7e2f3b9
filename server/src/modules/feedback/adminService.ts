import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import { AppError, ErrorCode, notFound } from '../../errors'
import type { AdminFeedbackPage, AdminFeedbackQuery, AdminFeedbackRow } from '../../../../types/adminContent'
import { parseImages } from '../review/images'
import { typeText } from './service'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

const COLS = ['f.id', 'f.memberId', 'f.type', 'f.content', 'f.images', 'f.contact', 'f.status', 'f.reply', 'f.repliedAt', 'f.closedAt', 'f.createdAt', 'm.nickname', 'm.phone'] as const
const n = (v: number | null) => (v === null ? null : Number(v))

/** Feedback for the console, newest first (listing does not mark it read: opening one does). */
export async function adminFeedbackList(db: Db, q: AdminFeedbackQuery): Promise<AdminFeedbackPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('feedback as f').leftJoin('members as m', 'm.id', 'f.memberId')
  if (q.status) b = b.where('f.status', '=', q.status)
  if (q.type) b = b.where('f.type', '=', q.type)
  const [rows, c] = await Promise.all([
    b
      .select([...COLS])
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  const list: AdminFeedbackRow[] = rows.map((r) => ({
    id: r.id,
    memberId: r.memberId,
    nickname: r.nickname || '',
    phone: r.phone || '',
    type: r.type,
    typeText: typeText(r.type),
    content: r.content,
    images: parseImages(r.images),
    contact: r.contact,
    status: r.status,
    reply: r.reply,
    repliedAt: n(r.repliedAt),
    closedAt: n(r.closedAt),
    createdAt: Number(r.createdAt),
  }))
  return { list, total: c, page, pageSize }
}

async function one(tx: Conn, id: number) {
  const f = await tx.selectFrom('feedback').select(['id', 'status', 'reply']).where('id', '=', id).executeTakeFirst()
  if (!f) throw notFound('反馈不存在')
  return f
}

/** new → read; anything else is already past it (answers ok without a change or an audit row). */
export async function adminReadFeedback(tx: Tx, id: number, log: Log) {
  const f = await one(tx, id)
  if (f.status !== 'new') return false
  const res = await tx.updateTable('feedback').set({ status: 'read' }).where('id', '=', id).where('status', '=', 'new').executeTakeFirst()
  if (Number(res.numUpdatedRows) === 1) log({ action: 'feedback.read', targetType: 'feedback', targetId: id, before: { status: 'new' }, after: { status: 'read' } })
  return true
}

/** The shop's reply (the member sees it on 意见反馈); may be edited until closed. */
export async function adminReplyFeedback(tx: Tx, id: number, reply: string, log: Log) {
  const f = await one(tx, id)
  const text = reply.trim()
  if (!text) throw new AppError(ErrorCode.BAD_REQUEST, '请填写回复内容')
  if (f.status === 'closed') throw new AppError(ErrorCode.CONFLICT, '反馈已关闭，不能再回复')
  const res = await tx.updateTable('feedback').set({ status: 'replied', reply: text, repliedAt: Date.now() }).where('id', '=', id).where('status', '=', f.status).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '反馈状态已变化，请刷新后重试')
  log({ action: 'feedback.reply', targetType: 'feedback', targetId: id, before: { status: f.status, reply: f.reply }, after: { status: 'replied', reply: text } })
}

export async function adminCloseFeedback(tx: Tx, id: number, log: Log) {
  const f = await one(tx, id)
  if (f.status === 'closed') throw new AppError(ErrorCode.CONFLICT, '反馈已经关闭')
  const res = await tx.updateTable('feedback').set({ status: 'closed', closedAt: Date.now() }).where('id', '=', id).where('status', '=', f.status).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '反馈状态已变化，请刷新后重试')
  log({ action: 'feedback.close', targetType: 'feedback', targetId: id, before: { status: f.status }, after: { status: 'closed' } })
}
