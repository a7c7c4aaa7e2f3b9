import type { CreateTableBuilder, Kysely } from 'kysely'
import { dialectOf } from './index'

/** A table with an auto-increment integer primary key "id" on both dialects. */
export function createTable(db: Kysely<any>, name: string): CreateTableBuilder<string, 'id'> {
  const t = db.schema.createTable(name)
  return dialectOf(db) === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Millisecond timestamps: bigint on PostgreSQL (read back as numbers), integer on SQLite. */
export const TIME = 'bigint' as const
