import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { DOCUMENT_KEYS, type DocumentKey } from '../../../../types/content'
import * as content from './service'
import { allowList } from './webviewHosts'

/** Notices, activities, the shop's documents, its customer-service contact and the web-view address check. */
export default async function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/content/noticeList', { config: { auth: 'none' }, schema: { querystring: S.paging() }, handler: async (req) => content.noticeList(db, req.query as any) })

  app.get('/api/content/noticeDetail', {
    config: { auth: 'none' },
    schema: { querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => content.noticeDetail(db, (req.query as any).id),
  })

  app.get('/api/content/activityList', {
    config: { auth: 'none' },
    schema: { querystring: S.paging({ status: { ...S.enum(['all', 'upcoming', 'ongoing', 'ended']), default: 'all' } }) },
    handler: async (req) => content.activityList(db, req.query as any),
  })

  app.get('/api/content/activityDetail', {
    config: { auth: 'none' },
    schema: { querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => content.activityDetail(db, (req.query as any).id),
  })

  // Auth optional: a visitor sees the coupons, a member also what is left to claim.
  app.get('/api/content/activityCoupons', {
    config: { auth: 'optional' },
    schema: { querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => content.activityCoupons(db, (req.query as any).id, req.member?.id ?? null),
  })

  // Auth optional: the token is appended for activity pages only when it belongs to a valid member.
  app.get('/api/content/checkWebUrl', {
    config: { auth: 'optional' },
    schema: { querystring: S.obj({ url: S.str(2048, 1), kind: { ...S.enum(['common', 'activityWeb', 'activityCustomize']), default: 'common' } }, ['url']) },
    handler: async (req) => {
      const q = req.query as any
      const token = req.member ? String(req.headers.token || '') : null
      return content.checkWebUrl(await allowList(db, config), q.url, q.kind, token)
    },
  })

  app.get('/api/content/document', {
    config: { auth: 'none' },
    schema: { querystring: S.obj({ key: S.enum(DOCUMENT_KEYS) }, ['key']) },
    handler: async (req) => content.documentByKey(db, (req.query as { key: DocumentKey }).key),
  })

  app.get('/api/common/shopInfo', { config: { auth: 'none' }, handler: async () => content.shopInfo(config) })
}
