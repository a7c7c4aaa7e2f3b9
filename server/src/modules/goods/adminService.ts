import { sql, type SqlBool } from 'kysely'
import type { Conn, Db, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import '../../db/settingsTables'
import type { AuditEntry } from '../../admin/audit'
import { safeUrl, sanitizeArticleHtml } from '../article/sanitize'
import { keywordMatch, normaliseKeyword } from './keyword'
import { syncFreeShippingTags } from '../order/freight'
import { parseIds } from '../coupon/rules'
import type {
  AdminBrand,
  AdminCategory,
  AdminGoodsDetail,
  AdminGoodsPage,
  AdminGoodsQuery,
  BrandInput,
  CategoryInput,
  GoodsInput,
  GoodsPickQuery,
  GoodsPickReply,
  StockBody,
} from '../../../../types/adminGoods'
import { onPage, countRows, paged } from '../../db/paging'

/**
 * The console's catalogue rules. Writes take the transaction of the caller (the console's audited()) and
 * report what they changed through `log`, so the audit row commits with the change. The shop's read caches
 * (home, search, details) follow by themselves: any committed write to these tables moves the data version.
 */
type Log = (e: AuditEntry) => void

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

// ---------------------------------------------------------------- list

export async function adminGoodsList(db: Db, q: AdminGoodsQuery): Promise<AdminGoodsPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('goods')
  if (q.categoryId) {
    const children = await db.selectFrom('categories').select('id').where('parentId', '=', q.categoryId).execute()
    b = children.length ? b.where('goods.categoryId', 'in', [q.categoryId, ...children.map((c) => c.id)]) : b.where('goods.categoryId', '=', q.categoryId)
  }
  if (q.brandId) b = b.where('goods.brandId', '=', q.brandId)
  if (q.status) b = b.where('goods.status', '=', q.status)
  if (q.lowStock !== undefined) b = b.where('goods.stock', '<=', q.lowStock)
  const kw = normaliseKeyword(q.keyword)
  if (kw) {
    // The shop search's name rule and its index (trigram / bigram), or the goods id typed as the keyword.
    const m = keywordMatch(db, kw)
    const name = m.indexed ? sql<SqlBool>`(${m.indexed} AND ${m.check})` : m.check
    b = /^\d{1,9}$/.test(kw) ? b.where(sql<SqlBool>`(${name} OR goods.id = ${Number(kw)})`) : b.where(name)
  }
  // The page's ids first (an index walk in id order), then their rows with category and brand names: the joins
  // run for 20 rows, not for every match.
  const [ids, count] = await Promise.all([b.select('goods.id').orderBy('goods.id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(b)])
  const rows = ids.length
    ? await db
        .selectFrom('goods')
        .leftJoin('categories as c', 'c.id', 'goods.categoryId')
        .leftJoin('brands as br', 'br.id', 'goods.brandId')
        .select([
          'goods.id',
          'goods.name',
          'goods.mainImage',
          'goods.categoryId',
          'c.name as categoryName',
          'goods.brandId',
          'br.name as brandName',
          'goods.price',
          (eb) =>
            eb
              .selectFrom('goodsSkus as s')
              .select((e) => e.fn.max('s.price').as('p'))
              .whereRef('s.goodsId', '=', 'goods.id')
              .as('maxPrice'),
          'goods.originalPrice',
          'goods.stock',
          'goods.sales',
          'goods.status',
          'goods.updatedAt',
        ])
        .where(
          'goods.id',
          'in',
          ids.map((r) => r.id),
        )
        .orderBy('goods.id', 'desc')
        .execute()
    : []
  return {
    list: rows.map((r) => ({ ...r, categoryName: r.categoryName || '', brandName: r.brandName || '', maxPrice: Math.max(Number(r.maxPrice ?? r.price), r.price), updatedAt: Number(r.updatedAt) })),
    total: count,
    page,
    pageSize,
  }
}

/** The goods picker's answer: the goods of `ids` (those still there), or the first 20 matching the keyword (adminGoodsList's rule). */
export async function pickGoods(db: Db, q: GoodsPickQuery): Promise<GoodsPickReply> {
  const item = (g: { id: number; name: string; mainImage: string; price: number; status: string }) => ({
    id: g.id,
    name: g.name,
    mainImage: g.mainImage,
    price: Number(g.price),
    status: g.status as GoodsPickReply['list'][number]['status'],
  })
  if (q.ids) {
    const ids = [...new Set(q.ids.split(',').map(Number))]
    const rows = await db.selectFrom('goods').select(['id', 'name', 'mainImage', 'price', 'status']).where('id', 'in', ids).execute()
    const byId = new Map(rows.map((r) => [r.id, r]))
    return { list: ids.flatMap((id) => (byId.has(id) ? [item(byId.get(id)!)] : [])) }
  }
  const page = await adminGoodsList(db, { keyword: q.keyword, status: q.status, page: 1, pageSize: 20 })
  return { list: page.list.map(item) }
}

export async function adminGoodsDetail(db: Conn, id: number): Promise<AdminGoodsDetail> {
  const g = await db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst()
  if (!g) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  const skus = await db.selectFrom('goodsSkus').selectAll().where('goodsId', '=', id).orderBy('id').execute()
  return {
    id: g.id,
    name: g.name,
    subtitle: g.subtitle,
    categoryId: g.categoryId,
    brandId: g.brandId,
    images: JSON.parse(g.images || '[]'),
    detailHtml: g.detailHtml,
    tags: g.tags ? g.tags.split(',').filter(Boolean) : [],
    specGroups: JSON.parse(g.specGroups || '[]'),
    skus: skus.map((s) => ({
      id: s.id,
      specs: JSON.parse(s.specs || '{}'),
      specText: s.specText,
      price: s.price,
      originalPrice: s.originalPrice,
      stock: s.stock,
      sales: s.sales,
      image: s.image,
      code: s.code,
      barcode: s.barcode,
      weight: s.weight,
      costPrice: s.costPrice,
    })),
    status: g.status,
    isHot: !!g.isHot,
    isNew: !!g.isNew,
    freightTemplateId: g.freightTemplateId ?? null,
    perMemberLimit: g.perMemberLimit,
    minQuantity: g.minQuantity,
    price: g.price,
    originalPrice: g.originalPrice,
    stock: g.stock,
    sales: g.sales,
    createdAt: Number(g.createdAt),
    updatedAt: Number(g.updatedAt),
  }
}

// ---------------------------------------------------------------- create / edit

const picture = (url: string, what: string) => {
  const u = safeUrl(url)
  if (!u) throw bad(`${what}地址无效`)
  return u
}

/** Checks the form against the catalogue: a second-level category, a known brand, one SKU per spec combination. */
async function checkGoods(db: Conn, input: GoodsInput, goodsId?: number) {
  const cat = await db.selectFrom('categories').select(['id', 'parentId']).where('id', '=', input.categoryId).executeTakeFirst()
  if (!cat) throw bad('分类不存在')
  if (cat.parentId === 0) throw bad('请选择二级分类')
  if (input.brandId && !(await db.selectFrom('brands').select('id').where('id', '=', input.brandId).executeTakeFirst())) throw bad('品牌不存在')
  const limit = input.perMemberLimit ?? 0
  if (limit > 0 && (input.minQuantity ?? 0) > limit) throw bad('起购数量不能大于每人限购数量')
  if (input.freightTemplateId && !(await db.selectFrom('freightTemplates').select('id').where('id', '=', input.freightTemplateId).executeTakeFirst())) throw bad('运费模板不存在')
  const groups = input.specGroups
  const names = groups.map((g) => g.name.trim())
  if (new Set(names).size !== names.length) throw bad('规格名称重复')
  for (const g of groups) if (new Set(g.values).size !== g.values.length) throw bad(`规格「${g.name}」的值重复`)
  if (!groups.length && input.skus.length !== 1) throw bad('没有规格的商品只能有一个规格明细')
  const seen = new Set<string>()
  const codes = new Set<string>()
  const skus = input.skus.map((s) => {
    const keys = Object.keys(s.specs)
    if (keys.length !== groups.length || groups.some((g) => !g.values.includes(s.specs[g.name]))) throw bad('规格明细与规格不一致')
    const values = groups.map((g) => s.specs[g.name])
    const key = values.join('\u0001')
    if (seen.has(key)) throw bad(`规格「${values.join(' / ')}」重复`)
    seen.add(key)
    if (s.originalPrice && s.originalPrice < s.price) throw bad('划线价不能低于售价')
    const code = (s.code || '').trim()
    if (code && codes.has(code)) throw bad(`货号「${code}」在本商品中重复`)
    if (code) codes.add(code)
    return {
      ...s,
      code,
      barcode: (s.barcode || '').trim(),
      weight: s.weight ?? 0,
      costPrice: s.costPrice ?? 0,
      specs: Object.fromEntries(groups.map((g) => [g.name, s.specs[g.name]])),
      specText: values.join(' / '),
      image: s.image ? picture(s.image, '规格图片') : '',
    }
  })
  const images = input.images.map((u) => picture(u, '商品图片'))
  // 货号 is unique across the shop (the goods import finds SKUs by it): another goods' SKU holding one is named.
  const taken = codes.size
    ? await db
        .selectFrom('goodsSkus as s')
        .innerJoin('goods as g', 'g.id', 's.goodsId')
        .select(['s.code', 'g.name'])
        .where('s.code', 'in', [...codes])
        .where('s.goodsId', '!=', goodsId ?? 0)
        .executeTakeFirst()
    : undefined
  if (taken) throw new AppError(ErrorCode.CONFLICT, `货号「${taken.code}」已用于商品「${taken.name}」`)
  return { skus, images }
}

const goodsColumns = (input: GoodsInput, images: string[], skus: Array<{ price: number; originalPrice: number; stock: number }>) => {
  const cheapest = skus.reduce((a, b) => (b.price < a.price ? b : a))
  return {
    categoryId: input.categoryId,
    brandId: input.brandId ?? null,
    name: input.name.trim(),
    subtitle: (input.subtitle || '').trim(),
    // A goods item imported without pictures has none until they are uploaded (it cannot go on the shelf before).
    mainImage: images[0] ?? '',
    images: JSON.stringify(images),
    detailHtml: sanitizeArticleHtml(input.detailHtml || ''),
    specGroups: JSON.stringify(input.specGroups),
    price: cheapest.price,
    originalPrice: Math.max(cheapest.originalPrice, cheapest.price),
    stock: skus.reduce((n, s) => n + s.stock, 0),
    tags: (input.tags || [])
      .map((t) => t.replace(/,/g, ' ').trim())
      .filter(Boolean)
      .join(','),
    isHot: input.isHot ? 1 : 0,
    isNew: input.isNew ? 1 : 0,
    ...(input.freightTemplateId !== undefined ? { freightTemplateId: input.freightTemplateId } : {}),
    ...(input.perMemberLimit !== undefined ? { perMemberLimit: input.perMemberLimit } : {}),
    ...(input.minQuantity !== undefined ? { minQuantity: input.minQuantity } : {}),
  }
}

/** A SKU's columns from the checked form (stock and sales are the caller's: they move by conditional updates). */
const skuColumns = (s: Awaited<ReturnType<typeof checkGoods>>['skus'][number]) => ({
  specs: JSON.stringify(s.specs),
  specText: s.specText,
  price: s.price,
  originalPrice: Math.max(s.originalPrice, s.price),
  image: s.image,
  code: s.code,
  barcode: s.barcode,
  weight: s.weight,
  costPrice: s.costPrice,
})

export async function createGoods(tx: Tx, input: GoodsInput, log: Log): Promise<number> {
  const { skus, images } = await checkGoods(tx, input)
  const t = Date.now()
  const g = await tx
    .insertInto('goods')
    .values({ ...goodsColumns(input, images, skus), status: input.status || 'off', sales: 0, commissionRate: null, reviewCount: 0, goodReviewCount: 0, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const s of skus) {
    await tx
      .insertInto('goodsSkus')
      .values({ goodsId: g.id, ...skuColumns(s), stock: s.stock, sales: 0 })
      .execute()
  }
  await syncFreeShippingTags(tx, [g.id])
  log({ action: 'goods.create', targetType: 'goods', targetId: g.id, after: await adminGoodsDetail(tx, g.id) })
  return g.id
}

/**
 * Edits goods. A SKU keeps its id (orders and carts point at it); a SKU left out is removed. A stock typed in
 * the form is written only if the stock did not move since the form was loaded (a sale in between refuses
 * the save: conditional update), so a sale is never overwritten.
 */
export async function updateGoods(tx: Tx, id: number, input: GoodsInput, log: Log): Promise<number> {
  const before = await adminGoodsDetail(tx, id)
  const { skus, images } = await checkGoods(tx, input, id)
  const known = new Map(before.skus.map((s) => [s.id, s]))
  for (const s of skus) if (s.id && !known.has(s.id)) throw bad('规格明细不属于该商品')
  const keep = new Set(skus.map((s) => s.id).filter(Boolean))
  const removed = before.skus.filter((s) => !keep.has(s.id)).map((s) => s.id)
  if (removed.length) await tx.deleteFrom('goodsSkus').where('goodsId', '=', id).where('id', 'in', removed).execute()
  for (const s of skus) {
    const row = skuColumns(s)
    if (!s.id) {
      await tx
        .insertInto('goodsSkus')
        .values({ ...row, goodsId: id, stock: s.stock, sales: 0 })
        .execute()
      continue
    }
    const old = known.get(s.id)!
    const res = await tx
      .updateTable('goodsSkus')
      .set({ ...row, stock: s.stock })
      .where('id', '=', s.id)
      .where('goodsId', '=', id)
      .where('stock', '=', old.stock)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, `规格「${s.specText}」的库存刚刚有变化，请刷新后再保存`)
  }
  const cols = goodsColumns(input, images, skus)
  const { stock: _stock, ...rest } = cols
  await tx
    .updateTable('goods')
    .set({ ...rest, ...(input.status ? { status: input.status } : {}), updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  await syncGoodsStock(tx, [id])
  await syncFreeShippingTags(tx, [id])
  log({ action: 'goods.update', targetType: 'goods', targetId: id, before, after: await adminGoodsDetail(tx, id) })
  return id
}

/**
 * After SKUs changed one by one (the goods import): goods.stock is their sum, goods.price the cheapest SKU's price
 * and goods.originalPrice that SKU's (SKU rows already hold an original price of at least their price); the 包邮
 * tag follows the price.
 */
export async function syncGoodsTotals(tx: Conn, ids: number[]) {
  if (!ids.length) return
  const cheapest = (col: 'price' | 'original_price') => sql<number>`(SELECT s.${sql.raw(col)} FROM goods_skus s WHERE s.goods_id = goods.id ORDER BY s.price, s.id LIMIT 1)`
  await tx
    .updateTable('goods')
    .set({ price: cheapest('price'), originalPrice: cheapest('original_price') })
    .where('id', 'in', ids)
    .execute()
  await syncGoodsStock(tx, ids)
  await syncFreeShippingTags(tx, ids)
}

/** goods.stock is the sum of its SKUs' stock. */
async function syncGoodsStock(tx: Conn, ids: number[]) {
  if (!ids.length) return
  await tx
    .updateTable('goods')
    .set({ stock: sql<number>`(SELECT COALESCE(SUM(s.stock), 0) FROM goods_skus s WHERE s.goods_id = goods.id)`, updatedAt: Date.now() })
    .where('id', 'in', ids)
    .execute()
}

/** On / off the shelf, one or many. Only goods whose status changes count (and get an audit row). */
export async function setShelf(tx: Tx, ids: number[], status: 'on' | 'off', log: Log): Promise<number> {
  const rows = await tx.selectFrom('goods').select(['id', 'status']).where('id', 'in', ids).where('status', '!=', status).execute()
  if (!rows.length) return 0
  if (status === 'on') {
    const empty = await tx
      .selectFrom('goods')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where((eb) => eb.not(eb.exists(eb.selectFrom('goodsSkus').select('id').whereRef('goodsSkus.goodsId', '=', 'goods.id'))))
      .executeTakeFirst()
    if (empty) throw bad(`商品「${empty.name}」没有规格，不能上架`)
    const bare = await tx
      .selectFrom('goods')
      .select('name')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('mainImage', '=', '')
      .executeTakeFirst()
    if (bare) throw bad(`商品「${bare.name}」还没有图片，请先上传商品图片再上架`)
  }
  const res = await tx
    .updateTable('goods')
    .set({ status, updatedAt: Date.now() })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', '!=', status)
    .executeTakeFirst()
  for (const r of rows) log({ action: status === 'on' ? 'goods.shelf-on' : 'goods.shelf-off', targetType: 'goods', targetId: r.id, before: { status: r.status }, after: { status } })
  return Number(res.numUpdatedRows)
}

/** Batch stock change: each SKU moves by delta by a conditional update; one that would go below 0 refuses the batch. */
export async function changeStock(tx: Tx, items: StockBody['items'], log: Log): Promise<number> {
  const goodsIds = new Set<number>()
  for (const it of items) {
    const sku = await tx
      .selectFrom('goodsSkus as s')
      .innerJoin('goods as g', 'g.id', 's.goodsId')
      .select(['s.id', 's.goodsId', 's.stock', 's.specText', 'g.name'])
      .where('s.id', '=', it.skuId)
      .executeTakeFirst()
    if (!sku) throw new AppError(ErrorCode.NOT_FOUND, `规格不存在：${it.skuId}`)
    if (it.delta === 0) continue
    const res = await tx
      .updateTable('goodsSkus')
      .set((eb) => ({ stock: eb('stock', '+', it.delta) }))
      .where('id', '=', it.skuId)
      .where((eb) => eb(eb('stock', '+', it.delta), '>=', 0))
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw bad(`「${sku.name} ${sku.specText}」库存不足，不能减少 ${-it.delta}`)
    const after = await tx.selectFrom('goodsSkus').select('stock').where('id', '=', it.skuId).executeTakeFirstOrThrow()
    log({ action: 'goods.stock', targetType: 'sku', targetId: it.skuId, before: { goodsId: sku.goodsId, stock: sku.stock }, after: { goodsId: sku.goodsId, stock: after.stock, delta: it.delta } })
    goodsIds.add(sku.goodsId)
  }
  await syncGoodsStock(tx, [...goodsIds])
  return goodsIds.size ? items.filter((i) => i.delta !== 0).length : 0
}

/**
 * 复制: a new goods item like this one, off the shelf, with the same pictures, specs and prices; its SKUs start
 * at stock 0 and no sales (stock is goods in the warehouse: a copy does not double it).
 */
export async function copyGoods(tx: Tx, id: number, log: Log): Promise<number> {
  const g = await tx.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst()
  if (!g) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  const skus = await tx.selectFrom('goodsSkus').selectAll().where('goodsId', '=', id).orderBy('id').execute()
  const t = Date.now()
  const { id: _id, ...cols } = g
  const name = `${g.name.slice(0, 124)}（副本）`
  const copy = await tx
    .insertInto('goods')
    .values({ ...cols, name, status: 'off', stock: 0, sales: 0, reviewCount: 0, goodReviewCount: 0, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  // 货号 is unique: the copy's SKUs start without one.
  for (const { id: _sku, goodsId: _g, ...s } of skus)
    await tx
      .insertInto('goodsSkus')
      .values({ ...s, code: '', goodsId: copy.id, stock: 0, sales: 0 })
      .execute()
  await syncFreeShippingTags(tx, [copy.id])
  log({ action: 'goods.copy', targetType: 'goods', targetId: copy.id, before: { goodsId: id, name: g.name }, after: await adminGoodsDetail(tx, copy.id) })
  return copy.id
}

/** Where a goods item is still used, in the merchant's words: what must change before it can be deleted. */
async function goodsInUse(tx: Conn, id: number): Promise<string | null> {
  const has = async (q: Promise<unknown>) => !!(await q)
  if (await has(tx.selectFrom('orderItems').select('id').where('goodsId', '=', id).executeTakeFirst())) return '该商品已有订单，不能删除，可以下架'
  if (await has(tx.selectFrom('seckillItems').select('id').where('goodsId', '=', id).executeTakeFirst())) return '该商品在秒杀场次中，请先从秒杀中移除'
  if (await has(tx.selectFrom('pointsGoods').select('id').where('goodsId', '=', id).executeTakeFirst())) return '该商品在积分商城中，请先从积分商城移除'
  if (await has(tx.selectFrom('turntablePrizes').select('id').where('goodsId', '=', id).executeTakeFirst())) return '该商品是抽奖或盲盒的奖品，请先更换奖品'
  if (await has(tx.selectFrom('cashbackCampaigns').select('id').where('goodsId', '=', id).executeTakeFirst())) return '该商品有好评返现活动，请先删除该活动'
  // Lists kept as JSON arrays of ids: sections, goods coupons, videos.
  const inList = (json: string) => parseIds(json).includes(id)
  const section = (await tx.selectFrom('homeSections').select(['title', 'goodsIds']).execute()).find((s) => inList(s.goodsIds))
  if (section) return `该商品在首页专区「${section.title}」中，请先从专区移除`
  const coupon = (await tx.selectFrom('coupons').select(['name', 'scopeIds']).where('scope', '=', 'goods').execute()).find((c) => inList(c.scopeIds))
  if (coupon) return `优惠券「${coupon.name}」适用于该商品，请先修改优惠券的适用商品`
  const video = (await tx.selectFrom('videos').select(['title', 'goodsIds']).where('goodsIds', '!=', '[]').where('goodsIds', '!=', '').execute()).find((v) => inList(v.goodsIds))
  if (video) return `视频「${video.title}」关联了该商品，请先取消关联`
  return null
}

/**
 * 删除: only goods never ordered and not used by a promotion, section, coupon or video (those are named in the
 * refusal); carts, favourites, footprints and agents' shelves lose it with it. Goods with orders can only be taken
 * off the shelf: their orders, reviews and commissions keep pointing at it.
 */
export async function deleteGoods(tx: Tx, id: number, log: Log) {
  const before = await adminGoodsDetail(tx, id)
  const used = await goodsInUse(tx, id)
  if (used) throw new AppError(ErrorCode.CONFLICT, used)
  for (const table of ['cartItems', 'collects', 'footprints', 'agentGoods', 'goodsSkus'] as const) await tx.deleteFrom(table).where('goodsId', '=', id).execute()
  await tx.updateTable('shopViews').set({ goodsId: null }).where('goodsId', '=', id).execute()
  const res = await tx.deleteFrom('goods').where('id', '=', id).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  log({ action: 'goods.delete', targetType: 'goods', targetId: id, before })
}

// ---------------------------------------------------------------- categories and brands

export async function adminCategories(db: Db): Promise<AdminCategory[]> {
  const [cats, counts] = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('parentId').orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('goods')
      .select(['categoryId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('categoryId')
      .execute(),
  ])
  const n = new Map(counts.map((c) => [c.categoryId, Number(c.n)]))
  return cats.map((c) => ({ id: c.id, parentId: c.parentId, name: c.name, icon: c.icon, sort: c.sort, goodsCount: n.get(c.id) || 0 }))
}

async function checkCategory(db: Conn, input: CategoryInput, id?: number) {
  if (input.parentId) {
    const parent = await db.selectFrom('categories').select(['id', 'parentId']).where('id', '=', input.parentId).executeTakeFirst()
    if (!parent) throw bad('上级分类不存在')
    if (parent.parentId !== 0) throw bad('分类最多两级')
    if (id && input.parentId === id) throw bad('上级分类不能是自己')
    if (id && (await db.selectFrom('categories').select('id').where('parentId', '=', id).executeTakeFirst())) throw bad('该分类有下级分类，不能移到其他分类下')
  }
  return { parentId: input.parentId, name: input.name.trim(), icon: input.icon ? picture(input.icon, '图标') : '', sort: input.sort ?? 0 }
}

export async function saveCategory(tx: Tx, id: number | null, input: CategoryInput, log: Log): Promise<number> {
  const row = await checkCategory(tx, input, id ?? undefined)
  if (id === null) {
    const r = await tx.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow()
    log({ action: 'category.create', targetType: 'category', targetId: r.id, after: row })
    return r.id
  }
  const before = await tx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '分类不存在')
  await tx.updateTable('categories').set(row).where('id', '=', id).execute()
  log({ action: 'category.update', targetType: 'category', targetId: id, before, after: { id, ...row } })
  return id
}

export async function deleteCategory(tx: Tx, id: number, log: Log) {
  const before = await tx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '分类不存在')
  if (await tx.selectFrom('categories').select('id').where('parentId', '=', id).executeTakeFirst()) throw new AppError(ErrorCode.CONFLICT, '请先删除下级分类')
  if (await tx.selectFrom('goods').select('id').where('categoryId', '=', id).executeTakeFirst()) throw new AppError(ErrorCode.CONFLICT, '该分类下还有商品，不能删除')
  await tx.deleteFrom('categories').where('id', '=', id).execute()
  log({ action: 'category.delete', targetType: 'category', targetId: id, before })
}

export async function adminBrands(db: Db): Promise<AdminBrand[]> {
  const [brands, counts] = await Promise.all([
    db.selectFrom('brands').selectAll().orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('goods')
      .select(['brandId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('brandId', 'is not', null)
      .groupBy('brandId')
      .execute(),
  ])
  const n = new Map(counts.map((c) => [c.brandId, Number(c.n)]))
  return brands.map((b) => ({ id: b.id, name: b.name, logo: b.logo, intro: b.intro, isExclusive: !!b.isExclusive, sort: b.sort, goodsCount: n.get(b.id) || 0 }))
}

export async function saveBrand(tx: Tx, id: number | null, input: BrandInput, log: Log): Promise<number> {
  const row = { name: input.name.trim(), logo: input.logo ? picture(input.logo, '标志') : '', intro: (input.intro || '').trim(), isExclusive: input.isExclusive ? 1 : 0, sort: input.sort ?? 0 }
  if (id === null) {
    const r = await tx.insertInto('brands').values(row).returning('id').executeTakeFirstOrThrow()
    log({ action: 'brand.create', targetType: 'brand', targetId: r.id, after: row })
    return r.id
  }
  const before = await tx.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '品牌不存在')
  await tx.updateTable('brands').set(row).where('id', '=', id).execute()
  log({ action: 'brand.update', targetType: 'brand', targetId: id, before, after: { id, ...row } })
  return id
}

export async function deleteBrand(tx: Tx, id: number, log: Log) {
  const before = await tx.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '品牌不存在')
  if (await tx.selectFrom('goods').select('id').where('brandId', '=', id).executeTakeFirst()) throw new AppError(ErrorCode.CONFLICT, '该品牌下还有商品，不能删除')
  await tx.deleteFrom('brands').where('id', '=', id).execute()
  log({ action: 'brand.delete', targetType: 'brand', targetId: id, before })
}
