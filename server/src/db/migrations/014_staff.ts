import { type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Merchant console (docs/console.md): staff (not members), their sessions, the audit log of every staff write,
 * plus the columns the console edits that the shop had no place for: orders.admin_remark,
 * banner schedules, pinned hot words and configured home sections. And the indexes
 * the console's lists filter on over 100,000 rows.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'staff')
    .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_at', TIME)
    .addColumn('locked_until', TIME)
    .addColumn('last_login_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()

  // id: sha256 of the random cookie value (the cookie itself is never stored).
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute()

  await createTable(db, 'audit_logs')
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('staff_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('at', TIME, (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('audit_logs_at').on('audit_logs').columns(['at', 'id']).execute()
  await db.schema.createIndex('audit_logs_staff').on('audit_logs').columns(['staff_id', 'at']).execute()
  await db.schema.createIndex('audit_logs_target').on('audit_logs').columns(['target_type', 'target_id']).execute()

  await db.schema
    .alterTable('orders')
    .addColumn('admin_remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('banners').addColumn('start_at', TIME).execute()
  await db.schema.alterTable('banners').addColumn('end_at', TIME).execute()

  await createTable(db, 'hot_words')
    .addColumn('word', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await createTable(db, 'home_sections')
    .addColumn('title', 'varchar(32)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('goods_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on'))
    .addColumn('start_at', TIME)
    .addColumn('end_at', TIME)
    .execute()

  // Console lists: newest first, by state, by payment day (dashboard), low stock.
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at', 'id']).execute()
  await db.schema.createIndex('orders_paid').on('orders').column('paid_at').execute()
  await db.schema.createIndex('orders_receiver_phone').on('orders').column('receiver_phone').execute()
  await db.schema.createIndex('after_sales_status').on('after_sales').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('goods_stock').on('goods').columns(['stock', 'id']).execute()
  await db.schema.createIndex('goods_category_id').on('goods').columns(['category_id', 'id']).execute()
  await db.schema.createIndex('goods_status_id').on('goods').columns(['status', 'id']).execute()
  await db.schema.createIndex('order_items_goods').on('order_items').columns(['goods_id', 'order_id']).execute()
  await db.schema.createIndex('members_created').on('members').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('footprints_viewed').on('footprints').column('viewed_at').execute()
}

export async function down(db: Kysely<any>) {
  for (const i of [
    'orders_created',
    'orders_status_created',
    'orders_paid',
    'orders_receiver_phone',
    'after_sales_status',
    'goods_stock',
    'goods_category_id',
    'goods_status_id',
    'order_items_goods',
    'members_created',
    'footprints_viewed',
  ]) {
    await db.schema.dropIndex(i).ifExists().execute()
  }
  for (const t of ['home_sections', 'hot_words', 'audit_logs', 'staff_sessions', 'staff']) await db.schema.dropTable(t).ifExists().execute()
  await db.schema.alterTable('banners').dropColumn('end_at').execute()
  await db.schema.alterTable('banners').dropColumn('start_at').execute()
  await db.schema.alterTable('orders').dropColumn('admin_remark').execute()
}
