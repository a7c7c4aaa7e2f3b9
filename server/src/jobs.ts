import type { AppContext } from './context'
import { jobs } from './modules'

/** A periodic job: runs every `everyMs`; errors are logged, never crash the server. */
export interface Job {
  name: string
  everyMs: number
  run: (ctx: AppContext) => Promise<unknown>
}


export function startJobs(ctx: AppContext): () => void {
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
