import type { Job } from '../shopModule'
import { anonymiseDue } from './service'

/** Anonymises accounts whose logoff cooling-off period (LOGOFF_COOLING_DAYS) has ended. */
export const logoffAnonymiseJob: Job = { name: 'logoff-anonymise', everyMs: 10 * 60_000, run: (ctx) => anonymiseDue(ctx.db, ctx.modules) }
