import type { Job } from '../shopModule'
import { settleGroups } from './service'

/** Groups past their deadline fail (or are filled virtually), unpaid orders of ended groups are cancelled, and failed or late places refunded. */
export const groupSettleJob: Job = { name: 'group-buy-settle', everyMs: 30_000, run: (ctx) => settleGroups(ctx) }
