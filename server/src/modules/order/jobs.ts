import type { Job } from '../shopModule'
import { autoAdvanceOrders, expireOrders } from './service'

/** Cancels unpaid orders past expire_at (config.orderExpireMinutes) and returns their stock. */
export const orderExpiryJob: Job = { name: 'order-expiry', everyMs: 30_000, run: (ctx) => expireOrders(ctx.db) }

/** Auto-receives long-shipped orders and auto-completes long-received ones. */
export const orderAutoAdvanceJob: Job = { name: 'order-auto-advance', everyMs: 10 * 60_000, run: (ctx) => autoAdvanceOrders(ctx.db) }
