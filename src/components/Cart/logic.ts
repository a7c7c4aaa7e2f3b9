import type { CartLine, CartList } from '@contract/cart'

/** Totals of the selected valid lines (the server computes the same; the page recomputes after local changes). */
export interface CartTotals {
  amount: number
  quantity: number
  /** Selected lines. */
  count: number
  allSelected: boolean
}

export function cartTotals(valid: readonly CartLine[]): CartTotals {
  const chosen = valid.filter((l) => l.selected)
  return {
    amount: chosen.reduce((s, l) => s + l.price * clampQuantity(l.quantity, l.stock), 0),
    quantity: chosen.reduce((s, l) => s + clampQuantity(l.quantity, l.stock), 0),
    count: chosen.length,
    allSelected: valid.length > 0 && chosen.length === valid.length,
  }
}

/** A quantity within 1 … stock (at least 1 even when stock reads 0: such a line is invalid anyway). */
export const clampQuantity = (q: number, stock: number): number => Math.max(1, Math.min(Math.floor(Number(q) || 1), Math.max(1, stock)))

export const setSelected = (lines: readonly CartLine[], ids: readonly number[], selected: boolean): CartLine[] => lines.map((l) => (ids.includes(l.id) ? { ...l, selected } : l))

export const setAllSelected = (lines: readonly CartLine[], selected: boolean): CartLine[] => lines.map((l) => ({ ...l, selected }))

export const setQuantity = (lines: readonly CartLine[], id: number, quantity: number): CartLine[] => lines.map((l) => (l.id === id ? { ...l, quantity: clampQuantity(quantity, l.stock) } : l))

export const removeLines = (list: CartList, ids: readonly number[]): CartList => {
  const valid = list.valid.filter((l) => !ids.includes(l.id))
  const t = cartTotals(valid)
  return { valid, invalid: list.invalid.filter((l) => !ids.includes(l.id)), selectedAmount: t.amount, selectedQuantity: t.quantity, allSelected: t.allSelected }
}

/**
 * The most units a line may hold: its stock, the line cap (999) and, for a goods with 每人限购, what the member has
 * not bought yet less the goods' units on the cart's other lines (the server refuses more: docs/orders.md
 * "Purchase limits"). At least 1, so the stepper never traps a line it cannot lower to.
 */
export function lineMax(line: CartLine, lines: readonly CartLine[], cap = 999): number {
  let max = Math.min(line.stock, cap)
  if (line.perMemberLimit > 0) {
    const others = lines.filter((l) => l.goodsId === line.goodsId && l.id !== line.id).reduce((s, l) => s + l.quantity, 0)
    max = Math.min(max, line.perMemberLimit - line.bought - others)
  }
  return Math.max(1, max)
}

/** Why a line cannot grow past lineMax: the stock, or 每人限购 (with what the member bought already). */
export function overMaxText(line: CartLine, lines: readonly CartLine[]): string {
  if (line.perMemberLimit > 0 && lineMax(line, lines, Infinity) < Math.min(line.stock, 999)) {
    return `每人限购${line.perMemberLimit}件${line.bought > 0 ? `，您已购买${line.bought}件` : ''}`
  }
  return `库存仅剩${line.stock}件`
}

/** The limits shown on a line: 「限购N件」, 「N件起购」. */
export function limitTags(line: CartLine): string[] {
  const tags: string[] = []
  if (line.perMemberLimit > 0) tags.push(`限购${line.perMemberLimit}件`)
  if (line.minQuantity > 1) tags.push(`${line.minQuantity}件起购`)
  return tags
}

/** The first selected goods whose selected units are fewer than its 起购数量, as a message; null when none. */
export function belowMinimum(lines: readonly CartLine[]): string | null {
  const units = new Map<number, { name: string; n: number; min: number }>()
  for (const l of lines) {
    if (!l.selected || l.minQuantity <= 1) continue
    const u = units.get(l.goodsId) ?? { name: l.goodsName, n: 0, min: l.minQuantity }
    u.n += l.quantity
    units.set(l.goodsId, u)
  }
  for (const u of units.values()) if (u.n < u.min) return `「${u.name}」${u.min}件起购，请再加${u.min - u.n}件`
  return null
}
