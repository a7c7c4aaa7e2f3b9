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
