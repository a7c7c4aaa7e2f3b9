import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { BrandsQuery, CollectRequest, CommentListQuery, DeleteFootprintsRequest, GoodsIdQuery, GoodsSearchQuery, SuggestQuery, UncollectRequest } from '../../../../types/goods'
import { PagingQuery } from '../../../../types/schema'
import { memberId } from '../../plugins/auth'
import { collect, collectList, uncollect } from './collects'
import { viewGoods } from './detail'
import { deleteFootprints, footprintList } from './footprints'
import { flushSearchTerms, hotWords } from './hotWords'
import { guessYouLike } from './recommend'
import { commentList } from './reviews'
import { searchGoods, suggest } from './search'
import { categoryTree, listBrands } from './service'
import { readCache } from '../../services/readCache'

export default async function goodsRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx
  const cache = readCache(db, ctx.config.readCacheMs)
  // Search terms are counted in memory (see flushSearchTerms): write what is left when the app stops.
  app.addHook('onClose', async () => {
    await flushSearchTerms(db).catch((err) => ctx.log.warn({ err: err.message }, 'search terms not written'))
  })

  app.get('/api/goods/categoryTree', {
    schema: { description: '`{list: CategoryNode[]}` top categories with `children`' },
    config: { auth: 'none' },
    handler: async () => ({ list: await categoryTree(db) }),
  })

  app.get('/api/goods/brands', {
    config: { auth: 'none' },
    schema: {
      description: '`{list: Brand[]}` with `isExclusive`, `goodsCount` (on shelf)',
      querystring: BrandsQuery,
    },
    handler: async (req) => ({ list: await listBrands(db, req.query.exclusive === 1) }),
  })

  app.get('/api/goods/hotWords', {
    schema: {
      description:
        "`{list: string[]}` search terms that found goods and are whole words of the catalogue (a category or brand name, or the end of a word of an on-sale goods' name: 猫粮 of 全价猫粮, never the fragment 连衣 of 碎花连衣裙), most searched first (a process counts every search in memory and writes them every 2 s and before this list is read)",
    },
    config: { auth: 'none' },
    handler: async () => ({ list: await hotWords(db) }),
  })

  app.get('/api/goods/search', {
    config: { auth: 'optional' },
    schema: {
      description:
        '`Page<GoodsCard>` + `totalCapped`; ties broken by id, so pages never repeat a goods. The count stops at 1000 (`SEARCH_TOTAL_CAP`): with more matches `total` is 1000, `totalCapped` is true (the page shows "1000+") and pages past the 1000th goods are empty. Request: `keyword?` (≤ 64, substring of the name or a brand name; `%` `_` are plain characters), `categoryId?` (a top category includes its sub-categories), `brandId?`, `sort?` = `default` (综合: hot, then sales) | `sales` | `price_asc` | `price_desc` | `newest`, `page`, `pageSize`.',

      querystring: GoodsSearchQuery,
    },
    // Not async: a page from the read cache comes back as a value, which Fastify sends without waiting a tick.
    handler: (req) => {
      const { page = 1, pageSize = 20 } = req.query
      return searchGoods(db, { ...req.query, page, pageSize }, cache)
    },
  })

  app.get('/api/goods/suggest', {
    config: { auth: 'none' },
    schema: {
      description:
        '`{list: string[]}` at most 10 suggestions while typing `keyword` (1–32 characters): category and brand names, then searched terms that name the catalogue, then names of on-sale goods (best sellers first) holding the text, case-insensitively; those starting with it first in each group. Goods names only from 2 characters on (through the name index). Cached like the search',
      querystring: SuggestQuery,
    },
    handler: async (req) => ({ list: await suggest(db, req.query.keyword, cache) }),
  })

  app.get('/api/goods/guessYouLike', {
    config: { auth: 'optional' },
    schema: {
      description:
        "`Page<GoodsCard>`: a member's list puts the sub-categories of their footprints (30 days) and collects (×3) first, then their top categories, then sales; visitors get sales order. A member's weights are taken on page 1 and kept 30 minutes, so one scroll never repeats a goods",
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20 } = req.query
      return guessYouLike(db, ctx.cache, req.member?.id ?? null, page, pageSize)
    },
  })

  app.get('/api/goods/detail', {
    config: { auth: 'optional' },
    schema: {
      description:
        '`GoodsDetail`: images, `detailHtml` (`<p>`, `<img src="/media/...">`), `specGroups` `[{name, values}]`, `skus` `[{id, specs: {组名: 值}, specText, price, originalPrice, stock, image}]`, `brand`, `category`, `comments` `{count, withImageCount, goodRate (%), latest: 2 newest, with images first}`, `collected`, `onSale`. For a member it records the footprint (one row per member, goods and China day; a later view moves `viewedAt`). Unknown id: 404. **Off the shelf: code 2002 `该商品已下架` with the same `GoodsDetail` as data (`onSale: false`, every SKU stock 0)**: the detail page shows it greyed with buying disabled, and order/collect pages can still show name and picture; no footprint is recorded',
      querystring: GoodsIdQuery,
    },
    handler: async (req) => viewGoods(db, req.query.id, req.member?.id ?? null, cache),
  })

  app.get('/api/goods/commentList', {
    config: { auth: 'optional' },
    schema: {
      description: '`Page<GoodsComment>` plus `count`, `withImageCount`; newest first; anonymous reviews show a masked nickname (`小***美`) and no avatar; `followUp` carries the additional review',
      querystring: CommentListQuery,
    },
    handler: async (req) => {
      const { goodsId, hasImage, page = 1, pageSize = 20 } = req.query
      return commentList(db, goodsId, hasImage === 1, page, pageSize)
    },
  })

  app.post('/api/goods/collect', {
    schema: {
      description: '`{collected: true}`; idempotent; unknown goods 404',
      body: CollectRequest,
    },
    handler: async (req) => collect(db, memberId(req), req.body.goodsId),
  })

  app.post('/api/goods/uncollect', {
    schema: {
      description: "`{removed}`; only the caller's own rows",
      body: UncollectRequest,
    },
    handler: async (req) => uncollect(db, memberId(req), req.body.goodsIds),
  })

  app.get('/api/goods/collectList', {
    schema: {
      description: '`Page<CollectItem>` `{id, goodsId, createdAt, goods}` newest first',
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20 } = req.query
      return collectList(db, memberId(req), page, pageSize)
    },
  })

  app.get('/api/goods/footprintList', {
    schema: {
      description: '`Page<FootprintItem>` `{id, goodsId, day (YYYY-MM-DD, China time), viewedAt, goods}` newest first; the client groups by `day`',
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20 } = req.query
      return footprintList(db, memberId(req), page, pageSize)
    },
  })

  app.post('/api/goods/deleteFootprints', {
    schema: {
      description: "`{deleted}`; only the caller's own rows; none of the three: 400. Request: `{ids: number[]}` or `{day: 'YYYY-MM-DD'}` or `{all: true}`.",
      body: DeleteFootprintsRequest,
    },
    handler: async (req) => deleteFootprints(db, memberId(req), req.body),
  })
}
