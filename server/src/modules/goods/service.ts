import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { Db } from '../../db/types'
import type { Cache } from '../../context'
import { dialectOf } from '../../db'
import { noReadCache, type ReadCache } from '../../services/readCache'
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
  GoodsSearchPage,
  GoodsSearchQuery,
  GoodsSort,
  Sku,
  SpecGroup,
} from '../../../../types/goods'
import { SEARCH_TOTAL_CAP, SUGGEST_LIMIT } from '../../../../types/goods'
import type { Page } from '../../../../types/envelope'
import './tables'
import { chinaDay } from '../../services/chinaTime'
import { pageWindow } from '../../db/paging'
import { boughtUnits } from '../order/limits'

const DAY_MS = 86400_000

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
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', id), eb('parentId', '=', id)]))
    .execute()
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

/** Escapes LIKE wildcards (and the escape character) for a pattern with ESCAPE '\'. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const BLANK = /\s/

/** Trims, collapses blanks, caps at 32 characters. */
export const normaliseKeyword = (s: string | undefined | null) => {
  const t = String(s ?? '')
  // Most keywords are already normal (no blank, at most 32 UTF-16 units): every search passes here.
  if (t.length <= 32 && !BLANK.test(t)) return t
  return [...t.trim().replace(/\s+/g, ' ')].slice(0, 32).join('')
}

/**
 * How a keyword matches goods: `check` is the exact rule (a literal, case-insensitive substring of the
 * name), evaluated row by row; `indexed` narrows the goods to a superset of the name matches through an
 * index, or is null when no index serves the keyword (one character).
 * SQLite: the FTS5 trigram table answers `LIKE '%piece%'` from its index, but only for a piece with at
 * least 3 characters and without an ESCAPE clause (with ESCAPE it scans the whole table), so it takes the
 * longest wildcard-free piece of the keyword; otherwise the goods_bigrams side table (migration 011) gives
 * the goods whose name holds the keyword's first two characters. `instr()` checks the whole keyword
 * literally (no wildcard can leak in).
 * PostgreSQL: `ILIKE '%kw%'` with % _ \ escaped, which the pg_trgm GIN index serves for 3+ characters;
 * two characters go through the bigram GIN index: `goods_bigrams(name) @> ARRAY[kw]`.
 */
export function keywordMatch(db: Db, kw: string): KeywordMatch {
  const chars = [...kw.toLowerCase()]
  if (dialectOf(db) === 'postgres') {
    const check = sql<SqlBool>`goods.name ILIKE ${`%${escapeLike(kw)}%`}`
    if (chars.length >= 3) return { check, indexed: null } // the trigram index serves ILIKE itself
    if (chars.length === 2) return { check, indexed: sql<SqlBool>`goods_bigrams(goods.name) @> ARRAY[lower(${kw})]::text[]` }
    return { check, indexed: null }
  }
  const lower = kw.toLowerCase()
  const check = sql<SqlBool>`instr(lower(goods.name), ${lower}) > 0`
  const piece = kw.split(/[%_\\]/).reduce((a, b) => ([...b].length > [...a].length ? b : a), '')
  const source =
    [...piece].length >= 3
      ? sql<{ id: number }>`(SELECT rowid AS id FROM goods_fts WHERE goods_fts.name LIKE ${`%${piece}%`})`
      : chars.length >= 2
        ? sql<{ id: number }>`(SELECT goods_id AS id FROM goods_bigrams WHERE gram = ${chars[0] + chars[1]})`
        : null
  return { check, indexed: source ? sql<SqlBool>`goods.id IN ${source}` : null, source }
}

interface KeywordMatch {
  /** The exact rule, evaluated row by row. */
  check: Expression<SqlBool>
  /** A condition an index answers, true for every goods the name rule matches (null: none, or `check` is indexed itself). */
  indexed: Expression<SqlBool> | null
  /** SQLite: the indexed candidates as a row source (id) to join, which streams (an IN list is built whole first). */
  source?: RawBuilder<{ id: number }> | null
}

/** Brands whose name holds the keyword (a small table: looked up first, so the goods query can use its indexes). */
async function brandIdsMatching(db: Db, kw: string): Promise<number[]> {
  const q = db.selectFrom('brands').select('id')
  const rows =
    dialectOf(db) === 'postgres' ? await q.where(sql<SqlBool>`name ILIKE ${`%${escapeLike(kw)}%`}`).execute() : await q.where(sql<SqlBool>`instr(lower(name), ${kw.toLowerCase()}) > 0`).execute()
  return rows.map((r) => r.id)
}

/** The search query (types/goods.ts) with its paging defaults applied. */
export type SearchInput = GoodsSearchQuery & { page: number; pageSize: number }

/** The search orders; id breaks ties, so pages never repeat a goods. */
function orderSearch<Q extends { orderBy: (...a: any[]) => any }>(q: Q, t: 'goods' | 'm', sort: GoodsSort | undefined): Q {
  const col = (c: string) => sql.ref(`${t}.${c}`)
  const by = (...keys: Array<[string, 'asc' | 'desc']>) => keys.reduce((acc: any, [c, d]) => acc.orderBy(col(c), d), q) as Q
  switch (sort || 'default') {
    case 'sales':
      return by(['sales', 'desc'], ['id', 'desc'])
    case 'price_asc':
      return by(['price', 'asc'], ['id', 'asc'])
    case 'price_desc':
      return by(['price', 'desc'], ['id', 'desc'])
    case 'newest':
      return by(['created_at', 'desc'], ['id', 'desc'])
    default:
      return by(['is_hot', 'desc'], ['sales', 'desc'], ['id', 'desc'])
  }
}

/**
 * Goods search. The count stops at SEARCH_TOTAL_CAP + 1 matches, which also picks the plan for the page:
 * - up to the cap, the matches come from the name index (trigram / bigram) and are sorted: a few hundred rows;
 * - past the cap (a common word), the goods are walked in the order of the sort's index and checked one by
 *   one: with more than 1 % of the shop matching, a page is found after a few thousand rows at most.
 * Either way no query reads every match of a common word, so the time does not grow with the catalogue.
 */
export function searchGoods(db: Db, input: SearchInput, cache: ReadCache = noReadCache): GoodsSearchPage | Promise<GoodsSearchPage> {
  const kw = normaliseKeyword(input.keyword)
  // The keyword last: the other parts (numbers, a sort name) hold no ':', so any keyword makes a key of its own.
  const key = `goods:search:${input.categoryId || 0}:${input.brandId || 0}:${input.sort || 'default'}:${input.page}:${input.pageSize}:${kw}`
  // A page the read cache already holds is returned as it is, not in a promise: the route sends it in this tick.
  const ready = cache.peek<GoodsSearchPage>(key)
  if (ready) return countFound(db, input, kw, ready)
  return cache.get(key, () => findGoods(db, { ...input, keyword: kw })).then((page) => countFound(db, input, kw, page))
}

/** Counts the keyword of a first page that found goods, without a category or brand filter (hot words); returns the page. */
function countFound(db: Db, input: SearchInput, kw: string, page: GoodsSearchPage) {
  if (kw && input.page === 1 && (page.total > 0 || page.totalCapped) && !input.categoryId && !input.brandId) countSearchTerm(db, kw)
  return page
}

/** The search itself (searchGoods adds the read cache and counts the term). */
export async function findGoods(db: Db, input: SearchInput): Promise<GoodsSearchPage> {
  const kw = normaliseKeyword(input.keyword)
  const empty = { list: [], total: 0, page: input.page, pageSize: input.pageSize, totalCapped: false }
  let q = db.selectFrom('goods').where('goods.status', '=', 'on')
  if (input.categoryId) {
    const ids = await categoryIds(db, input.categoryId)
    if (!ids.length) return empty
    q = q.where('goods.categoryId', 'in', ids)
  }
  if (input.brandId) q = q.where('goods.brandId', '=', input.brandId)
  // narrow: the matches through the name index (few rows); walk: the same rule checked row by row.
  let narrow = q
  let walk = q
  if (kw) {
    const m = keywordMatch(db, kw)
    const brandIds = await brandIdsMatching(db, kw)
    const name = m.indexed ? sql<SqlBool>`(${m.indexed} AND ${m.check})` : m.check
    const orBrand = (e: Expression<SqlBool>) => (brandIds.length ? sql<SqlBool>`(${e} OR goods.brand_id IN (${sql.join(brandIds)}))` : e)
    walk = walk.where(orBrand(m.check))
    if (brandIds.length) narrow = narrow.where(orBrand(name))
    else if (m.source) narrow = (narrow as any).innerJoin(m.source.as('hit'), (j: any) => j.onRef('hit.id', '=', 'goods.id')).where(m.check)
    else narrow = narrow.where(name)
  }
  const counted = await db
    .selectFrom(
      narrow
        .select(sql.lit(1).as('one'))
        .limit(SEARCH_TOTAL_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  const n = Number(counted?.n || 0)
  const totalCapped = n > SEARCH_TOTAL_CAP
  const total = Math.min(n, SEARCH_TOTAL_CAP)
  const { limit, offset } = pageWindow(input.page, input.pageSize)
  let list: GoodsCard[] = []
  if (offset < total) {
    const take = Math.min(limit, total - offset)
    if (totalCapped) {
      // Many matches: walk the goods in the order of the sort's index, checking each, until the page is full.
      const rows = await orderSearch(walk.select(CARD_COLUMNS), 'goods', input.sort).limit(take).offset(offset).execute()
      list = rows.map((r) => toCard(r as CardRow))
    } else {
      // At most SEARCH_TOTAL_CAP matches: take them through the name index first (materialised, so the
      // planner cannot prefer an index walk on a misjudged estimate), then sort them.
      const rows = await orderSearch(
        db
          .with(
            (cte) => cte('m').materialized(),
            () => narrow.select([...CARD_COLUMNS, 'goods.createdAt']) as any,
          )
          .selectFrom('m' as any)
          .selectAll(),
        'm',
        input.sort,
      )
        .limit(take)
        .offset(offset)
        .execute()
      list = rows.map((r) => toCard(r as CardRow))
    }
  }
  return { list, total, page: input.page, pageSize: input.pageSize, totalCapped }
}

// ---------------------------------------------------------------- suggestions while typing

/** How many goods names are read to pick the suggestions from (the best sellers that match). */
const SUGGEST_GOODS_ROWS = 30

/**
 * Suggestions while typing (at most SUGGEST_LIMIT): category and brand names, then searched terms (most searched
 * first), then names of on-sale goods (best sellers first) that hold the typed text, case-insensitively; within
 * each source those starting with it come first. Goods names are read only for 2+ characters, through the
 * name index (keywordMatch): one character has no index and would walk the catalogue. Kept in the read cache.
 */
export function suggest(db: Db, keyword: string, cache: ReadCache = noReadCache): Promise<string[]> {
  const kw = normaliseKeyword(keyword)
  if (!kw) return Promise.resolve([])
  return cache.get(`goods:suggest:${kw}`, () => findSuggestions(db, kw))
}

async function findSuggestions(db: Db, kw: string): Promise<string[]> {
  const lower = kw.toLowerCase()
  const holds = (col: string) => (dialectOf(db) === 'postgres' ? sql<SqlBool>`${sql.ref(col)} ILIKE ${`%${escapeLike(kw)}%`}` : sql<SqlBool>`instr(lower(${sql.ref(col)}), ${lower}) > 0`)
  const [categories, brands, terms] = await Promise.all([
    db.selectFrom('categories').select('name').where(holds('name')).orderBy('sort').orderBy('id').limit(SUGGEST_LIMIT).execute(),
    db.selectFrom('brands').select('name').where(holds('name')).orderBy('id').limit(SUGGEST_LIMIT).execute(),
    db
      .selectFrom('searchTerms')
      .select('term as name')
      .where(holds('term'))
      .orderBy('count', 'desc')
      .limit(SUGGEST_LIMIT * 4)
      .execute(),
  ])
  // Searched terms only when they still name the catalogue (not a fragment typed on the way, nor a word that found goods once).
  const termNames: Array<{ name: string }> = []
  for (const t of terms) {
    if (termNames.length >= SUGGEST_LIMIT / 2) break
    if (await isCatalogueWord(db, t.name)) termNames.push(t)
  }
  let goodsNames: Array<{ name: string }> = []
  if ([...kw].length >= 2) {
    const m = keywordMatch(db, kw)
    let q = db.selectFrom('goods').select('goods.name').where('goods.status', '=', 'on')
    if (m.source) q = (q as any).innerJoin(m.source.as('hit'), (j: any) => j.onRef('hit.id', '=', 'goods.id'))
    else if (m.indexed) q = q.where(m.indexed)
    goodsNames = await q.where(m.check).orderBy('goods.sales', 'desc').orderBy('goods.id', 'desc').limit(SUGGEST_GOODS_ROWS).execute()
  }
  const startsFirst = (rows: Array<{ name: string }>) => {
    const names = rows.map((r) => r.name.trim().replace(/\s+/g, ' '))
    return [...names.filter((n) => n.toLowerCase().startsWith(lower)), ...names.filter((n) => !n.toLowerCase().startsWith(lower))]
  }
  const out: string[] = []
  for (const name of [...startsFirst(categories), ...startsFirst(brands), ...startsFirst(termNames), ...startsFirst(goodsNames)]) {
    if (out.length >= SUGGEST_LIMIT) break
    if (name && name.toLowerCase() !== lower && !out.includes(name)) out.push(name)
  }
  return out
}

// ---------------------------------------------------------------- hot words

/** Search terms are counted in memory and written in one statement at most every SEARCH_TERM_FLUSH_MS. */
export const SEARCH_TERM_FLUSH_MS = 2000
const pendingTerms = new WeakMap<Db, { terms: Map<string, { count: number; at: number }>; timer: NodeJS.Timeout | null }>()

/** Counts a keyword that found goods (only such terms can become hot words). */
function countSearchTerm(db: Db, term: string) {
  if (term.length > 16 && [...term].length > 16) return
  let p = pendingTerms.get(db)
  if (!p) pendingTerms.set(db, (p = { terms: new Map(), timer: null }))
  const e = p.terms.get(term)
  if (e) {
    e.count += 1
    e.at = Date.now()
  } else p.terms.set(term, { count: 1, at: Date.now() })
  if (p.terms.size >= 500) void flushSearchTerms(db).catch(() => undefined)
  else if (!p.timer) {
    p.timer = setTimeout(() => void flushSearchTerms(db).catch(() => undefined), SEARCH_TERM_FLUSH_MS)
    p.timer.unref?.()
  }
}

/** Writes the counted search terms (hot words read them; the app flushes on close). */
export async function flushSearchTerms(db: Db) {
  const p = pendingTerms.get(db)
  if (!p) return
  if (p.timer) clearTimeout(p.timer)
  p.timer = null
  if (!p.terms.size) return
  const rows = [...p.terms].map(([term, e]) => ({ term, count: e.count, updatedAt: e.at }))
  p.terms = new Map()
  await db
    .insertInto('searchTerms')
    .values(rows)
    .onConflict((oc) => oc.column('term').doUpdateSet((eb) => ({ count: eb('searchTerms.count', '+', eb.ref('excluded.count')), updatedAt: eb.ref('excluded.updatedAt') })))
    .execute()
}

/**
 * Whether a search term names something of the catalogue as a whole: a category or brand name, or the end of a
 * word of an on-sale goods' name (names are words separated by spaces: brand, noun, style; a Chinese compound noun
 * ends with its head, so 空气炸锅 names 可视空气炸锅 and 猫粮 names 全价猫粮). A fragment typed or sent on its way to a
 * word ("连衣" of 碎花连衣裙, as load tests send it thousands of times) finds goods but is none of these. At least two
 * characters; a term of several words: each of them.
 */
export async function isCatalogueWord(db: Db, term: string): Promise<boolean> {
  const words = term.trim().split(/\s+/).filter(Boolean)
  if (!words.length || words.some((w) => [...w].length < 2)) return false
  for (const w of words) {
    const named =
      (await db.selectFrom('categories').select('id').where('name', '=', w).limit(1).executeTakeFirst()) ||
      (await db.selectFrom('brands').select('id').where('name', '=', w).limit(1).executeTakeFirst())
    if (named) continue
    const esc = escapeLike(w)
    const inName = await db
      .selectFrom('goods')
      .select('id')
      .where('status', '=', 'on')
      .where((eb) => eb.or([eb('name', 'like', sql<string>`${`%${esc}`} ESCAPE '\\'`), eb('name', 'like', sql<string>`${`%${esc} %`} ESCAPE '\\'`)]))
      .limit(1)
      .executeTakeFirst()
    if (!inName) return false
  }
  return true
}

/** How many of the most searched terms are looked at to find `limit` hot words. */
const HOT_WORD_CANDIDATES = 4

/** The most searched terms that are whole words of the catalogue (isCatalogueWord), most searched first. */
export async function hotWords(db: Db, limit = 10): Promise<string[]> {
  await flushSearchTerms(db)
  const rows = await db
    .selectFrom('searchTerms')
    .select('term')
    .orderBy('count', 'desc')
    .orderBy('updatedAt', 'desc')
    .limit(limit * HOT_WORD_CANDIDATES)
    .execute()
  const words: string[] = []
  for (const r of rows) {
    if (words.length >= limit) break
    if (await isCatalogueWord(db, r.term)) words.push(r.term)
  }
  return words
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
  const { limit, offset } = pageWindow(page, pageSize)
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
  reply: string
  repliedAt: number | null
  createdAt: number
  nickname: string | null
  avatar: string | null
}

async function toComments(db: Db, rows: ReviewRow[]): Promise<GoodsComment[]> {
  if (!rows.length) return []
  const followUps = await db
    .selectFrom('goodsReviews')
    .select(['parentId', 'content', 'images', 'createdAt'])
    .where(
      'parentId',
      'in',
      rows.map((r) => r.id),
    )
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
    reply: r.reply ? { content: r.reply, createdAt: Number(r.repliedAt) } : null,
  }))
}

const reviewQuery = (db: Db, goodsId: number) =>
  db
    .selectFrom('goodsReviews')
    .leftJoin('members', 'members.id', 'goodsReviews.memberId')
    .where('goodsReviews.goodsId', '=', goodsId)
    .where('goodsReviews.parentId', 'is', null)
    // A review the shop hid is not shown (nor counted) on the goods page.
    .where('goodsReviews.hidden', '=', 0)

const REVIEW_COLUMNS = [
  'goodsReviews.id',
  'goodsReviews.memberId',
  'goodsReviews.rating',
  'goodsReviews.content',
  'goodsReviews.images',
  'goodsReviews.anonymous',
  'goodsReviews.specText',
  'goodsReviews.reply',
  'goodsReviews.repliedAt',
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
    .where('hidden', '=', 0)
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
  const { limit, offset } = pageWindow(page, pageSize)
  const rows = total > offset ? await q.select(REVIEW_COLUMNS).orderBy('goodsReviews.createdAt', 'desc').orderBy('goodsReviews.id', 'desc').limit(limit).offset(offset).execute() : []
  return { list: await toComments(db, rows as ReviewRow[]), total, page, pageSize, count: c.count, withImageCount: c.withImage }
}

/** Full goods with SKUs, brand, category, review summary and the member's collect flag. Throws 404 if unknown. */
export async function goodsDetail(db: Db, id: number, memberId: number | null, cache: ReadCache = noReadCache): Promise<GoodsDetail> {
  const [shared, collected] = await Promise.all([
    cache.get(`goods:detail:${id}`, () => sharedDetail(db, id)),
    memberId ? db.selectFrom('collects').select('id').where('memberId', '=', memberId).where('goodsId', '=', id).executeTakeFirst() : Promise.resolve(undefined),
  ])
  // A visitor gets the shared object itself (collected is false there), whose JSON the envelope keeps.
  if (!memberId) return shared
  // 每人限购: what this member holds already (never in the shared, cached object).
  const bought = shared.perMemberLimit > 0 ? ((await boughtUnits(db, memberId, [id])).get(id) ?? 0) : 0
  return { ...shared, collected: !!collected, bought }
}

/** What every caller sees of a goods (collected: false); cached for visitors and members alike. */
async function sharedDetail(db: Db, id: number): Promise<GoodsDetail> {
  const g = await db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst()
  if (!g) throw notFound('商品不存在')
  const [skus, brand, category, comments] = await Promise.all([
    db.selectFrom('goodsSkus').select(['id', 'specs', 'specText', 'price', 'originalPrice', 'stock', 'image']).where('goodsId', '=', id).orderBy('id').execute(),
    g.brandId ? db.selectFrom('brands').select(['id', 'name', 'logo', 'isExclusive']).where('id', '=', g.brandId).executeTakeFirst() : Promise.resolve(undefined),
    db.selectFrom('categories').select(['id', 'name', 'parentId']).where('id', '=', g.categoryId).executeTakeFirst(),
    commentSummary(db, id),
  ])
  const onSale = g.status === 'on'
  return {
    ...toCard(g as unknown as CardRow),
    images: parseJson<string[]>(g.images, []),
    detailHtml: g.detailHtml,
    specGroups: parseJson<SpecGroup[]>(g.specGroups, []),
    skus: skus.map((s): Sku => ({
      id: s.id,
      specs: parseJson<Record<string, string>>(s.specs, {}),
      specText: s.specText,
      price: Number(s.price),
      originalPrice: Number(s.originalPrice),
      // Off the shelf: nothing can be bought, whatever the rows say.
      stock: onSale ? Number(s.stock) : 0,
      image: s.image,
    })),
    brand: brand ? { id: brand.id, name: brand.name, logo: brand.logo, isExclusive: !!brand.isExclusive } : null,
    category: category ? { id: category.id, name: category.name, parentId: category.parentId } : { id: g.categoryId, name: '', parentId: 0 },
    comments,
    collected: false,
    perMemberLimit: Number(g.perMemberLimit) || 0,
    minQuantity: Number(g.minQuantity) || 0,
    bought: 0,
    onSale,
  }
}

/**
 * The detail call: records the member's footprint and answers the goods. Off the shelf it refuses with
 * GOODS_OFF_SHELF and still carries the goods (stock 0) as data, so an order or collect page can show
 * what it was; no footprint is recorded then.
 */
export async function viewGoods(db: Db, id: number, memberId: number | null, cache: ReadCache = noReadCache): Promise<GoodsDetail> {
  const detail = await goodsDetail(db, id, memberId, cache)
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
  const { limit, offset } = pageWindow(page, pageSize)
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
  const { limit, offset } = pageWindow(page, pageSize)
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
