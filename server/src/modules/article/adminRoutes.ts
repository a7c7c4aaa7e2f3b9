import { IdParams, OkReply } from '../../../../types/admin'
import { IdReply } from '../../../../types/adminGoods'
import { AdminArticleQuery, ArticleCategoryInput, ArticleInput, type AdminArticleCategory, type AdminArticleDetail, type AdminArticlePage } from '../../../../types/adminContent'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import * as svc from './adminService'

/** 内容 · 文章: the shop's articles (and members'), their categories, publish / withdraw. */
const articleAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'content.read' as const }
  const write = { permission: 'content.write' as const }

  app.get('/articles', { config: read, schema: { querystring: AdminArticleQuery } }, async (req): Promise<AdminArticlePage> => svc.adminArticleList(db, req.query))
  app.get('/articles/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminArticleDetail> => svc.adminArticleDetail(db, req.params.id))
  app.post('/articles', { config: write, bodyLimit: 512 * 1024, schema: { body: ArticleInput } }, async (req): Promise<IdReply> =>
    audited(db, actorOf(req), (tx, log) => svc.adminCreateArticle(tx, req.body, log)),
  )
  app.put('/articles/:id', { config: write, bodyLimit: 512 * 1024, schema: { params: IdParams, body: ArticleInput } }, async (req): Promise<IdReply> =>
    audited(db, actorOf(req), (tx, log) => svc.adminUpdateArticle(tx, req.params.id, req.body, log)),
  )
  app.post('/articles/:id/publish', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => svc.adminSetArticleStatus(tx, req.params.id, 'published', log))
    return { ok: true }
  })
  app.post('/articles/:id/unpublish', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => svc.adminSetArticleStatus(tx, req.params.id, 'draft', log))
    return { ok: true }
  })
  app.delete('/articles/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => svc.adminDeleteArticle(tx, req.params.id, log))
    return { ok: true }
  })

  app.get('/article-categories', { config: read }, async (): Promise<AdminArticleCategory[]> => svc.adminArticleCategories(db))
  app.post('/article-categories', { config: write, schema: { body: ArticleCategoryInput } }, async (req): Promise<IdReply> =>
    audited(db, actorOf(req), (tx, log) => svc.adminCreateCategory(tx, req.body, log)),
  )
  app.put('/article-categories/:id', { config: write, schema: { params: IdParams, body: ArticleCategoryInput } }, async (req): Promise<IdReply> =>
    audited(db, actorOf(req), (tx, log) => svc.adminUpdateCategory(tx, req.params.id, req.body, log)),
  )
  app.delete('/article-categories/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => svc.adminDeleteCategory(tx, req.params.id, log))
    return { ok: true }
  })
}

export default articleAdminRoutes
