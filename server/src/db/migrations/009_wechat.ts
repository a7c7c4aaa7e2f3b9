import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('share_scenes')
    .addColumn('key', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()

  await createTable(db, 'wx_login_keys')
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('app', 'varchar(8)', (c) => c.notNull())
    .addColumn('openid', 'varchar(64)', (c) => c.notNull())
    .addColumn('unionid', 'varchar(64)')
    .addColumn('share_member_id', 'integer')
    .addColumn('share_business_id', 'integer')
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('wx_login_keys_expires').on('wx_login_keys').column('expires_at').execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['wx_login_keys', 'share_scenes']) await db.schema.dropTable(t).ifExists().execute()
}
