import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { ARTICLE_TITLE_MAX } from '../../../../types/article'
import * as article from './service'

/** Articles: the gender-school (published articles by category) and members' own drafts and articles. */
export default async function articleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/article/categoryList', { schema: { description: '`ArticleCategory[]` `{id, name, icon}` (the gender school\'s categories)' }, config: { auth: 'none' }, handler: async () => article.categoryList(db) })

  app.get('/api/article/list', {
    config: { auth: 'none' },
    schema: {
      description: '`Page<ArticleSummary>` published only, newest first: `{id, title, cover, summary, categoryId, categoryName, status, views, author {id or null (official), nickname, avatar}, publishedAt, updatedAt}`',
      querystring: S.paging({ categoryId: S.int(0), keyword: S.str(30) }) },
    handler: async (req) => article.list(db, req.query as any),
  })

  app.get('/api/article/detail', {
    config: { auth: 'optional' },
    schema: {
      description: '`ArticleDetail` (+ `contentHtml`, `isOwner`); a draft only for its author (others 404); a visitor\'s read counts a view',
      querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => article.detail(db, (req.query as any).id, req.member?.id ?? null),
  })

  app.get('/api/article/myList', {
    schema: {
      description: '`Page<ArticleSummary>` of the caller, last edited first',
      querystring: S.paging({ status: { ...S.enum(['draft', 'published']), default: 'draft' } }) },
    handler: async (req) => article.myList(db, memberId(req), req.query as any),
  })

  app.post('/api/article/save', {
    bodyLimit: 512 * 1024,
    schema: {
      description: '`{id, contentHtml}` (sanitised); new: a draft (≤ 50 drafts); with `id`: edits the caller\'s own article (a published one stays published). Request: `{id?, title?, contentHtml, cover?, categoryId?}` (body ≤ 512 KB).',
     
      body: S.obj(
        { id: S.id(), title: S.str(ARTICLE_TITLE_MAX * 2), contentHtml: S.str(400_000), cover: S.str(512), categoryId: { anyOf: [S.id(), { type: 'null' }] } },
        ['contentHtml'],
      ),
    },
    handler: async (req) => article.save(db, memberId(req), req.body as any),
  })

  app.post('/api/article/publish', {
    schema: {
      description: '`ArticleDetail`; cover defaults to the first image of the body, summary to its first 120 characters',
      body: S.obj({ id: S.id(), title: S.str(ARTICLE_TITLE_MAX * 2, 1), cover: S.str(512), categoryId: S.id(), summary: S.str(200) }, ['id', 'title', 'categoryId']) },
    handler: async (req) => article.publish(db, memberId(req), req.body as any),
  })

  app.post('/api/article/delete', {
    schema: {
      description: '`{deleted: true}`',
      body: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => article.remove(db, memberId(req), (req.body as any).id),
  })
}
