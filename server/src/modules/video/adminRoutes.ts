import { IdParams, OkReply } from '../../../../types/admin'
import { AdminVideoCommentQuery, AdminVideoQuery, HiddenBody, TakeDownBody, type AdminVideoCommentPage, type AdminVideoPage } from '../../../../types/adminContent'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminDeleteComment, adminHideComment, adminReviewVideo, adminVideoComments, adminVideoList } from './adminService'

/** 内容 · 短视频: the review queue (approve / take down with a reason), comments and danmu (hide / delete). */
const videoAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'content.read' as const }
  const write = { permission: 'content.write' as const }

  app.get('/videos', { config: read, schema: { querystring: AdminVideoQuery } }, async (req): Promise<AdminVideoPage> => adminVideoList(db, req.query))
  app.post('/videos/:id/approve', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminReviewVideo(tx, req.params.id, 'on', '', log))
    return { ok: true }
  })
  app.post('/videos/:id/take-down', { config: write, schema: { params: IdParams, body: TakeDownBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminReviewVideo(tx, req.params.id, 'off', req.body.reason, log))
    return { ok: true }
  })
  app.get('/video-comments', { config: read, schema: { querystring: AdminVideoCommentQuery } }, async (req): Promise<AdminVideoCommentPage> => adminVideoComments(db, req.query))
  app.post('/video-comments/:id/hidden', { config: write, schema: { params: IdParams, body: HiddenBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminHideComment(tx, req.params.id, req.body.hidden, log))
    return { ok: true }
  })
  app.delete('/video-comments/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminDeleteComment(tx, req.params.id, log))
    return { ok: true }
  })
}

export default videoAdminRoutes
