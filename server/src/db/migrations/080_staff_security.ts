import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Staff sign-in security (docs/console.md "Sign-in security"):
 *  - staff_login_failures: wrong sign-ins counted per username *and* client address, so a stranger's failures
 *    lock only the stranger out (unknown usernames are counted the same way, so the answers never differ);
 *    it replaces staff.failed_attempts / first_failed_at / locked_until, which locked the account for everyone;
 *  - staff.totp_secret / totp_pending_secret / totp_enabled_at / totp_last_step: two-factor sign-in with an
 *    authenticator app (the secrets encrypted with SETTINGS_KEY when it is set; the last used time step, so a
 *    code is never accepted twice);
 *  - staff_recovery_codes: single-use recovery codes (SHA-256 only);
 *  - staff_sessions.user_agent / last_seen_at: where and when each session signed in and was last used.
 * Whether every role must use two-factor sign-in is the shop_settings row `staffSecurity`.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'staff_login_failures')
    .addColumn('username', 'varchar(32)', (c) => c.notNull())
    .addColumn('client', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_at', TIME, (c) => c.notNull())
    .addColumn('locked_until', TIME)
    .execute()
  await db.schema.createIndex('staff_login_failures_key').on('staff_login_failures').columns(['username', 'client']).unique().execute()

  await db.schema.alterTable('staff').addColumn('totp_secret', 'varchar(256)').execute()
  await db.schema.alterTable('staff').addColumn('totp_pending_secret', 'varchar(256)').execute()
  await db.schema.alterTable('staff').addColumn('totp_enabled_at', TIME).execute()
  await db.schema
    .alterTable('staff')
    .addColumn('totp_last_step', TIME, (c) => c.notNull().defaultTo(0))
    .execute()
  for (const c of ['failed_attempts', 'first_failed_at', 'locked_until']) await db.schema.alterTable('staff').dropColumn(c).execute()

  await createTable(db, 'staff_recovery_codes')
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('staff_recovery_codes_staff').on('staff_recovery_codes').columns(['staff_id', 'code_hash']).execute()

  await db.schema
    .alterTable('staff_sessions')
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('staff_sessions').addColumn('last_seen_at', TIME).execute()
}

export async function down(db: Kysely<any>) {
  for (const c of ['last_seen_at', 'user_agent']) await db.schema.alterTable('staff_sessions').dropColumn(c).execute()
  await db.schema.dropTable('staff_recovery_codes').ifExists().execute()
  await db.schema
    .alterTable('staff')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('staff').addColumn('first_failed_at', TIME).execute()
  await db.schema.alterTable('staff').addColumn('locked_until', TIME).execute()
  for (const c of ['totp_last_step', 'totp_enabled_at', 'totp_pending_secret', 'totp_secret']) await db.schema.alterTable('staff').dropColumn(c).execute()
  await db.schema.dropTable('staff_login_failures').ifExists().execute()
}
