import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Self-pickup (自提, issue 34; docs/orders.md "Self-pickup"):
 * - pickup_points: the shop's pickup points (设置 → 自提点): name, address (region + detail), business hours, phone,
 *   enabled, sort.
 * - orders.delivery_type: 'delivery' (shipped by courier, every order before this migration) or 'pickup'; a pickup
 *   order keeps the point's id and a copy of its name, address, hours and phone as they were at submission (later
 *   edits of the point never change an old order), and its pickup code: 8 random digits, unique among orders, shown to
 *   the shopper once paid and typed or scanned by staff to verify (核销); pickup_verified_at / pickup_verified_by (the
 *   staff member's name) are set once by that verification.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'pickup_points')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('province', 'varchar(16)', (c) => c.notNull())
    .addColumn('city', 'varchar(16)', (c) => c.notNull())
    .addColumn('district', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'varchar(100)', (c) => c.notNull())
    .addColumn('hours', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_type', 'varchar(16)', (c) => c.notNull().defaultTo('delivery'))
    .execute()
  await db.schema.alterTable('orders').addColumn('pickup_point_id', 'integer').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('pickup_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('pickup_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('pickup_hours', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('pickup_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('orders').addColumn('pickup_code', 'varchar(16)').execute()
  await db.schema.alterTable('orders').addColumn('pickup_verified_at', TIME).execute()
  await db.schema.alterTable('orders').addColumn('pickup_verified_by', 'varchar(64)').execute()
  await db.schema.createIndex('orders_pickup_code').on('orders').column('pickup_code').unique().execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('orders_pickup_code').execute()
  for (const c of ['pickup_verified_by', 'pickup_verified_at', 'pickup_code', 'pickup_phone', 'pickup_hours', 'pickup_address', 'pickup_name', 'pickup_point_id', 'delivery_type'])
    await db.schema.alterTable('orders').dropColumn(c).execute()
  await db.schema.dropTable('pickup_points').execute()
}
