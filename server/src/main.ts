import cluster from 'node:cluster'
import path from 'node:path'
import { loadConfig } from './config'
import { createDb } from './db'
import { migrateToLatest } from './db/migrate'
import { seedIfEmpty } from './db/seed'
import { buildApp } from './app'
import { startJobs } from './jobs'

/**
 * One API process. With WORKERS=N (N > 1) the primary migrates and seeds once, then forks N workers
 * sharing the port (node:cluster); only the first worker runs the periodic jobs, and then only the jobs whose
 * lease it takes (jobs.ts): other machines' instances share the work through the same leases.
 */
async function serve(opts: { prepare: boolean; jobs: boolean }) {
  const config = loadConfig()
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'mall.sqlite') })
  if (opts.prepare) await migrateToLatest(db)
  const { app, ctx } = await buildApp({ config, db })
  if (opts.prepare) await seedIfEmpty(ctx)
  const stopJobs = opts.jobs ? startJobs(ctx) : async () => {}
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`shop ready on http://127.0.0.1:${config.port}/ (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, pid ${process.pid})`)
  // Graceful shutdown (SIGTERM from the orchestrator, Ctrl-C): stop accepting connections, let the requests in
  // flight and the jobs running finish, close Redis and the database pool, exit 0; exit 1 if that takes longer
  // than SHUTDOWN_TIMEOUT_MS.
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight and running jobs')
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`)
      process.exit(1)
    }, config.shutdownTimeoutMs).unref()
    try {
      await Promise.all([stopJobs(), app.close()])
      await db.destroy()
      app.log.info('shut down')
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

async function prepareOnly() {
  const config = loadConfig()
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'mall.sqlite') })
  await migrateToLatest(db)
  const { ctx } = await buildApp({ config, db, serveStatic: false, logger: false })
  await seedIfEmpty(ctx)
  await db.destroy()
}

async function main() {
  const workers = Number(process.env.WORKERS || 1)
  if (workers <= 1) return serve({ prepare: true, jobs: true })
  if (cluster.isPrimary) {
    await prepareOnly()
    for (let i = 0; i < workers; i++) cluster.fork({ WORKER_INDEX: String(i) })
    let stopping = false
    cluster.on('exit', (worker, code, signal) => {
      if (stopping || signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return
      console.error(`worker ${worker.process.pid} died (${signal || code}); starting another`)
      cluster.fork({ WORKER_INDEX: String((worker as any).process.env?.WORKER_INDEX ?? 9) })
    })
    // Each worker shuts down gracefully (serve above); the primary exits once they all have.
    const stop = () => {
      if (stopping) return
      stopping = true
      const alive = () => Object.values(cluster.workers || {}).filter((w) => w && !w.isDead()).length
      for (const w of Object.values(cluster.workers || {})) w?.process.kill('SIGTERM')
      cluster.on('exit', () => {
        if (!alive()) process.exit(0)
      })
      if (!alive()) process.exit(0)
      setTimeout(() => process.exit(1), loadConfig().shutdownTimeoutMs + 2000).unref()
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
    return
  }
  return serve({ prepare: false, jobs: process.env.WORKER_INDEX === '0' })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
