import type { Db } from '../../db/types'
import type { Brand, CategoryNode, GoodsCard } from '../../../../types/goods'
import './tables'

/**
 * The goods module's shared core: the goods card (columns, row, card), JSON columns, categories and brands.
 * The shop's other goods reads each have a file of the module: keyword.ts (the name rule), search.ts (search and
 * suggestions), hotWords.ts, recommend.ts (猜你喜欢), detail.ts, reviews.ts (the review read side),
 * footprints.ts, collects.ts.
 */

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

/** A JSON column, or the default when it is empty or not JSON. */
export const parseJson = <T>(s: string | null | undefined, d: T): T => {
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
export async function categoryIds(db: Db, id: number): Promise<number[]> {
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

/** Cards for given ids in the given order (other modules: cart, orders, agent goods). */
export async function cardsByIds(db: Db, ids: number[]): Promise<GoodsCard[]> {
  if (!ids.length) return []
  const rows = await db.selectFrom('goods').select(CARD_COLUMNS).where('goods.id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, toCard(r as CardRow)]))
  return ids.map((id) => byId.get(id)).filter((x): x is GoodsCard => !!x)
}
