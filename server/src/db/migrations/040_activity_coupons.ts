import type { Kysely } from 'kysely'
import { createTable } from '../schemaHelpers'

/**
 * activity_coupons: the claimable coupons an activity offers (the console links them; the shop's activity page
 * lists them with the member's claim state, in `sort` order). A coupon linked to several activities is one
 * coupon: its total and per-member limits count across them.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'activity_coupons')
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('activity_coupons_pair', ['activity_id', 'coupon_id'])
    .execute()
  await db.schema.createIndex('activity_coupons_coupon').on('activity_coupons').column('coupon_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('activity_coupons').execute()
}
