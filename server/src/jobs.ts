import os from 'node:os'
import crypto from 'node:crypto'
import type { AppContext } from './context'
import type { Db } from './db/types'
import type { Job } from './modules/shopModule'
import { jobs as moduleJobs } from './modules'

export type { Job }

export interface JobLeaseTable {
  name: string
  owner: string
  leaseUntil: number
}
declare module './db/types' {
  interface DB {
    jobLeases: JobLeaseTable
  }
}

/**
 * Takes the job's lease for one period when it is free or has run out: one conditional upsert, so of several
 * instances ticking at once exactly one gets it. The lease ends a little before the period does, so the next
 * tick (any instance's) finds it free despite timer drift; a job is thus run once per period across instances.
 */
export async function claimLease(db: Db, name: string, owner: string, everyMs: number, now = Date.now()): Promise<boolean> {
  const leaseUntil = now + everyMs - Math.min(1000, Math.floor(everyMs / 10))
  await db
    .insertInto('jobLeases')
    .values({ name, owner, leaseUntil })
    .onConflict((oc) => oc.column('name').doUpdateSet({ owner, leaseUntil }).where('jobLeases.leaseUntil', '<=', now))
    .execute()
  const row = await db.selectFrom('jobLeases').select(['owner', 'leaseUntil']).where('name', '=', name).executeTakeFirst()
  return !!row && row.owner === owner && Number(row.leaseUntil) === leaseUntil
}

/** A name for this instance in the leases table: host, pid and a random part (two apps in one process differ). */
export const instanceName = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`

/**
 * Starts every job on a timer. Each tick, the job runs here only if this instance takes its lease (jobs run on
 * one instance at a time, whichever ticks first); a run still going skips the tick. Errors are logged and
 * counted (shop_job_runs_total), never crash the server. Returns stop(): clears the timers and waits for the
 * runs in progress to end.
 */
export function startJobs(ctx: AppContext, jobs: readonly Job[] = moduleJobs, owner = instanceName()): () => Promise<void> {
  const running = new Set<Promise<void>>()
  const tick = async (job: Job) => {
    let claimed = false
    try {
      claimed = await claimLease(ctx.db, job.name, owner, job.everyMs)
    } catch (err) {
      ctx.log.error({ err, job: job.name }, 'job lease failed')
      ctx.metrics.jobRuns.inc({ job: job.name, result: 'failed' })
      return
    }
    if (!claimed) {
      ctx.metrics.jobRuns.inc({ job: job.name, result: 'skipped' })
      return
    }
    const end = ctx.metrics.jobDuration.startTimer({ job: job.name })
    try {
      await job.run(ctx)
      ctx.metrics.jobRuns.inc({ job: job.name, result: 'ok' })
    } catch (err) {
      ctx.log.error({ err, job: job.name }, 'job failed')
      ctx.metrics.jobRuns.inc({ job: job.name, result: 'failed' })
    } finally {
      end()
    }
  }
  const timers = jobs.map((job) => {
    let current: Promise<void> | null = null
    return setInterval(() => {
      if (current) return
      current = tick(job).finally(() => {
        running.delete(p)
        current = null
      })
      const p = current
      running.add(p)
    }, job.everyMs)
  })
  return async () => {
    timers.forEach(clearInterval)
    await Promise.allSettled([...running])
  }
}
