import type { Selectable } from 'kysely'
import type { Tx } from '../../db/types'
import type { OrderItemTable, OrderTable } from '../../db/tradeTables'

/**
 * Order lifecycle hooks, run inside the transaction that changes the state (so a hook's writes
 * commit or roll back with it). Modules contribute them as `orderHooks` of their ShopModule, installed by
 * modules/index.ts (installModules) in the module list's order:
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

type Entry = { event: OrderEvent; name: string; fn: OrderHook }
/** The modules' hooks (installModules) and the extra ones registered by name (tests). */
let moduleHooks: Entry[] = []
const extraHooks: Entry[] = []

/** Installs the modules' hooks, replacing any installed before (modules/index.ts calls this). */
export function setModuleOrderHooks(list: Entry[]) {
  moduleHooks = [...list]
}

/** Registers an extra hook after the modules' ones (tests); one with the same name for the same event is replaced. */
export function registerOrderHook(event: OrderEvent, name: string, fn: OrderHook) {
  const i = extraHooks.findIndex((h) => h.event === event && h.name === name)
  if (i >= 0) extraHooks[i] = { event, name, fn }
  else extraHooks.push({ event, name, fn })
}

export async function runOrderHooks(tx: Tx, event: OrderEvent, orderId: number, operator: Operator) {
  const list = [...moduleHooks, ...extraHooks].filter((h) => h.event === event)
  if (!list.length) return
  const order = await tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  for (const h of list) await h.fn(tx, { event, order, items, operator })
}
