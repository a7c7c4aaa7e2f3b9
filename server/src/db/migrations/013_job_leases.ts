import type { Kysely } from 'kysely'
import { TIME } from '../schemaHelpers'

/** One row per periodic job: which instance runs it this period, until when (jobs.ts). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(128)', (c) => c.notNull())
    .addColumn('lease_until', TIME, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('job_leases').ifExists().execute()
}
