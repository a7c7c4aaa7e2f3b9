import { Migrator, sql, type Kysely } from 'kysely'
import { dialectOf } from './index'
import { migrations } from './migrations'

export async function migrateToLatest(db: Kysely<any>) {
  // On PostgreSQL, name the schema of the migration tables: without it Kysely finds a kysely_migration_lock
  // table of ANY schema and skips creating its own (parallel test files each use their own schema).
  const migrationTableSchema = dialectOf(db) === 'postgres' ? ((await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? undefined) : undefined
  // Modules add migrations by number; a database that ran a later one first still gets the earlier one.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`migration ${failed?.migrationName || ''} failed: ${(error as Error).message || error}`)
  }
}
