import { sql, type Expression, type SqlBool } from 'kysely'
import type { Db } from '../../db/types'
import { dialectOf } from '../../db'
import { noReadCache, type ReadCache } from '../../services/readCache'
import type { GoodsCard, GoodsSearchPage, GoodsSearchQuery, GoodsSort } from '../../../../types/goods'
import { SEARCH_TOTAL_CAP, SUGGEST_LIMIT } from '../../../../types/goods'
import { pageWindow } from '../../db/paging'
import { CARD_COLUMNS, categoryIds, toCard, type CardRow } from './service'
import { escapeLike, keywordMatch, normaliseKeyword } from './keyword'
import { countSearchTerm, isCatalogueWord } from './hotWords'

// ---------------------------------------------------------------- search

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
