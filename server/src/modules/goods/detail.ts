import type { Db } from '../../db/types'
import { noReadCache, type ReadCache } from '../../services/readCache'
import { AppError, ErrorCode, notFound } from '../../errors'
import type { GoodsDetail, Sku, SpecGroup } from '../../../../types/goods'
import { boughtUnits } from '../order/limits'
import { parseJson, toCard, type CardRow } from './service'
import { commentSummary } from './reviews'
import { recordFootprint } from './footprints'

// ---------------------------------------------------------------- detail

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
