import { IdParams, OkReply } from '../../../../types/admin'
import { AdminFeedbackQuery, FeedbackReplyBody, type AdminFeedbackPage } from '../../../../types/adminContent'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminCloseFeedback, adminFeedbackList, adminReadFeedback, adminReplyFeedback } from './adminService'

/** 内容 · 反馈: members' feedback (feedback.read / feedback.write): read, reply, close. */
const feedbackAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'feedback.read' as const }
  const write = { permission: 'feedback.write' as const }

  app.get('/feedback', { config: read, schema: { querystring: AdminFeedbackQuery } }, async (req): Promise<AdminFeedbackPage> => adminFeedbackList(db, req.query))
  app.post('/feedback/:id/read', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminReadFeedback(tx, req.params.id, log))
    return { ok: true }
  })
  app.post('/feedback/:id/reply', { config: write, schema: { params: IdParams, body: FeedbackReplyBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminReplyFeedback(tx, req.params.id, req.body.reply, log))
    return { ok: true }
  })
  app.post('/feedback/:id/close', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminCloseFeedback(tx, req.params.id, log))
    return { ok: true }
  })
}

export default feedbackAdminRoutes
