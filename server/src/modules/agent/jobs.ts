import type { Job } from '../shopModule'
import { releaseDueCommissions } from './commission'

/** Makes frozen commission available once its order's after-sales window has passed (docs/agent.md). */
export const commissionReleaseJob: Job = { name: 'commission-release', everyMs: 5 * 60_000, run: (ctx) => releaseDueCommissions(ctx.db) }
