import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

export async function up(db: Kysely<any>) {
  await createTable(db, 'members')
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('openid_h5', 'varchar(64)', (c) => c.unique())
    .addColumn('openid_mini', 'varchar(64)', (c) => c.unique())
    .addColumn('share_member_id', 'integer')
    .addColumn('bound_business_id', 'integer')
    .addColumn('invitation_code', 'varchar(16)', (c) => c.unique())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cashback_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('logoff_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()

  await createTable(db, 'sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute()

  await createTable(db, 'sms_codes')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute()
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute()

  // Agent shops: the member's businessId / shopName come from here (rules in docs/agent.md).
  await createTable(db, 'agent_shops')
    .addColumn('member_id', 'integer', (c) => c.notNull().unique())
    .addColumn('shop_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('commission_rate', 'integer', (c) => c.notNull().defaultTo(1000)) // basis points: 1000 = 10 %
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()

  // Generic fixed-window counters for rate limits shared by every server instance.
  await db.schema
    .createTable('rate_counters')
    .addColumn('bucket', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('kv_cache')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute()

  await createTable(db, 'uploads')
    .addColumn('member_id', 'integer')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['uploads', 'kv_cache', 'rate_counters', 'agent_shops', 'sms_codes', 'sessions', 'members']) await db.schema.dropTable(t).ifExists().execute()
}
