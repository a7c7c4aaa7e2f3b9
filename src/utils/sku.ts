import type { Sku, SpecGroup } from '@contract/goods'

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
