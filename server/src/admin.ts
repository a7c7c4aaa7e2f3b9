/**
 * The operator CLI: `npm run admin -- <command> ...` (e.g. `npm run admin -- ship 2026… SF SF1234567890`).
 * Opens the same database as the server (DATABASE_URL, else DATA_DIR/mall.sqlite) and runs one command.
 */
import path from 'node:path'
import { loadConfig } from './config'
import { createDb } from './db'
import { migrateToLatest } from './db/migrate'
import './db/tables'
import './db/tradeTables'
import { runAdminCommand } from './adminCommands'
// Each module's commands register themselves on import: one line per module.
import './modules/order/admin'
import './modules/agent/admin'
import './db/afterSalesTables'
import './modules/cashback/admin'
import './modules/afterSales/admin'
import './modules/feedback/admin'
import './modules/integral/admin'
import './modules/turntable/admin'
import './admin/cli'

async function main() {
  const config = loadConfig()
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'mall.sqlite'), poolSize: 2 })
  try {
    await migrateToLatest(db)
    const code = await runAdminCommand(process.argv.slice(2), { config, db, out: (line) => console.log(line) })
    process.exitCode = code
  } finally {
    await db.destroy()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
