import { sql, type Expression, type SqlBool } from 'kysely'
import type { Db } from '../../db/types'
import type { Cache } from '../../context'
import { dialectOf } from '../../db'
import { AppError, ErrorCode, notFound } from '../../errors'
import type {
  Brand,
  CategoryNode,
  CollectItem,
  CommentPage,
  CommentSummary,
  FootprintItem,
  GoodsCard,
  GoodsComment,
  GoodsDetail,
  GoodsSort,
  Sku,
  SpecGroup,
} from '../../../../types/goods'
import type { Page } from '../../../../types/envelope'
import './tables'

const DAY_MS = 86400_000
/** The shop's days are China days (UTC+8, no daylight saving). */
const CHINA_OFFSET_MS = 8 * 3600_000
export const chinaDay = (t: number = Date.now()) => new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 10)

/** Columns a goods card needs. */
export const CARD_COLUMNS = [
  'goods.id',
  'goods.name',
  'goods.subtitle',
  'goods.mainImage',
  'goods.price',
  'goods.originalPrice',
  'goods.sales',
  'goods.tags',
  'goods.isHot',
  'goods.isNew',
  'goods.status',
  'goods.stock',
] as const

export interface CardRow {
  id: number
  name: string
  subtitle: string
  mainImage: string
  price: number
  originalPrice: number
  sales: number
  tags: string
  isHot: number
  isNew: number
  status: 'on' | 'off'
  stock: number
}

export const toCard = (r: CardRow): GoodsCard => ({
  id: r.id,
  name: r.name,
  subtitle: r.subtitle,
  mainImage: r.mainImage,
  price: Number(r.price),
  originalPrice: Number(r.originalPrice),
  sales: Number(r.sales),
  tags: r.tags ? r.tags.split(',').filter(Boolean) : [],
  isHot: !!r.isHot,
  isNew: !!r.isNew,
  status: r.status,
  stock: Number(r.stock),
})

const parseJson = <T>(s: string | null | undefined, d: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : d
  } catch {
    return d
  }
}

const paging = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize })

// ---------------------------------------------------------------- categories and brands

export async function categoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db.selectFrom('categories').select(['id', 'parentId', 'name', 'icon']).orderBy('sort').orderBy('id').execute()
  const tops: CategoryNode[] = rows.filter((r) => !r.parentId).map((r) => ({ ...r, children: [] }))
  const byId = new Map(tops.map((t) => [t.id, t]))
  for (const r of rows) if (r.parentId) byId.get(r.parentId)?.children.push({ ...r, children: [] })
  return tops
}

/** The category and, for a top category, its sub-categories. */
async function categoryIds(db: Db, id: number): Promise<number[]> {
  const rows = await db.selectFrom('categories').select('id').where((eb) => eb.or([eb('id', '=', id), eb('parentId', '=', id)])).execute()
  return rows.map((r) => r.id)
}

export async function listBrands(db: Db, exclusiveOnly = false): Promise<Brand[]> {
  let q = db
    .selectFrom('brands')
    .leftJoin('goods', (j) => j.onRef('goods.brandId', '=', 'brands.id').on('goods.status', '=', 'on'))
    .select(['brands.id', 'brands.name', 'brands.logo', 'brands.intro', 'brands.isExclusive', 'brands.sort'])
    .select((eb) => eb.fn.count<number>('goods.id').as('goodsCount'))
    .groupBy(['brands.id', 'brands.name', 'brands.logo', 'brands.intro', 'brands.isExclusive', 'brands.sort'])
    .orderBy('brands.sort')
    .orderBy('brands.id')
  if (exclusiveOnly) q = q.where('brands.isExclusive', '=', 1)
  const rows = await q.execute()
  return rows.map((r) => ({ id: r.id, name: r.name, logo: r.logo, intro: r.intro, isExclusive: !!r.isExclusive, goodsCount: Number(r.goodsCount) }))
}

// ---------------------------------------------------------------- search

export const SEARCH_SORTS = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const

/** Escapes LIKE wildcards (and the escape character) for a pattern with ESCAPE '\'. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Trims, collapses blanks, caps at 32 characters. */
export const normaliseKeyword = (s: string | undefined | null) =>
  [...String(s ?? '').trim().replace(/\s+/g, ' ')].slice(0, 32).join('')

/**
 * Substring match on goods names (and brand names).
 * SQLite: the FTS5 trigram table answers `LIKE '%kw%'` from its index, but only for a pattern with at
 * least 3 characters and without an ESCAPE clause (with ESCAPE it scans the whole table). So the index
 * narrows the rows with the longest wildcard-free piece of the keyword when that piece has 3+ characters,
 * and `instr()` on the goods name checks the whole keyword literally (no wildcard can leak in). Shorter
 * keywords use `instr()` alone, which is a plain scan of the on-shelf goods.
 * PostgreSQL: `ILIKE '%kw%'` with % _ \ escaped, which the pg_trgm GIN index serves.
 */
function keywordFilter(db: Db, kw: string): Expression<SqlBool> {
  if (dialectOf(db) === 'postgres') {
    const pattern = `%${escapeLike(kw)}%`
    return sql<SqlBool>`(goods.name ILIKE ${pattern} OR goods.brand_id IN (SELECT id FROM brands WHERE name ILIKE ${pattern}))`
  }
  const lower = kw.toLowerCase()
  const piece = kw.split(/[%_\\]/).reduce((a, b) => ([...b].length > [...a].length ? b : a), '')
  const nameMatch =
    [...piece].length >= 3
      ? sql<SqlBool>`(goods.id IN (SELECT rowid FROM goods_fts WHERE goods_fts.name LIKE ${`%${piece}%`}) AND instr(lower(goods.name), ${lower}) > 0)`
      : sql<SqlBool>`instr(lower(goods.name), ${lower}) > 0`
  return sql<SqlBool>`(${nameMatch} OR goods.brand_id IN (SELECT id FROM brands WHERE instr(lower(name), ${lower}) > 0))`
}

export interface SearchInput {
  keyword?: string
  categoryId?: number
  brandId?: number
  sort?: GoodsSort
  page: number
  pageSize: number
}

export async function searchGoods(db: Db, input: SearchInput): Promise<Page<GoodsCard>> {
  const kw = normaliseKeyword(input.keyword)
  let q = db.selectFrom('goods').where('goods.status', '=', 'on')
  if (kw) q = q.where(keywordFilter(db, kw))
  if (input.categoryId) {
    const ids = await categoryIds(db, input.categoryId)
    if (!ids.length) return { list: [], total: 0, page: input.page, pageSize: input.pageSize }
    q = q.where('goods.categoryId', 'in', ids)
  }
  if (input.brandId) q = q.where('goods.brandId', '=', input.brandId)
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const total = Number(count?.n || 0)
  let rows = q.select(CARD_COLUMNS)
  switch (input.sort || 'default') {
    case 'sales':
      rows = rows.orderBy('goods.sales', 'desc').orderBy('goods.id', 'desc')
      break
    case 'price_asc':
      rows = rows.orderBy('goods.price', 'asc').orderBy('goods.id', 'asc')
      break
    case 'price_desc':
      rows = rows.orderBy('goods.price', 'desc').orderBy('goods.id', 'desc')
      break
    case 'newest':
      rows = rows.orderBy('goods.createdAt', 'desc').orderBy('goods.id', 'desc')
      break
    default:
      rows = rows.orderBy('goods.isHot', 'desc').orderBy('goods.sales', 'desc').orderBy('goods.id', 'desc')
  }
  const { limit, offset } = paging(input.page, input.pageSize)
  const list = total > offset ? (await rows.limit(limit).offset(offset).execute()).map(toCard) : []
  if (kw && input.page === 1 && total > 0 && !input.categoryId && !input.brandId) await recordSearchTerm(db, kw)
  return { list, total, page: input.page, pageSize: input.pageSize }
}

/** Counts a keyword that found goods (only such terms can become hot words). */
async function recordSearchTerm(db: Db, term: string) {
  if ([...term].length > 16) return
  const t = Date.now()
  await db
    .insertInto('searchTerms')
    .values({ term, count: 1, updatedAt: t })
    .onConflict((oc) => oc.column('term').doUpdateSet((eb) => ({ count: eb('searchTerms.count', '+', 1), updatedAt: t })))
    .execute()
}

export async function hotWords(db: Db, limit = 10): Promise<string[]> {
  const rows = await db.selectFrom('searchTerms').select('term').orderBy('count', 'desc').orderBy('updatedAt', 'desc').limit(limit).execute()
  return rows.map((r) => r.term)
}

// ---------------------------------------------------------------- guess you like

export const GUESS_WEIGHTS_TTL_S = 30 * 60
const guessKey = (memberId: number) => `goods:guess:${memberId}`

/**
 * Interest per sub-category from the member's footprints (last 30 days, 1 per goods and day) and
 * collects (3 each). A sub-category's weight is 3 × its own interest plus the interest of its top
 * category, so goods next to what the member looked at come right after it.
 */
export async function interestWeights(db: Db, memberId: number): Promise<Record<number, number>> {
  const since = chinaDay(Date.now() - 30 * DAY_MS)
  const seen = await db
    .selectFrom('footprints')
    .innerJoin('goods', 'goods.id', 'footprints.goodsId')
    .select(['goods.categoryId'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('footprints.memberId', '=', memberId)
    .where('footprints.day', '>=', since)
    .groupBy('goods.categoryId')
    .execute()
  const liked = await db
    .selectFrom('collects')
    .innerJoin('goods', 'goods.id', 'collects.goodsId')
    .select(['goods.categoryId'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('collects.memberId', '=', memberId)
    .groupBy('goods.categoryId')
    .execute()
  const own = new Map<number, number>()
  for (const r of seen) own.set(r.categoryId, (own.get(r.categoryId) || 0) + Number(r.n))
  for (const r of liked) own.set(r.categoryId, (own.get(r.categoryId) || 0) + 3 * Number(r.n))
  if (!own.size) return {}
  const cats = await db.selectFrom('categories').select(['id', 'parentId']).execute()
  const parentOf = new Map(cats.map((c) => [c.id, c.parentId || c.id]))
  const topInterest = new Map<number, number>()
  for (const [c, n] of own) topInterest.set(parentOf.get(c) ?? c, (topInterest.get(parentOf.get(c) ?? c) || 0) + n)
  const weights: Record<number, number> = {}
  for (const c of cats) {
    const w = 3 * (own.get(c.id) || 0) + (topInterest.get(parentOf.get(c.id) ?? c.id) || 0)
    if (w > 0) weights[c.id] = Math.round(w)
  }
  return weights
}

/**
 * Goods for "猜你喜欢". A member's list is ordered by interest weight, then sales, then id; visitors get
 * sales order. The order is total (id breaks ties) and a member's weights are taken on page 1 and kept
 * for 30 minutes, so the pages of one scroll never repeat a goods even while the member browses.
 */
export async function guessYouLike(db: Db, cache: Cache, memberId: number | null, page: number, pageSize: number): Promise<Page<GoodsCard>> {
  let weights: Record<number, number> = {}
  if (memberId) {
    const cached = page > 1 ? await cache.get(guessKey(memberId)) : null
    if (cached) weights = parseJson<Record<number, number>>(cached, {})
    else {
      weights = await interestWeights(db, memberId)
      await cache.set(guessKey(memberId), JSON.stringify(weights), GUESS_WEIGHTS_TTL_S)
    }
  }
  const base = db.selectFrom('goods').where('goods.status', '=', 'on')
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const total = Number(count?.n || 0)
  let q = base.select(CARD_COLUMNS)
  const entries = Object.entries(weights)
    .map(([c, w]) => [Math.trunc(Number(c)), Math.trunc(Number(w))] as const)
    .filter(([c, w]) => Number.isFinite(c) && Number.isFinite(w) && w > 0)
  if (entries.length) {
    const score = sql`CASE goods.category_id ${sql.join(
      entries.map(([c, w]) => sql`WHEN ${sql.lit(c)} THEN ${sql.lit(w)}`),
      sql` `,
    )} ELSE 0 END`
    q = q.orderBy(score, 'desc')
  }
  q = q.orderBy('goods.sales', 'desc').orderBy('goods.id', 'desc')
  const { limit, offset } = paging(page, pageSize)
  const list = total > offset ? (await q.limit(limit).offset(offset).execute()).map(toCard) : []
  return { list, total, page, pageSize }
}

// ---------------------------------------------------------------- detail and reviews

/** "小美" → "小***美": anonymous reviews never show the nickname. */
export function maskNickname(name: string | null | undefined): string {
  const chars = [...String(name || '').trim()]
  if (!chars.length) return '匿***户'
  if (chars.length === 1) return `${chars[0]}***`
  return `${chars[0]}***${chars[chars.length - 1]}`
}

interface ReviewRow {
  id: number
  memberId: number
  rating: number
  content: string
  images: string
  anonymous: number
  specText: string
  createdAt: number
  nickname: string | null
  avatar: string | null
}

async function toComments(db: Db, rows: ReviewRow[]): Promise<GoodsComment[]> {
  if (!rows.length) return []
  const followUps = await db
    .selectFrom('goodsReviews')
    .select(['parentId', 'content', 'images', 'createdAt'])
    .where('parentId', 'in', rows.map((r) => r.id))
    .orderBy('createdAt')
    .execute()
  const byParent = new Map<number, { content: string; images: string[]; createdAt: number }>()
  for (const f of followUps) if (f.parentId && !byParent.has(f.parentId)) byParent.set(f.parentId, { content: f.content, images: parseJson<string[]>(f.images, []), createdAt: Number(f.createdAt) })
  return rows.map((r) => ({
    id: r.id,
    nickname: r.anonymous ? maskNickname(r.nickname) : r.nickname || '用户',
    avatar: r.anonymous ? '' : r.avatar || '',
    anonymous: !!r.anonymous,
    rating: r.rating,
    content: r.content,
    images: parseJson<string[]>(r.images, []),
    specText: r.specText,
    createdAt: Number(r.createdAt),
    followUp: byParent.get(r.id) || null,
  }))
}

const reviewQuery = (db: Db, goodsId: number) =>
  db
    .selectFrom('goodsReviews')
    .leftJoin('members', 'members.id', 'goodsReviews.memberId')
    .where('goodsReviews.goodsId', '=', goodsId)
    .where('goodsReviews.parentId', 'is', null)

const REVIEW_COLUMNS = [
  'goodsReviews.id',
  'goodsReviews.memberId',
  'goodsReviews.rating',
  'goodsReviews.content',
  'goodsReviews.images',
  'goodsReviews.anonymous',
  'goodsReviews.specText',
  'goodsReviews.createdAt',
  'members.nickname',
  'members.avatar',
] as const

async function reviewCounts(db: Db, goodsId: number) {
  const row = await db
    .selectFrom('goodsReviews')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(eb.case().when('rating', '>=', 4).then(1).else(0).end()).as('good'),
      eb.fn.sum<number>(eb.case().when('images', '<>', '[]').then(1).else(0).end()).as('withImage'),
    ])
    .where('goodsId', '=', goodsId)
    .where('parentId', 'is', null)
    .executeTakeFirst()
  return { count: Number(row?.count || 0), good: Number(row?.good || 0), withImage: Number(row?.withImage || 0) }
}

export async function commentSummary(db: Db, goodsId: number): Promise<CommentSummary> {
  const c = await reviewCounts(db, goodsId)
  // The two latest reviews, those with images first.
  const rows = await reviewQuery(db, goodsId)
    .select(REVIEW_COLUMNS)
    .orderBy((eb) => eb.case().when('goodsReviews.images', '<>', '[]').then(1).else(0).end(), 'desc')
    .orderBy('goodsReviews.createdAt', 'desc')
    .orderBy('goodsReviews.id', 'desc')
    .limit(2)
    .execute()
  return {
    count: c.count,
    withImageCount: c.withImage,
    goodRate: c.count ? Math.round((c.good * 100) / c.count) : 100,
    latest: await toComments(db, rows as ReviewRow[]),
  }
}

export async function commentList(db: Db, goodsId: number, hasImage: boolean, page: number, pageSize: number): Promise<CommentPage> {
  const exists = await db.selectFrom('goods').select('id').where('id', '=', goodsId).executeTakeFirst()
  if (!exists) throw notFound('商品不存在')
  const c = await reviewCounts(db, goodsId)
  let q = reviewQuery(db, goodsId)
  if (hasImage) q = q.where('goodsReviews.images', '<>', '[]')
  const total = hasImage ? c.withImage : c.count
  const { limit, offset } = paging(page, pageSize)
  const rows =
    total > offset
      ? await q.select(REVIEW_COLUMNS).orderBy('goodsReviews.createdAt', 'desc').orderBy('goodsReviews.id', 'desc').limit(limit).offset(offset).execute()
      : []
  return { list: await toComments(db, rows as ReviewRow[]), total, page, pageSize, count: c.count, withImageCount: c.withImage }
}

/** Full goods with SKUs, brand, category, review summary and the member's collect flag. Throws 404 if unknown. */
export async function goodsDetail(db: Db, id: number, memberId: number | null): Promise<GoodsDetail> {
  const g = await db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst()
  if (!g) throw notFound('商品不存在')
  const [skus, brand, category, comments, collected] = await Promise.all([
    db.selectFrom('goodsSkus').select(['id', 'specs', 'specText', 'price', 'originalPrice', 'stock', 'image']).where('goodsId', '=', id).orderBy('id').execute(),
    g.brandId ? db.selectFrom('brands').select(['id', 'name', 'logo', 'isExclusive']).where('id', '=', g.brandId).executeTakeFirst() : Promise.resolve(undefined),
    db.selectFrom('categories').select(['id', 'name', 'parentId']).where('id', '=', g.categoryId).executeTakeFirst(),
    commentSummary(db, id),
    memberId ? db.selectFrom('collects').select('id').where('memberId', '=', memberId).where('goodsId', '=', id).executeTakeFirst() : Promise.resolve(undefined),
  ])
  const onSale = g.status === 'on'
  return {
    ...toCard(g as unknown as CardRow),
    images: parseJson<string[]>(g.images, []),
    detailHtml: g.detailHtml,
    specGroups: parseJson<SpecGroup[]>(g.specGroups, []),
    skus: skus.map(
      (s): Sku => ({
        id: s.id,
        specs: parseJson<Record<string, string>>(s.specs, {}),
        specText: s.specText,
        price: Number(s.price),
        originalPrice: Number(s.originalPrice),
        // Off the shelf: nothing can be bought, whatever the rows say.
        stock: onSale ? Number(s.stock) : 0,
        image: s.image,
      }),
    ),
    brand: brand ? { id: brand.id, name: brand.name, logo: brand.logo, isExclusive: !!brand.isExclusive } : null,
    category: category ? { id: category.id, name: category.name, parentId: category.parentId } : { id: g.categoryId, name: '', parentId: 0 },
    comments,
    collected: !!collected,
    onSale,
  }
}

/**
 * The detail call: records the member's footprint and answers the goods. Off the shelf it refuses with
 * GOODS_OFF_SHELF and still carries the goods (stock 0) as data, so an order or collect page can show
 * what it was; no footprint is recorded then.
 */
export async function viewGoods(db: Db, id: number, memberId: number | null): Promise<GoodsDetail> {
  const detail = await goodsDetail(db, id, memberId)
  if (!detail.onSale) throw new AppError(ErrorCode.GOODS_OFF_SHELF, '该商品已下架', detail)
  if (memberId) await recordFootprint(db, memberId, id)
  return detail
}

// ---------------------------------------------------------------- footprints

/** One row per member, goods and China day; a later view the same day moves viewed_at. */
export async function recordFootprint(db: Db, memberId: number, goodsId: number, t: number = Date.now()) {
  await db
    .insertInto('footprints')
    .values({ memberId, goodsId, day: chinaDay(t), viewedAt: t })
    .onConflict((oc) => oc.columns(['memberId', 'goodsId', 'day']).doUpdateSet({ viewedAt: t }))
    .execute()
}

export async function footprintList(db: Db, memberId: number, page: number, pageSize: number): Promise<Page<FootprintItem>> {
  const base = db.selectFrom('footprints').where('footprints.memberId', '=', memberId)
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const total = Number(count?.n || 0)
  const { limit, offset } = paging(page, pageSize)
  const rows =
    total > offset
      ? await base
          .innerJoin('goods', 'goods.id', 'footprints.goodsId')
          .select(['footprints.id as footprintId', 'footprints.goodsId', 'footprints.day', 'footprints.viewedAt', ...CARD_COLUMNS])
          .orderBy('footprints.viewedAt', 'desc')
          .orderBy('footprints.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      : []
  return {
    list: rows.map((r) => ({ id: r.footprintId, goodsId: r.goodsId, day: r.day, viewedAt: Number(r.viewedAt), goods: toCard(r as unknown as CardRow) })),
    total,
    page,
    pageSize,
  }
}

export async function deleteFootprints(db: Db, memberId: number, input: { ids?: number[]; day?: string; all?: boolean }) {
  let q = db.deleteFrom('footprints').where('memberId', '=', memberId)
  if (input.ids?.length) q = q.where('id', 'in', input.ids)
  else if (input.day) q = q.where('day', '=', input.day)
  else if (input.all !== true) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要删除的足迹')
  const res = await q.executeTakeFirst()
  return { deleted: Number(res.numDeletedRows) }
}

// ---------------------------------------------------------------- collects

export async function collect(db: Db, memberId: number, goodsId: number) {
  const g = await db.selectFrom('goods').select('id').where('id', '=', goodsId).executeTakeFirst()
  if (!g) throw notFound('商品不存在')
  await db
    .insertInto('collects')
    .values({ memberId, goodsId, createdAt: Date.now() })
    .onConflict((oc) => oc.columns(['memberId', 'goodsId']).doNothing())
    .execute()
  return { collected: true }
}

export async function uncollect(db: Db, memberId: number, goodsIds: number[]) {
  const res = await db.deleteFrom('collects').where('memberId', '=', memberId).where('goodsId', 'in', goodsIds).executeTakeFirst()
  return { removed: Number(res.numDeletedRows) }
}

export async function collectList(db: Db, memberId: number, page: number, pageSize: number): Promise<Page<CollectItem>> {
  const base = db.selectFrom('collects').where('collects.memberId', '=', memberId)
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const total = Number(count?.n || 0)
  const { limit, offset } = paging(page, pageSize)
  const rows =
    total > offset
      ? await base
          .innerJoin('goods', 'goods.id', 'collects.goodsId')
          .select(['collects.id as collectId', 'collects.goodsId', 'collects.createdAt', ...CARD_COLUMNS])
          .orderBy('collects.createdAt', 'desc')
          .orderBy('collects.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      : []
  return {
    list: rows.map((r) => ({ id: r.collectId, goodsId: r.goodsId, createdAt: Number(r.createdAt), goods: toCard(r as unknown as CardRow) })),
    total,
    page,
    pageSize,
  }
}

/** Cards for given ids in the given order (other modules: cart, orders, agent goods). */
export async function cardsByIds(db: Db, ids: number[]): Promise<GoodsCard[]> {
  if (!ids.length) return []
  const rows = await db.selectFrom('goods').select(CARD_COLUMNS).where('goods.id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, toCard(r as CardRow)]))
  return ids.map((id) => byId.get(id)).filter((x): x is GoodsCard => !!x)
}
