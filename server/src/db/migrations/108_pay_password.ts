import type { Kysely } from 'kysely'
import { TIME } from '../schemaHelpers'

/**
 * 支付密码 (issue 35; docs/balance.md "支付密码"): one row per member who set one. Only an argon2id hash (its own salt
 * inside) is kept; failed_tries counts wrong tries since the last right one, locked_until ends a lock (5 wrong → 1 hour).
 * sms_codes.purpose: a code sent for the payment password cannot log in, and a login code cannot reset the password.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('member_pay_passwords')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('sms_codes')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().defaultTo('login'))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('sms_codes').dropColumn('purpose').execute()
  await db.schema.dropTable('member_pay_passwords').execute()
}
