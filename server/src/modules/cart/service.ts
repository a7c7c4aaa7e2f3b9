import type { Conn, Db } from '../../db/types'
import type { CartChangeSkuResponse, CartInvalidReason, CartLine, CartList, CartCount } from '../../../../types/cart'
import { AppError, ErrorCode } from '../../errors'
import { checkCartAllowance, goodsLimits } from '../order/limits'
// At most this many lines per cart, and this many of one SKU per line (the routes' schemas use them too).
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../../types/cart'

const INVALID_TEXT: Record<CartInvalidReason, string> = { sold_out: '已售罄', off_shelf: '已下架', sku_gone: '规格已失效' }

interface JoinedRow {
  id: number
  skuId: number
  goodsId: number
  quantity: number
  selected: number
  skuExists: number | null
  specText: string | null
  skuPrice: number | null
  skuOriginalPrice: number | null
  skuStock: number | null
  skuImage: string | null
  goodsName: string | null
  goodsStatus: string | null
  mainImage: string | null
}

/** The member's lines joined with the live SKU and goods (a deleted SKU or goods reads as null). */
async function joined(db: Conn, memberId: number, ids?: number[]): Promise<JoinedRow[]> {
  let q = db
    .selectFrom('cartItems as c')
    .leftJoin('goodsSkus as s', 's.id', 'c.skuId')
    .leftJoin('goods as g', 'g.id', 's.goodsId')
    .select([
      'c.id',
      'c.skuId',
      'c.goodsId',
      'c.quantity',
      'c.selected',
      's.id as skuExists',
      's.specText',
      's.price as skuPrice',
      's.originalPrice as skuOriginalPrice',
      's.stock as skuStock',
      's.image as skuImage',
      'g.name as goodsName',
      'g.status as goodsStatus',
      'g.mainImage',
    ])
    .where('c.memberId', '=', memberId)
  if (ids) q = q.where('c.id', 'in', ids.length ? ids : [0])
  return (await q.orderBy('c.updatedAt', 'desc').orderBy('c.id', 'desc').execute()) as JoinedRow[]
}

export function invalidReason(r: Pick<JoinedRow, 'skuExists' | 'goodsName' | 'goodsStatus' | 'skuStock'>): CartInvalidReason | undefined {
  if (!r.skuExists || r.goodsName === null) return 'sku_gone'
  if (r.goodsStatus !== 'on') return 'off_shelf'
  if (!r.skuStock || r.skuStock <= 0) return 'sold_out'
  return undefined
}

function toLine(r: JoinedRow): CartLine {
  const reason = invalidReason(r)
  const line: CartLine = {
    id: r.id,
    skuId: r.skuId,
    goodsId: r.goodsId,
    goodsName: r.goodsName ?? '商品已失效',
    image: r.skuImage || r.mainImage || '',
    specText: r.specText ?? '',
    price: r.skuPrice ?? 0,
    originalPrice: r.skuOriginalPrice ?? 0,
    quantity: r.quantity,
    stock: Math.max(0, r.skuStock ?? 0),
    selected: !!r.selected,
    minQuantity: 0,
    perMemberLimit: 0,
    bought: 0,
  }
  if (reason) {
    line.invalidReason = reason
    line.invalidText = INVALID_TEXT[reason]
    line.selected = false
  }
  return line
}

/** The cart: valid lines and invalid ones (sold out / off shelf / SKU gone) apart, with the selected total. */
export async function listCart(db: Conn, memberId: number): Promise<CartList> {
  const lines = (await joined(db, memberId)).map(toLine)
  // 起购数量 and 每人限购 beside each line, so the stepper stops where the order would be refused.
  const limits = await goodsLimits(
    db,
    memberId,
    lines.filter((l) => !l.invalidReason).map((l) => l.goodsId),
  )
  for (const l of lines) {
    const g = limits.get(l.goodsId)
    if (g) Object.assign(l, { minQuantity: g.minQuantity, perMemberLimit: g.perMemberLimit, bought: g.bought })
  }
  const valid = lines.filter((l) => !l.invalidReason)
  const invalid = lines.filter((l) => l.invalidReason)
  const chosen = valid.filter((l) => l.selected)
  return {
    valid,
    invalid,
    selectedAmount: chosen.reduce((s, l) => s + l.price * Math.min(l.quantity, l.stock), 0),
    selectedQuantity: chosen.reduce((s, l) => s + Math.min(l.quantity, l.stock), 0),
    allSelected: valid.length > 0 && chosen.length === valid.length,
  }
}

/** The cart's units of a goods on its lines of other SKUs than `skuId`. */
async function otherUnits(db: Conn, memberId: number, goodsId: number, skuId: number): Promise<number> {
  const r = await db
    .selectFrom('cartItems')
    .select((eb) => eb.fn.sum<number>('quantity').as('n'))
    .where('memberId', '=', memberId)
    .where('goodsId', '=', goodsId)
    .where('skuId', '!=', skuId)
    .executeTakeFirst()
  return Number(r?.n) || 0
}

async function liveSku(db: Conn, skuId: number) {
  const sku = await db
    .selectFrom('goodsSkus as s')
    .innerJoin('goods as g', 'g.id', 's.goodsId')
    .select(['s.id', 's.goodsId', 's.stock', 'g.status', 'g.name'])
    .where('s.id', '=', skuId)
    .executeTakeFirst()
  if (!sku) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  if (sku.status !== 'on') throw new AppError(ErrorCode.GOODS_OFF_SHELF, '商品已下架')
  if (sku.stock <= 0) throw new AppError(ErrorCode.OUT_OF_STOCK, '商品已售罄')
  return sku
}

/**
 * Adds a SKU (or more of it). The line's total is bounded by stock and by MAX_LINE_QUANTITY;
 * `clamp` (buy again) trims to what is left instead of refusing.
 */
export async function addToCart(db: Db, memberId: number, skuId: number, quantity: number, opts: { clamp?: boolean } = {}): Promise<{ id: number; quantity: number }> {
  const sku = await liveSku(db, skuId)
  const t = Date.now()
  return db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('cartItems').select(['id', 'quantity']).where('memberId', '=', memberId).where('skuId', '=', skuId).executeTakeFirst()
    const limit = Math.min(sku.stock, MAX_LINE_QUANTITY)
    let total = (existing?.quantity ?? 0) + quantity
    if (total > limit) {
      if (!opts.clamp) throw new AppError(ErrorCode.OUT_OF_STOCK, existing ? `库存不足，购物车中已有${existing.quantity}件` : `库存不足，最多可购买${limit}件`, { stock: sku.stock })
      total = limit
    }
    if (!opts.clamp) await checkCartAllowance(tx, memberId, sku.goodsId, (await otherUnits(tx, memberId, sku.goodsId, skuId)) + total)
    if (existing) {
      await tx.updateTable('cartItems').set({ quantity: total, selected: 1, updatedAt: t }).where('id', '=', existing.id).execute()
      return { id: existing.id, quantity: total }
    }
    const { n } = await tx
      .selectFrom('cartItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberId', '=', memberId)
      .executeTakeFirstOrThrow()
    if (Number(n) >= MAX_CART_LINES) throw new AppError(ErrorCode.BAD_REQUEST, `购物车最多${MAX_CART_LINES}种商品，请先清理`)
    const row = await tx.insertInto('cartItems').values({ memberId, skuId, goodsId: sku.goodsId, quantity: total, selected: 1, createdAt: t, updatedAt: t }).returning('id').executeTakeFirstOrThrow()
    return { id: row.id, quantity: total }
  })
}

/** Sets a line's quantity, bounded by stock (1 … stock). */
export async function updateQuantity(db: Db, memberId: number, id: number, quantity: number) {
  const [row] = await joined(db, memberId, [id])
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '购物车商品不存在')
  const reason = invalidReason(row)
  if (reason) throw new AppError(reason === 'sold_out' ? ErrorCode.OUT_OF_STOCK : ErrorCode.GOODS_OFF_SHELF, `商品${INVALID_TEXT[reason]}`)
  const stock = row.skuStock ?? 0
  if (quantity > Math.min(stock, MAX_LINE_QUANTITY)) throw new AppError(ErrorCode.OUT_OF_STOCK, `库存不足，最多可购买${Math.min(stock, MAX_LINE_QUANTITY)}件`, { stock })
  // 每人限购: only a raise can break it (lowering a line is always allowed).
  if (quantity > row.quantity && row.goodsId) await checkCartAllowance(db, memberId, row.goodsId, (await otherUnits(db, memberId, row.goodsId, row.skuId)) + quantity)
  await db.updateTable('cartItems').set({ quantity, updatedAt: Date.now() }).where('id', '=', id).where('memberId', '=', memberId).execute()
  return { id, quantity }
}

/**
 * Moves a line to another SKU of the same goods (the cart's spec picker), in one transaction:
 * into an existing line of that SKU when there is one (the quantities add up), else the line itself
 * changes SKU. The quantity is capped by the new SKU's stock and MAX_LINE_QUANTITY; the line stays selected.
 */
export async function changeSku(db: Db, memberId: number, id: number, skuId: number): Promise<CartChangeSkuResponse> {
  return db.transaction().execute(async (tx) => {
    const line = await tx.selectFrom('cartItems').select(['id', 'skuId', 'goodsId', 'quantity']).where('id', '=', id).where('memberId', '=', memberId).executeTakeFirst()
    if (!line) throw new AppError(ErrorCode.NOT_FOUND, '购物车商品不存在')
    if (line.skuId === skuId) return { id: line.id, quantity: line.quantity, merged: false }
    const sku = await liveSku(tx, skuId)
    if (sku.goodsId !== line.goodsId) throw new AppError(ErrorCode.BAD_REQUEST, '只能换成同一商品的其他规格')
    const limit = Math.min(sku.stock, MAX_LINE_QUANTITY)
    const t = Date.now()
    const existing = await tx.selectFrom('cartItems').select(['id', 'quantity']).where('memberId', '=', memberId).where('skuId', '=', skuId).executeTakeFirst()
    if (existing) {
      const quantity = Math.min(existing.quantity + line.quantity, limit)
      await tx.updateTable('cartItems').set({ quantity, selected: 1, updatedAt: t }).where('id', '=', existing.id).execute()
      await tx.deleteFrom('cartItems').where('id', '=', line.id).where('memberId', '=', memberId).execute()
      return { id: existing.id, quantity, merged: true }
    }
    const quantity = Math.min(line.quantity, limit)
    await tx.updateTable('cartItems').set({ skuId, quantity, selected: 1, updatedAt: t }).where('id', '=', line.id).where('memberId', '=', memberId).execute()
    return { id: line.id, quantity, merged: false }
  })
}

/** Checks or unchecks the member's lines; ids of other members' lines match nothing. */
export async function selectLines(db: Db, memberId: number, ids: number[], selected: boolean) {
  const res = await db
    .updateTable('cartItems')
    .set({ selected: selected ? 1 : 0 })
    .where('memberId', '=', memberId)
    .where('id', 'in', ids)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) === 0) throw new AppError(ErrorCode.NOT_FOUND, '购物车商品不存在')
  return { updated: Number(res.numUpdatedRows) }
}

export async function selectAll(db: Db, memberId: number, selected: boolean) {
  const res = await db
    .updateTable('cartItems')
    .set({ selected: selected ? 1 : 0 })
    .where('memberId', '=', memberId)
    .executeTakeFirst()
  return { updated: Number(res.numUpdatedRows) }
}

export async function deleteLines(db: Conn, memberId: number, ids: number[]) {
  const res = await db.deleteFrom('cartItems').where('memberId', '=', memberId).where('id', 'in', ids).executeTakeFirst()
  if (Number(res.numDeletedRows) === 0) throw new AppError(ErrorCode.NOT_FOUND, '购物车商品不存在')
  return { deleted: Number(res.numDeletedRows) }
}

export async function cartCount(db: Conn, memberId: number): Promise<CartCount> {
  const r = await db
    .selectFrom('cartItems')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('quantity').as('quantity')])
    .where('memberId', '=', memberId)
    .executeTakeFirstOrThrow()
  return { count: Number(r.count) || 0, quantity: Number(r.quantity) || 0 }
}
