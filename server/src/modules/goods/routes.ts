import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as goods from './service'
import { readCache } from '../../services/readCache'

const DAY_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'

export default async function goodsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx
  const cache = readCache(db, ctx.config.readCacheMs)
  // Search terms are counted in memory (see flushSearchTerms): write what is left when the app stops.
  app.addHook('onClose', async () => {
    await goods.flushSearchTerms(db).catch((err) => ctx.log.warn({ err: err.message }, 'search terms not written'))
  })

  app.get('/api/goods/categoryTree', {
    config: { auth: 'none' },
    handler: async () => ({ list: await goods.categoryTree(db) }),
  })

  app.get('/api/goods/brands', {
    config: { auth: 'none' },
    schema: { querystring: S.obj({ exclusive: S.int(0, 1) }) },
    handler: async (req) => ({ list: await goods.listBrands(db, (req.query as any).exclusive === 1) }),
  })

  app.get('/api/goods/hotWords', {
    config: { auth: 'none' },
    handler: async () => ({ list: await goods.hotWords(db) }),
  })

  app.get('/api/goods/search', {
    config: { auth: 'optional' },
    schema: {
      querystring: S.paging({
        keyword: S.str(64),
        categoryId: S.id(),
        brandId: S.id(),
        sort: { ...S.enum(goods.SEARCH_SORTS), default: 'default' },
      }),
    },
    handler: async (req) => goods.searchGoods(db, req.query as any, cache),
  })

  app.get('/api/goods/guessYouLike', {
    config: { auth: 'optional' },
    schema: { querystring: S.paging() },
    handler: async (req) => {
      const q = req.query as { page: number; pageSize: number }
      return goods.guessYouLike(db, ctx.cache, req.member?.id ?? null, q.page, q.pageSize)
    },
  })

  app.get('/api/goods/detail', {
    config: { auth: 'optional' },
    schema: { querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => goods.viewGoods(db, (req.query as any).id, req.member?.id ?? null, cache),
  })

  app.get('/api/goods/commentList', {
    config: { auth: 'optional' },
    schema: { querystring: S.paging({ goodsId: S.id(), hasImage: S.int(0, 1) }, ['goodsId']) },
    handler: async (req) => {
      const q = req.query as { goodsId: number; hasImage?: number; page: number; pageSize: number }
      return goods.commentList(db, q.goodsId, q.hasImage === 1, q.page, q.pageSize)
    },
  })

  app.post('/api/goods/collect', {
    schema: { body: S.obj({ goodsId: S.id() }, ['goodsId']) },
    handler: async (req) => goods.collect(db, memberId(req), (req.body as any).goodsId),
  })

  app.post('/api/goods/uncollect', {
    schema: { body: S.obj({ goodsIds: S.arr(S.id(), 200, 1) }, ['goodsIds']) },
    handler: async (req) => goods.uncollect(db, memberId(req), (req.body as any).goodsIds),
  })

  app.get('/api/goods/collectList', {
    schema: { querystring: S.paging() },
    handler: async (req) => {
      const q = req.query as { page: number; pageSize: number }
      return goods.collectList(db, memberId(req), q.page, q.pageSize)
    },
  })

  app.get('/api/goods/footprintList', {
    schema: { querystring: S.paging() },
    handler: async (req) => {
      const q = req.query as { page: number; pageSize: number }
      return goods.footprintList(db, memberId(req), q.page, q.pageSize)
    },
  })

  app.post('/api/goods/deleteFootprints', {
    schema: { body: S.obj({ ids: S.arr(S.id(), 200, 1), day: S.str(10, 10, { pattern: DAY_PATTERN }), all: S.bool() }) },
    handler: async (req) => goods.deleteFootprints(db, memberId(req), req.body as any),
  })
}
