import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { paged } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { IdOnly } from '../../../../types/schema'
import { ArticleListQuery, ArticlePublishRequest, ArticleSaveRequest, MyArticlesQuery } from '../../../../types/article'
import * as article from './service'

/** Articles: the gender-school (published articles by category) and members' own drafts and articles. */
export default async function articleRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/article/categoryList', {
    schema: { description: "`ArticleCategory[]` `{id, name, icon}` (the gender school's categories)" },
    config: { auth: 'none' },
    handler: async () => article.categoryList(db),
  })

  app.get('/api/article/list', {
    config: { auth: 'none' },
    schema: {
      description:
        '`Page<ArticleSummary>` published only, newest first: `{id, title, cover, summary, categoryId, categoryName, status, views, author {id or null (official), nickname, avatar}, publishedAt, updatedAt}`',
      querystring: ArticleListQuery,
    },
    handler: async (req) => article.list(db, paged(req.query)),
  })

  app.get('/api/article/detail', {
    config: { auth: 'optional' },
    schema: {
      description: "`ArticleDetail` (+ `contentHtml`, `isOwner`); a draft only for its author (others 404); a visitor's read counts a view",
      querystring: IdOnly,
    },
    handler: async (req) => article.detail(db, req.query.id, req.member?.id ?? null),
  })

  app.get('/api/article/myList', {
    schema: {
      description: '`Page<ArticleSummary>` of the caller, last edited first',
      querystring: MyArticlesQuery,
    },
    handler: async (req) => article.myList(db, memberId(req), { ...paged(req.query), status: req.query.status ?? 'draft' }),
  })

  app.post('/api/article/save', {
    bodyLimit: 512 * 1024,
    schema: {
      description:
        "`{id, contentHtml}` (sanitised); new: a draft (≤ 50 drafts); with `id`: edits the caller's own article (a published one stays published). Request: `{id?, title?, contentHtml, cover?, categoryId?}` (body ≤ 512 KB).",

      body: ArticleSaveRequest,
    },
    handler: async (req) => article.save(db, memberId(req), req.body),
  })

  app.post('/api/article/publish', {
    schema: {
      description: '`ArticleDetail`; cover defaults to the first image of the body, summary to its first 120 characters',
      body: ArticlePublishRequest,
    },
    handler: async (req) => article.publish(db, memberId(req), req.body),
  })

  app.post('/api/article/delete', {
    schema: {
      description: '`{deleted: true}`',
      body: IdOnly,
    },
    handler: async (req) => article.remove(db, memberId(req), req.body.id),
  })
}
