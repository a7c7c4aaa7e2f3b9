import type { Job } from '../shopModule'
import { closeExpiredRecharges } from './recharge'
import { takeBalanceSnapshot } from './snapshot'

/** Unpaid recharge orders past their time: asked at the gateway (paid → credited), closed there, then closed. */
export const rechargeExpiryJob: Job = { name: 'recharge-expiry', everyMs: 60_000, run: (ctx) => closeExpiredRecharges(ctx) }

/** The shop's outstanding balance of each China day, taken once the day is over (one row per day). */
export const balanceSnapshotJob: Job = { name: 'balance-snapshot', everyMs: 10 * 60_000, run: (ctx) => takeBalanceSnapshot(ctx.db) }

export const rechargeJobs: Job[] = [rechargeExpiryJob, balanceSnapshotJob]
