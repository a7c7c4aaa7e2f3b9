import type { Kysely } from 'kysely'
import { TIME } from '../schemaHelpers'

/**
 * members.disabled_at: when the shop disabled the account (the console sets it; null = usable). A disabled
 * member's tokens are refused and a new login is refused, whatever the account's logoff status.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('members').addColumn('disabled_at', TIME).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('members').dropColumn('disabled_at').execute()
}
