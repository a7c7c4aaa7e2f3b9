import type { Conn, Db } from '../../db/types'
import { ilike, dialectOf } from '../../db'
import { AppError, ErrorCode } from '../../errors'
import { commissionOf, type ActingGoods, type ActingGoodsPage, type ActingGoodsTab, type CataloguePage } from '../../../../types/agent'
import { DAY, num } from './util'
import { ratesFor } from './rules'
import './tables'
import { chinaDay } from '../../services/chinaTime'
import { onPage, countRows } from '../../db/paging'

/** Most goods one shop may resell (keeps the shelf a curated selection). */
export const MAX_ACTING_GOODS = 200

/** A search word without LIKE wildcards (both dialects then match it literally). */
const likeWord = (s: string) => `%${s.replace(/[\\%_]/g, '')}%`

/** The shop's acting goods, newest first; tab: all / on (agent shelf on and platform on sale) / off. */
export async function listActingGoods(db: Db, shopId: number, q: { tab: ActingGoodsTab; keyword?: string; page: number; pageSize: number }): Promise<ActingGoodsPage> {
  let base = db.selectFrom('agentGoods as a').innerJoin('goods as g', 'g.id', 'a.goodsId').where('a.shopId', '=', shopId)
  if (q.tab === 'on') base = base.where('a.status', '=', 'on').where('g.status', '=', 'on')
  if (q.tab === 'off') base = base.where((eb) => eb.or([eb('a.status', '=', 'off'), eb('g.status', '=', 'off')]))
  const kw = (q.keyword || '').trim()
  if (kw) base = base.where('g.name', ilike(dialectOf(db)) as any, likeWord(kw))
  const total = await countRows(base)
  const rows = await base
    .select(['a.goodsId', 'a.status', 'a.createdAt', 'g.name', 'g.mainImage', 'g.price', 'g.originalPrice', 'g.sales', 'g.stock', 'g.status as platformStatus', 'g.commissionRate'])
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  const ids = rows.map((r) => r.goodsId)
  const rates = await ratesFor(db, ids, undefined, shopId)
  const views = ids.length
    ? await db
        .selectFrom('shopViews')
        .select((eb) => ['goodsId', eb.fn.countAll<number>().as('n')])
        .where('shopId', '=', shopId)
        .where('goodsId', 'in', ids)
        .where('day', '>=', chinaDay(Date.now() - 29 * DAY))
        .groupBy('goodsId')
        .execute()
    : []
  return {
    list: rows.map((r): ActingGoods => {
      const r2 = rates.get(r.goodsId) ?? 0
      return {
        goodsId: r.goodsId,
        name: r.name,
        mainImage: r.mainImage,
        price: num(r.price),
        originalPrice: num(r.originalPrice),
        sales: num(r.sales),
        stock: num(r.stock),
        platformStatus: r.platformStatus,
        status: r.status,
        commissionRate: r2,
        commission: commissionOf(num(r.price), r2),
        views: num(views.find((v) => v.goodsId === r.goodsId)?.n),
        addedAt: num(r.createdAt),
      }
    }),
    total: num(total),
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** The platform's goods on sale, with whether the shop already resells each (for choosing). */
export async function listCatalogue(db: Db, shopId: number, q: { keyword?: string; page: number; pageSize: number }): Promise<CataloguePage> {
  let base = db.selectFrom('goods as g').where('g.status', '=', 'on')
  const kw = (q.keyword || '').trim()
  if (kw) base = base.where('g.name', ilike(dialectOf(db)) as any, likeWord(kw))
  const total = await countRows(base)
  const rows = await base
    .leftJoin('agentGoods as a', (j) => j.onRef('a.goodsId', '=', 'g.id').on('a.shopId', '=', shopId))
    .select(['g.id', 'g.name', 'g.mainImage', 'g.price', 'g.sales', 'g.commissionRate', 'a.id as actingId'])
    .orderBy('g.sales', 'desc')
    .orderBy('g.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  const rates = await ratesFor(
    db,
    rows.map((r) => r.id),
    undefined,
    shopId,
  )
  return {
    list: rows.map((r) => {
      const r2 = rates.get(r.id) ?? 0
      return { goodsId: r.id, name: r.name, mainImage: r.mainImage, price: num(r.price), sales: num(r.sales), commissionRate: r2, commission: commissionOf(num(r.price), r2), added: !!r.actingId }
    }),
    total: num(total),
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** Adds platform goods (on sale) to the shop, on the shelf; goods already there are left as they are. */
export async function addActingGoods(db: Db, shopId: number, goodsIds: number[]): Promise<{ added: number }> {
  const ids = [...new Set(goodsIds)]
  if (!ids.length) throw new AppError(ErrorCode.BAD_REQUEST, '请选择商品')
  const onSale = await db.selectFrom('goods').select('id').where('id', 'in', ids).where('status', '=', 'on').execute()
  if (onSale.length !== ids.length) throw new AppError(ErrorCode.GOODS_OFF_SHELF, '所选商品已下架或不存在')
  return db.transaction().execute(async (tx) => {
    const { n } = await tx
      .selectFrom('agentGoods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shopId', '=', shopId)
      .executeTakeFirstOrThrow()
    const have = await tx.selectFrom('agentGoods').select('goodsId').where('shopId', '=', shopId).where('goodsId', 'in', ids).execute()
    const fresh = ids.filter((id) => !have.some((h) => h.goodsId === id))
    if (num(n) + fresh.length > MAX_ACTING_GOODS) throw new AppError(ErrorCode.BAD_REQUEST, `店铺最多代理${MAX_ACTING_GOODS}件商品`)
    if (!fresh.length) return { added: 0 }
    const t = Date.now()
    const res = await tx
      .insertInto('agentGoods')
      .values(fresh.map((goodsId) => ({ shopId, goodsId, status: 'on' as const, createdAt: t, updatedAt: t })))
      .onConflict((oc) => oc.columns(['shopId', 'goodsId']).doNothing())
      .executeTakeFirst()
    return { added: Number(res.numInsertedOrUpdatedRows ?? fresh.length) }
  })
}

/** The agent's shelf: on or off. Putting on needs the goods to be on sale on the platform. */
export async function setActingGoodsStatus(db: Db, shopId: number, goodsId: number, status: 'on' | 'off') {
  if (status === 'on') {
    const g = await db.selectFrom('goods').select('status').where('id', '=', goodsId).executeTakeFirst()
    if (!g || g.status !== 'on') throw new AppError(ErrorCode.GOODS_OFF_SHELF, '该商品已被平台下架，暂不能上架')
  }
  const res = await db.updateTable('agentGoods').set({ status, updatedAt: Date.now() }).where('shopId', '=', shopId).where('goodsId', '=', goodsId).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.NOT_FOUND, '店铺中没有该商品')
  return { goodsId, status }
}

export async function removeActingGoods(db: Db, shopId: number, goodsId: number) {
  const res = await db.deleteFrom('agentGoods').where('shopId', '=', shopId).where('goodsId', '=', goodsId).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw new AppError(ErrorCode.NOT_FOUND, '店铺中没有该商品')
  return { goodsId, removed: true }
}

export async function countActingGoods(db: Conn, shopId: number): Promise<number> {
  const { n } = await db
    .selectFrom('agentGoods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shopId', '=', shopId)
    .executeTakeFirstOrThrow()
  return num(n)
}
