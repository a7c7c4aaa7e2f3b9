import type { Kysely } from 'kysely'
import { TIME } from '../schemaHelpers'

/** Catalogue additions: search terms that found goods, counted for the hot-word list. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('search_terms_count').on('search_terms').column('count').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('search_terms').ifExists().execute()
}
