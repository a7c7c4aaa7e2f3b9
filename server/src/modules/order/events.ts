import type { Tx } from '../../db/types'

/**
 * Order events that are not order state changes (those are the hooks of ./hooks.ts). Listeners run inside
 * the transaction that records the event, so their writes commit or roll back with it; a listener that
 * throws rolls the whole change back.
 *
 * - 'refunded': an after-sales refund has succeeded (emitted once per refund, by modules/afterSales). The agent
 *   module reverses the commission of the refunded amount. `pointsReturn` and `couponId` are informative: the
 *   after-sales module has already given them back through the promotions module (docs/after-sales.md).
 */
export interface OrderRefundedEvent {
  orderId: number
  orderNo: string
  memberId: number
  /** orders.bound_business_id (the agent shop credited for the order), if any. */
  boundBusinessId: number | null
  afterSaleId: number
  afterSaleNo: string
  refundNo: string
  /** Money refunded by this refund (fen), freight included. */
  amount: number
  /** Part of `amount` that is freight (only the last refund of an unshipped order). */
  freightAmount: number
  /** Lines refunded by this refund: units and money (goods part). */
  items: Array<{ orderItemId: number; goodsId: number; skuId: number; quantity: number; amount: number }>
  /** Every unit of the order is now refunded. */
  fullyRefunded: boolean
  /** Points to give back for this refund (proportional; the rest of the points when fully refunded). */
  pointsReturn: number
  /** The order's coupon to give back (only when fully refunded), else null. */
  couponId: number | null
  operator: 'member' | 'admin' | 'system'
}

export interface OrderEventMap {
  refunded: OrderRefundedEvent
}

type Listener<E extends keyof OrderEventMap> = (tx: Tx, payload: OrderEventMap[E]) => Promise<void>

const listeners = new Map<keyof OrderEventMap, Array<{ name: string; fn: Listener<any> }>>()

export const orderEvents = {
  /** Adds a listener; one with the same name for the same event is replaced (modules register at import). */
  on<E extends keyof OrderEventMap>(event: E, name: string, fn: Listener<E>) {
    const list = listeners.get(event) || []
    const i = list.findIndex((l) => l.name === name)
    if (i >= 0) list[i] = { name, fn }
    else list.push({ name, fn })
    listeners.set(event, list)
  },
  off<E extends keyof OrderEventMap>(event: E, name: string) {
    listeners.set(event, (listeners.get(event) || []).filter((l) => l.name !== name))
  },
  /** Runs every listener in registration order inside the caller's transaction. */
  async emit<E extends keyof OrderEventMap>(event: E, tx: Tx, payload: OrderEventMap[E]) {
    for (const l of listeners.get(event) || []) await l.fn(tx, payload)
  },
  listenerNames: (event: keyof OrderEventMap) => (listeners.get(event) || []).map((l) => l.name),
}
