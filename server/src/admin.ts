/**
 * The operator CLI: `npm run admin -- <command> ...` (e.g. `npm run admin -- ship 2026… SF SF1234567890`).
 * Opens the same database as the server (DATABASE_URL, else DATA_DIR/mall.sqlite) and runs one command.
 * The commands are the modules' (ShopModule.commands, listed in modules/index.ts).
 */
import path from 'node:path'
import { loadConfig } from './config'
import { createDb } from './db'
import { migrateToLatest } from './db/migrate'
import { runAdminCommand } from './adminCommands'
import { installModules } from './modules'
import { applyStoredSettings } from './modules/settings/store'

async function main() {
  const config = loadConfig()
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'mall.sqlite'), poolSize: 2 })
  try {
    await migrateToLatest(db)
    // The console's 设置 (timeouts, WeChat settings) apply to the commands as to the server.
    await applyStoredSettings(db, config)
    const code = await runAdminCommand(process.argv.slice(2), {
      config,
      db,
      out: (line) => console.log(line),
      // The commands change orders like the server does: the same hooks (coupon and points back on cancel...).
      modules: installModules(),
    })
    process.exitCode = code
  } finally {
    await db.destroy()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
