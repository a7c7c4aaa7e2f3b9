import type { Job } from '../shopModule'
import { autoAdvanceOrders } from './service'
import { syncFreeShippingTags } from './freight'

/** Auto-receives long-shipped orders and auto-completes long-received ones. */
export const orderAutoAdvanceJob: Job = { name: 'order-auto-advance', everyMs: 10 * 60_000, run: (ctx) => autoAdvanceOrders(ctx.db, ctx.modules, Date.now(), 200, ctx.config.autoReceiveDays) }

/**
 * Keeps the 包邮 tags on the freight rules where goods change by other paths than the console's save (and brings
 * a database seeded before the tags were derived into line): writes only the goods whose tag is wrong.
 */
export const freeShippingTagsJob: Job = { name: 'free-shipping-tags', everyMs: 60 * 60_000, run: (ctx) => syncFreeShippingTags(ctx.db).then(() => undefined) }
