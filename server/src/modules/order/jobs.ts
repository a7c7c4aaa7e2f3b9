import type { Job } from '../shopModule'
import { autoAdvanceOrders } from './service'

/** Auto-receives long-shipped orders and auto-completes long-received ones. */
export const orderAutoAdvanceJob: Job = { name: 'order-auto-advance', everyMs: 10 * 60_000, run: (ctx) => autoAdvanceOrders(ctx.db, Date.now(), 200, ctx.config.autoReceiveDays) }
