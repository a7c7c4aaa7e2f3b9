import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'

/**
 * Indexes for a shop of a million members and orders (issue 37, docs/BENCHMARKS.md "The console at scale"):
 * - members_bound: an agent's customers (agent home, 我的客户, the console's agent figures) by bound_business_id;
 * - members_disabled: the console's 已禁用 filter, a few rows among many (partial index, both databases);
 * - members_nickname: the console's nickname search as a prefix range (server/src/db/prefix.ts), in code-point
 *   order: PostgreSQL's "C" collation (its default collation orders by language), SQLite's BINARY.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex('members_bound').on('members').columns(['bound_business_id', 'created_at']).execute()
  await db.schema.createIndex('members_disabled').on('members').columns(['created_at', 'id']).where(sql.ref('disabled_at'), 'is not', null).execute()
  if (dialectOf(db) === 'postgres') await sql`CREATE INDEX members_nickname ON members (nickname COLLATE "C")`.execute(db)
  else await db.schema.createIndex('members_nickname').on('members').column('nickname').execute()
}

export async function down(db: Kysely<any>) {
  for (const name of ['members_nickname', 'members_disabled', 'members_bound']) await db.schema.dropIndex(name).execute()
}
