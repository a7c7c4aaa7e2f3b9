import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { ARTICLE_TITLE_MAX } from '../../../../types/article'
import * as article from './service'

/** Articles: the gender-school (published articles by category) and members' own drafts and articles. */
export default async function articleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/article/categoryList', { config: { auth: 'none' }, handler: async () => article.categoryList(db) })

  app.get('/api/article/list', {
    config: { auth: 'none' },
    schema: { querystring: S.paging({ categoryId: S.int(0), keyword: S.str(30) }) },
    handler: async (req) => article.list(db, req.query as any),
  })

  app.get('/api/article/detail', {
    config: { auth: 'optional' },
    schema: { querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => article.detail(db, (req.query as any).id, req.member?.id ?? null),
  })

  app.get('/api/article/myList', {
    schema: { querystring: S.paging({ status: { ...S.enum(['draft', 'published']), default: 'draft' } }) },
    handler: async (req) => article.myList(db, memberId(req), req.query as any),
  })

  app.post('/api/article/save', {
    bodyLimit: 512 * 1024,
    schema: {
      body: S.obj(
        { id: S.id(), title: S.str(ARTICLE_TITLE_MAX * 2), contentHtml: S.str(400_000), cover: S.str(512), categoryId: { anyOf: [S.id(), { type: 'null' }] } },
        ['contentHtml'],
      ),
    },
    handler: async (req) => article.save(db, memberId(req), req.body as any),
  })

  app.post('/api/article/publish', {
    schema: { body: S.obj({ id: S.id(), title: S.str(ARTICLE_TITLE_MAX * 2, 1), cover: S.str(512), categoryId: S.id(), summary: S.str(200) }, ['id', 'title', 'categoryId']) },
    handler: async (req) => article.publish(db, memberId(req), req.body as any),
  })

  app.post('/api/article/delete', {
    schema: { body: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => article.remove(db, memberId(req), (req.body as any).id),
  })
}
