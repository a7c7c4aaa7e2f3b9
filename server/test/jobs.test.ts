// Periodic jobs run on one instance at a time: a lease per job in the database (server/src/jobs.ts).
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { claimLease, startJobs } from '../src/jobs'
import { createDb } from '../src/db'
import type { AppContext } from '../src/context'
import type { Job } from '../src/modules/shopModule'

describe.each(DIALECTS)('job leases on %s', (dialect) => {
  let t: TestApp
  let other: AppContext
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    // A second instance over the same database: on PostgreSQL its own pool on the same schema.
    const db2 = dialect === 'postgres' ? createDb({ databaseUrl: t.ctx.config.databaseUrl, poolSize: 4 }) : t.db
    other = { ...t.ctx, db: db2 }
  })
  afterAll(async () => {
    if (other.db !== t.db) await other.db.destroy()
    await t.close()
  })

  it('gives a lease to one owner until it runs out, then to whoever asks first', async () => {
    const now = 1_000_000
    expect(await claimLease(t.db, 'lease-unit', 'a', 10_000, now)).toBe(true)
    expect(await claimLease(other.db, 'lease-unit', 'b', 10_000, now + 1)).toBe(false)
    expect(await claimLease(t.db, 'lease-unit', 'a', 10_000, now + 2)).toBe(false) // not twice in one period either
    expect(await claimLease(other.db, 'lease-unit', 'b', 10_000, now + 10_000)).toBe(true)
    expect(await claimLease(t.db, 'lease-unit', 'a', 10_000, now + 10_001)).toBe(false)
  })

  it('of several instances claiming at the same moment, exactly one gets the lease', async () => {
    const now = 2_000_000
    const got = await Promise.all(Array.from({ length: 6 }, (_, i) => claimLease(i % 2 ? other.db : t.db, 'lease-race', `owner-${i}`, 10_000, now)))
    expect(got.filter(Boolean)).toHaveLength(1)
  })

  it('runs a job once per period across two instances, and stop() waits for a run in progress', async () => {
    const runs: Array<{ who: string; at: number }> = []
    const job = (who: string): Job => ({
      name: 'lease-demo',
      everyMs: 300,
      run: async () => {
        runs.push({ who, at: Date.now() })
        await new Promise((r) => setTimeout(r, 50))
      },
    })
    const started = Date.now()
    const stopA = startJobs(t.ctx, [job('a')], 'instance-a')
    const stopB = startJobs(other, [job('b')], 'instance-b')
    await new Promise((r) => setTimeout(r, 2000))
    await Promise.all([stopA(), stopB()])
    const periods = Math.floor((Date.now() - started) / 300)
    // Without the lease both instances would run it every period (about twice as many runs, in pairs).
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(periods / 2))
    expect(runs.length).toBeLessThanOrEqual(periods)
    const at = runs.map((r) => r.at).sort((x, y) => x - y)
    // Never two runs in one period: without the lease the two instances' runs come in pairs a few ms apart. The margin
    // below the period is the event loop's lag between claiming and running (179 ms apart once on a loaded CI machine).
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(100)
    const metrics = await t.ctx.metrics.registry.getSingleMetricAsString('shop_job_runs_total')
    expect(metrics).toMatch(/job="lease-demo",result="ok"/)
  })
})
