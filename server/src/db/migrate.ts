import { Migrator, type Kysely } from 'kysely'
import { migrations } from './migrations'

export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`migration ${failed?.migrationName || ''} failed: ${(error as Error).message || error}`)
  }
}
