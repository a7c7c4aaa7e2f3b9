// Writes docs/data-model.md from the migrations: every table with its columns and types (run: npx tsx scripts/data-model.ts).
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { createDb } from '../server/src/db'
import { migrateToLatest } from '../server/src/db/migrate'
import { migrations } from '../server/src/db/migrations'

async function main() {
  const db = createDb({ sqliteFile: ':memory:' })
  await migrateToLatest(db)
  const tables = await sql<{
    name: string
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND name NOT LIKE '%fts%' ORDER BY name`.execute(db)
  const out: string[] = [
    '# Data model',
    '',
    'Generated from the migrations by `npx tsx scripts/data-model.ts` (SQLite types shown; PostgreSQL uses the same names with `serial` ids and `bigint` times). Money is in fen, times are milliseconds since the epoch, JSON columns are text. The rules that change these tables are in `orders.md`, `promotions.md`, `after-sales.md`, `agent.md`, `content.md` and `wechat.md`.',
    '',
    `Migrations, in order: ${Object.keys(migrations)
      .map((m) => `\`${m}\``)
      .join(', ')}.`,
    '',
  ]
  for (const { name } of tables.rows) {
    const cols = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`SELECT * FROM pragma_table_info(${name})`.execute(db)
    const idx = await sql<{ name: string; unique: number }>`SELECT name, "unique" FROM pragma_index_list(${name})`.execute(db)
    out.push(`## ${name}`, '', '| column | type | null | default |', '|---|---|---|---|')
    for (const c of cols.rows) out.push(`| ${c.name}${c.pk ? ' (pk)' : ''} | ${c.type} | ${c.notnull ? 'no' : 'yes'} | ${c.dflt_value ?? ''} |`)
    const named = idx.rows.filter((i) => !i.name.startsWith('sqlite_autoindex'))
    const uniques = idx.rows.filter((i) => i.name.startsWith('sqlite_autoindex') || i.unique)
    if (named.length || uniques.length)
      out.push('', `Indexes: ${idx.rows.map((i) => `${i.name.replace(/^sqlite_autoindex_/, 'unique ')}${i.unique && !i.name.startsWith('sqlite_autoindex') ? ' (unique)' : ''}`).join(', ')}`)
    out.push('')
  }
  fs.writeFileSync(path.join(__dirname, '..', 'docs', 'data-model.md'), out.join('\n'))
  await db.destroy()
  console.log(`docs/data-model.md: ${tables.rows.length} tables`)
}
main()
