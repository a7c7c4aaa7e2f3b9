import type { Selectable } from 'kysely'
import type { Tx } from '../../db/types'
import type { OrderItemTable, OrderTable } from '../../db/tradeTables'

/**
 * Order lifecycle hooks, run inside the transaction that changes the state (so a hook's writes
 * commit or roll back with it). Other modules register here:
 * - promotions: 'cancelled' returns the coupon and the points; seckill returns its quota;
 * - agent commission: 'paid' books frozen commission for order.boundBusinessId, 'cancelled'/'completed' settle it;
 * - after-sales: 'received' starts the after-sales window.
 */
export type OrderEvent = 'created' | 'paid' | 'shipped' | 'received' | 'completed' | 'cancelled'
export type Operator = 'member' | 'system' | 'admin' | 'gateway'

export interface OrderHookPayload {
  event: OrderEvent
  order: Selectable<OrderTable>
  items: Selectable<OrderItemTable>[]
  operator: Operator
}
export type OrderHook = (tx: Tx, payload: OrderHookPayload) => Promise<void>

const hooks = new Map<OrderEvent, Array<{ name: string; fn: OrderHook }>>()

/** Registers a hook; one with the same name for the same event is replaced. */
export function registerOrderHook(event: OrderEvent, name: string, fn: OrderHook) {
  const list = hooks.get(event) || []
  const i = list.findIndex((h) => h.name === name)
  if (i >= 0) list[i] = { name, fn }
  else list.push({ name, fn })
  hooks.set(event, list)
}

export async function runOrderHooks(tx: Tx, event: OrderEvent, orderId: number, operator: Operator) {
  const list = hooks.get(event)
  if (!list?.length) return
  const order = await tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  for (const h of list) await h.fn(tx, { event, order, items, operator })
}
