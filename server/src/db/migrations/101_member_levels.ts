import { sql, type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * 会员等级 (issue 36, docs/promotions.md "Member levels").
 * - member_levels: the console's levels: a growth threshold and the benefits (goods discount as the percent paid,
 *   100 = none, 95 = 9.5折; free shipping; points multiplier in tenths, 10 = 1×, 15 = 1.5×).
 * - member_growth: each member's growth value (never negative, CHECK); no row = 0.
 * - growth_ledger: every change of it, one row per (order, kind of change) through the unique ref_key, so a
 *   completion or a refund counted twice collides instead of adding twice.
 * - orders.level_discount: fen the level's discount took off at submission; orders.points_tenths: the points
 *   multiplier of the member's level at submission (the completion reward multiplies by it).
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'member_levels')
    .addColumn('name', 'varchar(16)', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('free_shipping', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_tenths', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('member_levels_bounds', sql`threshold >= 0 AND discount >= 10 AND discount <= 100 AND points_tenths >= 10 AND points_tenths <= 100`)
    .execute()
  await db.schema.createIndex('member_levels_threshold').on('member_levels').column('threshold').unique().execute()
  await db.schema.createIndex('member_levels_name').on('member_levels').column('name').unique().execute()
  await db.schema
    .createTable('member_growth')
    .addColumn('member_id', 'integer', (c) => c.primaryKey())
    .addColumn('growth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('member_growth_bounds', sql`growth >= 0`)
    .execute()
  await createTable(db, 'growth_ledger')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('after', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('ref_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('growth_ledger_ref').on('growth_ledger').column('ref_key').unique().execute()
  await db.schema.createIndex('growth_ledger_member').on('growth_ledger').columns(['member_id', 'id']).execute()
  await db.schema
    .alterTable('orders')
    .addColumn('level_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('points_tenths', 'integer', (c) => c.notNull().defaultTo(10))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('orders').dropColumn('points_tenths').execute()
  await db.schema.alterTable('orders').dropColumn('level_discount').execute()
  await db.schema.dropTable('growth_ledger').ifExists().execute()
  await db.schema.dropTable('member_growth').ifExists().execute()
  await db.schema.dropTable('member_levels').ifExists().execute()
}
