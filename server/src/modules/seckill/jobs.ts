import type { Job } from '../shopModule'
import { ensureToday, reconcileGate } from './service'

/** Creates today's sessions from the daily schedule after midnight (China time). */
export const seckillScheduleJob: Job = { name: 'seckill-schedule', everyMs: 60_000, run: (ctx) => ensureToday(ctx.db) }

/** Keeps the stock gate in line with the database for the running sessions (returned quota goes back on sale). */
export const seckillReconcileJob: Job = { name: 'seckill-gate-reconcile', everyMs: 2_000, run: (ctx) => reconcileGate(ctx) }
