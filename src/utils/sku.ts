import type { GoodsDetail, Sku, SpecGroup } from '@contract/goods'

/** The buyer's choice: spec group name → chosen value. */
export type Chosen = Record<string, string>

const matches = (sku: Sku, chosen: Chosen) => Object.entries(chosen).every(([g, v]) => sku.specs[g] === v)

/** Groups with a single value are chosen from the start. */
export function initialChoice(groups: SpecGroup[]): Chosen {
  const out: Chosen = {}
  for (const g of groups) if (g.values.length === 1) out[g.name] = g.values[0]
  return out
}

/** Names of the groups still to choose, in order. */
export const missingGroups = (groups: SpecGroup[], chosen: Chosen): string[] => groups.filter((g) => !chosen[g.name]).map((g) => g.name)

/** The SKU of a complete choice (goods without specs: their one SKU), else null. */
export function findSku(groups: SpecGroup[], skus: Sku[], chosen: Chosen): Sku | null {
  if (!groups.length) return skus[0] || null
  if (missingGroups(groups, chosen).length) return null
  return skus.find((s) => groups.every((g) => s.specs[g.name] === chosen[g.name])) || null
}

/**
 * Whether a value can still be picked: some SKU in stock has it together with what is chosen in the
 * other groups. A value that cannot is shown disabled.
 */
export function isValueAvailable(skus: Sku[], chosen: Chosen, group: string, value: string): boolean {
  const want: Chosen = { ...chosen, [group]: value }
  return skus.some((s) => s.stock > 0 && matches(s, want))
}

/** Tapping a value picks it, tapping the picked value again clears the group. */
export function toggleValue(chosen: Chosen, group: string, value: string): Chosen {
  const next = { ...chosen }
  if (next[group] === value) delete next[group]
  else next[group] = value
  return next
}

export interface SkuDisplay {
  /** Lowest price among the SKUs that fit the choice so far (fen); maxPrice shows a range. */
  price: number
  maxPrice: number
  originalPrice: number
  /** Stock of the SKU, or of every SKU that fits the choice so far. */
  stock: number
  image: string
  sku: Sku | null
}

/** What the picker header shows for the choice so far. */
export function skuDisplay(groups: SpecGroup[], skus: Sku[], chosen: Chosen, fallbackImage = ''): SkuDisplay {
  const sku = findSku(groups, skus, chosen)
  if (sku) return { price: sku.price, maxPrice: sku.price, originalPrice: sku.originalPrice, stock: sku.stock, image: sku.image || fallbackImage, sku }
  const fit = skus.filter((s) => matches(s, chosen))
  const pool = fit.length ? fit : skus
  const prices = pool.map((s) => s.price)
  const cheapest = pool.reduce<Sku | null>((a, s) => (!a || s.price < a.price ? s : a), null)
  const withImage = pool.find((s) => s.image && Object.keys(chosen).length)
  return {
    price: prices.length ? Math.min(...prices) : 0,
    maxPrice: prices.length ? Math.max(...prices) : 0,
    originalPrice: cheapest ? cheapest.originalPrice : 0,
    stock: pool.reduce((n, s) => n + s.stock, 0),
    image: withImage?.image || fallbackImage,
    sku: null,
  }
}

/** "已选：米白色 / M" when complete, else "请选择 颜色 尺码". */
export function choiceText(groups: SpecGroup[], chosen: Chosen): string {
  if (!groups.length) return ''
  const missing = missingGroups(groups, chosen)
  if (missing.length) return `请选择 ${missing.join(' ')}`
  return `已选：${groups.map((g) => chosen[g.name]).join(' / ')}`
}

/** A quantity between 1 and the stock (0 when nothing is left). */
export function clampQuantity(q: number, stock: number): number {
  if (stock <= 0) return 0
  const n = Math.floor(Number(q) || 1)
  return Math.min(Math.max(n, 1), stock)
}

/** Why buying cannot go on yet, or '' when it can. */
export function buyBlocker(groups: SpecGroup[], skus: Sku[], chosen: Chosen, quantity: number): string {
  const missing = missingGroups(groups, chosen)
  if (missing.length) return `请选择${missing[0]}`
  const sku = findSku(groups, skus, chosen)
  if (!sku) return '该规格暂不可售'
  if (sku.stock <= 0) return '该规格已售罄'
  if (quantity < 1) return '请选择购买数量'
  if (quantity > sku.stock) return `库存仅剩${sku.stock}件`
  return ''
}

/** A goods' purchase rules as the detail call answers them (每人限购, 起购数量, what the member holds already). */
export type PurchaseRules = Partial<Pick<GoodsDetail, 'perMemberLimit' | 'minQuantity' | 'bought'>>

export interface QuantityBounds {
  /** The stepper's lowest value: the 起购数量, at least 1. */
  min: number
  /** The stepper's highest value: the stock, and what the member may still buy under 每人限购. */
  max: number
  /** Units the member may still buy (Infinity without a limit). */
  left: number
  /** Why nothing can be bought (limit used up, less left than the minimum), or ''. */
  blocker: string
}

/** 「每人限购2件」 / 「3件起购」, what the goods details and the spec sheet write (joined by ' · '), or ''. */
export function purchaseRulesText(g: PurchaseRules): string {
  const parts: string[] = []
  if ((g.perMemberLimit || 0) > 0) parts.push(`每人限购${g.perMemberLimit}件`)
  if ((g.minQuantity || 0) > 1) parts.push(`${g.minQuantity}件起购`)
  return parts.join(' · ')
}

/** The same words as the server's refusal (code 2005), for the sheet's own hint. */
export const limitReachedText = (g: PurchaseRules) => `该商品每人限购${g.perMemberLimit}件${(g.bought || 0) > 0 ? `，您已购买${g.bought}件` : ''}`

/** The quantity a shopper may pick for a goods with `stock` units of the chosen SKU (docs/orders.md "Purchase limits"). */
export function quantityBounds(g: PurchaseRules, stock: number): QuantityBounds {
  const min = Math.max(1, g.minQuantity || 0)
  const limit = g.perMemberLimit || 0
  const left = limit > 0 ? Math.max(0, limit - (g.bought || 0)) : Infinity
  const max = Math.max(0, Math.min(stock, left))
  let blocker = ''
  if (left <= 0) blocker = limitReachedText(g)
  else if (left < min) blocker = `该商品${min}件起购，您还可购买${left}件`
  else if (stock > 0 && stock < min) blocker = `该商品${min}件起购，库存仅剩${stock}件`
  return { min, max, left, blocker }
}

/** A quantity brought within the bounds (the lowest when nothing fits). */
export const boundQuantity = (q: number, b: Pick<QuantityBounds, 'min' | 'max'>): number => Math.max(b.min, Math.min(Math.floor(Number(q) || b.min), b.max))

/** Why this quantity cannot be bought under the goods' rules, or ''. */
export function quantityBlocker(g: PurchaseRules, stock: number, quantity: number): string {
  const b = quantityBounds(g, stock)
  if (b.blocker) return b.blocker
  if (quantity < b.min) return `该商品${b.min}件起购`
  if (quantity > b.left) return limitReachedText(g)
  return ''
}
