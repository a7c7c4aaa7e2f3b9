/** The 退款 dialog's lines (order details): what each line has left and what staff picked (docs/after-sales.md "Staff refund"). */
export interface RefundableLine {
  id: number
  quantity: number
  refundedQuantity: number
}

/** Units of a line not yet refunded. */
export const unitsLeft = (l: RefundableLine) => Math.max(0, l.quantity - l.refundedQuantity)

/** The lines that can still be refunded. */
export const refundableLines = <T extends RefundableLine>(items: T[]): T[] => items.filter((l) => unitsLeft(l) > 0)

/** The pickers' starting values: every unit left (the whole rest of the order). */
export const allUnits = (items: RefundableLine[]): Record<string, number> => Object.fromEntries(refundableLines(items).map((l) => [String(l.id), unitsLeft(l)]))

/**
 * What the dialog sends: `items` left out when every unit left is picked (the whole rest, freight included, the order
 * closes), else the picked lines; an error in Chinese when nothing or too much is picked.
 */
export function refundSelection(items: RefundableLine[], picked: Record<string, number | null | undefined>): { items?: Array<{ orderItemId: number; quantity: number }>; error: string } {
  const lines = refundableLines(items)
  const chosen: Array<{ orderItemId: number; quantity: number }> = []
  for (const l of lines) {
    const q = Math.floor(Number(picked[String(l.id)]) || 0)
    if (q > unitsLeft(l)) return { error: `最多可退 ${unitsLeft(l)} 件` }
    if (q > 0) chosen.push({ orderItemId: l.id, quantity: q })
  }
  if (!chosen.length) return { error: '请选择要退款的商品和数量' }
  const all = chosen.length === lines.length && chosen.every((c) => c.quantity === unitsLeft(lines.find((l) => l.id === c.orderItemId)!))
  return all ? { error: '' } : { items: chosen, error: '' }
}
