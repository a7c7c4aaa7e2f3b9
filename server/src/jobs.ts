import type { AppContext } from './context'
import type { Job } from './modules/shopModule'
import { jobs as moduleJobs } from './modules'

export type { Job }

export function startJobs(ctx: AppContext, jobs: readonly Job[] = moduleJobs): () => void {
  const timers = jobs.map((job) => {
    let running = false
    return setInterval(async () => {
      if (running) return
      running = true
      try {
        await job.run(ctx)
      } catch (err) {
        ctx.log.error({ err, job: job.name }, 'job failed')
      } finally {
        running = false
      }
    }, job.everyMs)
  })
  return () => timers.forEach(clearInterval)
}
