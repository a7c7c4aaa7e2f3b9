import type { Selectable } from 'kysely'
import type { Tx } from '../../db/types'
import type { OrderItemTable, OrderTable } from '../../db/tradeTables'
import type { Contributions } from '../contributions'

/**
 * Order lifecycle hooks, run inside the transaction that changes the state (so a hook's writes
 * commit or roll back with it). Modules contribute them as `orderHooks` of their ShopModule; modules/index.ts
 * (installModules) lists them in the module list's order on the app context (`ctx.modules.orderHooks`):
 * - promotions: 'cancelled' returns the coupon and the points; seckill returns its quota;
 * - agent commission: 'paid' books frozen commission for order.boundBusinessId, 'cancelled'/'completed' settle it;
 * - after-sales: 'received' starts the after-sales window.
 * 'shipped' runs once, when the order becomes to_receive (its last parcel); 'parcel' for each parcel before that
 * (split shipment: the order stays to_ship; the mini-program's shipping info is sent per parcel).
 */
export type OrderEvent = 'created' | 'paid' | 'parcel' | 'shipped' | 'received' | 'completed' | 'cancelled'
export type Operator = 'member' | 'system' | 'admin' | 'gateway'

export interface OrderHookPayload {
  event: OrderEvent
  order: Selectable<OrderTable>
  items: Selectable<OrderItemTable>[]
  operator: Operator
}
export type OrderHook = (tx: Tx, payload: OrderHookPayload) => Promise<void>

/** Runs the modules' hooks for the event (ctx.modules.orderHooks, in the module list's order) inside the caller's transaction. */
export async function runOrderHooks(tx: Tx, modules: Pick<Contributions, 'orderHooks'>, event: OrderEvent, orderId: number, operator: Operator) {
  const list = modules.orderHooks.filter((h) => h.event === event)
  if (!list.length) return
  const order = await tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  for (const h of list) await h.fn(tx, { event, order, items, operator })
}
