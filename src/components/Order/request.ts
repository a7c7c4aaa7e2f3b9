import type { OrderPreviewRequest } from '@contract/order'

/** A fresh idempotency key: one per visit of this page, so a double tap makes one order. */
export function newRequestId(): string {
  const rnd = Math.random().toString(36).slice(2, 12)
  return `${Date.now().toString(36)}-${rnd}`.slice(0, 64)
}

/** What the page was opened with: from=cart, or from=buyNow&skuId=..&quantity=.. (goods detail). */
export function orderRequestFromQuery(q: Record<string, string | undefined>): OrderPreviewRequest | null {
  if (q.from === 'buyNow' || q.skuId) {
    const skuId = Number(q.skuId)
    const quantity = Number(q.quantity || 1)
    if (!Number.isInteger(skuId) || skuId <= 0 || !Number.isInteger(quantity) || quantity <= 0) return null
    return { from: 'buyNow', skuId, quantity }
  }
  return { from: 'cart' }
}
