import { sql } from 'kysely'
import type { Db } from '../../db/types'
import type { Cache } from '../../context'
import type { GoodsCard } from '../../../../types/goods'
import type { Page } from '../../../../types/envelope'
import { chinaDay, DAY_MS } from '../../services/chinaTime'
import { pageWindow } from '../../db/paging'
import { CARD_COLUMNS, parseJson, toCard } from './service'

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
