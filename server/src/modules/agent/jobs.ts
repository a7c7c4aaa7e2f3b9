import type { Job } from '../shopModule'
import { releaseDueCommissions } from './commission'
import { checkTransfers } from './payout'

/** WeChat merchant transfers not final yet (a lost notification, an unknown create outcome): queried and settled. */
export const transferCheckJob: Job = { name: 'transfer-check', everyMs: 5 * 60_000, run: (ctx) => checkTransfers(ctx) }

/** Makes frozen commission available once its order's after-sales window has passed (docs/agent.md). */
export const commissionReleaseJob: Job = { name: 'commission-release', everyMs: 5 * 60_000, run: (ctx) => releaseDueCommissions(ctx.db) }
