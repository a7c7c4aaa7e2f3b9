import path from 'node:path'
import { loadConfig } from './config'
import { createDb } from './db'
import { migrateToLatest } from './db/migrate'
import { seedIfEmpty } from './db/seed'
import { buildApp } from './app'
import { startJobs } from './jobs'

async function main() {
  const config = loadConfig()
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'mall.sqlite') })
  await migrateToLatest(db)
  const { app, ctx } = await buildApp({ config, db })
  await seedIfEmpty(ctx)
  const stopJobs = startJobs(ctx)
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`shop ready on http://127.0.0.1:${config.port}/ (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`)
  const shutdown = async () => {
    stopJobs()
    await app.close()
    await db.destroy()
    process.exit(0)
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
