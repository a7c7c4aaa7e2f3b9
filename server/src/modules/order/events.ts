import type { Tx } from '../../db/types'
import type { Contributions } from '../contributions'

/**
 * Order events that are not order state changes (those are the hooks of ./hooks.ts). Listeners run inside
 * the transaction that records the event, so their writes commit or roll back with it; a listener that
 * throws rolls the whole change back.
 *
 * - 'refunded': an after-sales refund has succeeded (emitted once per refund, by modules/afterSales). The agent
 *   module (its ShopModule.orderEvents) reverses the commission of the refunded amount. `pointsReturn` and `couponId` are informative: the
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

export type OrderEventListener<E extends keyof OrderEventMap> = (tx: Tx, payload: OrderEventMap[E]) => Promise<void>
/** What a module listens to (ShopModule.orderEvents). */
export type OrderEventListeners = { [E in keyof OrderEventMap]?: OrderEventListener<E> }

/** Runs every listener (ctx.modules.orderEvents, in the module list's order) inside the caller's transaction. */
export async function emitOrderEvent<E extends keyof OrderEventMap>(tx: Tx, modules: Pick<Contributions, 'orderEvents'>, event: E, payload: OrderEventMap[E]) {
  for (const l of modules.orderEvents) if (l.event === event) await (l.fn as OrderEventListener<E>)(tx, payload)
}
