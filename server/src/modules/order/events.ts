import type { Tx } from '../../db/types'

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

type Entry = { event: keyof OrderEventMap; name: string; fn: OrderEventListener<any> }
/** The modules' listeners (installModules) and the extra ones added with `on` (tests). */
let moduleListeners: Entry[] = []
let extraListeners: Entry[] = []
const all = (event: keyof OrderEventMap) => [...moduleListeners, ...extraListeners].filter((l) => l.event === event)

export const orderEvents = {
  /** Installs the modules' listeners, replacing any installed before (modules/index.ts calls this). */
  setModuleListeners(list: Entry[]) {
    moduleListeners = [...list]
  },
  /** Adds an extra listener after the modules' ones; one with the same name for the same event is replaced. */
  on<E extends keyof OrderEventMap>(event: E, name: string, fn: OrderEventListener<E>) {
    const i = extraListeners.findIndex((l) => l.event === event && l.name === name)
    if (i >= 0) extraListeners[i] = { event, name, fn }
    else extraListeners.push({ event, name, fn })
  },
  off<E extends keyof OrderEventMap>(event: E, name: string) {
    extraListeners = extraListeners.filter((l) => !(l.event === event && l.name === name))
  },
  /** Runs every listener in order (the modules' first) inside the caller's transaction. */
  async emit<E extends keyof OrderEventMap>(event: E, tx: Tx, payload: OrderEventMap[E]) {
    for (const l of all(event)) await l.fn(tx, payload)
  },
  listenerNames: (event: keyof OrderEventMap) => all(event).map((l) => l.name),
}
