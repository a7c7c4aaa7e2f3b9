import { IdParams, OkReply } from '../../../../types/admin'
import { AdminReviewQuery, HiddenBody, ReplyBody, type AdminReviewPage } from '../../../../types/adminContent'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminHideReview, adminReplyReview, adminReviewList } from './adminService'

/** 内容 · 评价: goods reviews; hide / show, reply as the shop. */
const reviewAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'content.read' as const }
  const write = { permission: 'content.write' as const }

  app.get('/reviews', { config: read, schema: { querystring: AdminReviewQuery } }, async (req): Promise<AdminReviewPage> => adminReviewList(db, req.query))
  app.post('/reviews/:id/hidden', { config: write, schema: { params: IdParams, body: HiddenBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminHideReview(tx, req.params.id, req.body.hidden, log))
    return { ok: true }
  })
  app.post('/reviews/:id/reply', { config: write, schema: { params: IdParams, body: ReplyBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminReplyReview(tx, req.params.id, req.body.reply, log))
    return { ok: true }
  })
}

export default reviewAdminRoutes
