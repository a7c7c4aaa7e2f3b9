import { sql, type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * 拼团 (issue 36, docs/promotions.md "Group buying").
 * - group_buy_activities: one activity per goods and time window: group size (2–10), hours to fill, per-member limit,
 *   模拟成团 (virtual_fill), the leader's discount (fen off each unit), on/off.
 * - group_buy_skus: the group price of each SKU of the activity.
 * - group_buy_groups: one group: pending (leader not paid yet) → open (leader paid; expires_at set) → formed / failed;
 *   paid_count counts paid places and only grows by a conditional update (paid_count < size), CHECK keeps it in range.
 * - group_buy_members: one row per group order; (group, member) unique, so a member is in a group once.
 * - orders.ship_hold: 1 while a group order waits for its group; nothing ships a held order.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'group_buy_activities')
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('per_member_limit', 'integer', (c) => c.notNull())
    .addColumn('start_at', TIME, (c) => c.notNull())
    .addColumn('end_at', TIME, (c) => c.notNull())
    .addColumn('virtual_fill', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leader_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('group_buy_activities_bounds', sql`size >= 2 AND size <= 10 AND hours >= 1 AND per_member_limit >= 1 AND leader_discount >= 0 AND end_at > start_at`)
    .execute()
  await db.schema.createIndex('group_buy_activities_goods').on('group_buy_activities').columns(['goods_id', 'end_at']).execute()
  await createTable(db, 'group_buy_skus')
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addCheckConstraint('group_buy_skus_price', sql`price >= 1`)
    .execute()
  await db.schema.createIndex('group_buy_skus_sku').on('group_buy_skus').columns(['activity_id', 'sku_id']).unique().execute()
  await createTable(db, 'group_buy_groups')
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('leader_member_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('virtual_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', TIME)
    .addColumn('formed_at', TIME)
    .addColumn('failed_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addCheckConstraint('group_buy_groups_bounds', sql`paid_count >= 0 AND virtual_count >= 0 AND paid_count + virtual_count <= size`)
    .execute()
  await db.schema.createIndex('group_buy_groups_state').on('group_buy_groups').columns(['status', 'expires_at']).execute()
  await db.schema.createIndex('group_buy_groups_goods').on('group_buy_groups').columns(['goods_id', 'status']).execute()
  await createTable(db, 'group_buy_members')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('is_leader', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('paid_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('group_buy_members_order').on('group_buy_members').column('order_id').unique().execute()
  await db.schema.createIndex('group_buy_members_once').on('group_buy_members').columns(['group_id', 'member_id']).unique().execute()
  await db.schema.createIndex('group_buy_members_member').on('group_buy_members').columns(['member_id', 'id']).execute()
  await db.schema
    .alterTable('orders')
    .addColumn('ship_hold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('orders').dropColumn('ship_hold').execute()
  for (const t of ['group_buy_members', 'group_buy_groups', 'group_buy_skus', 'group_buy_activities']) await db.schema.dropTable(t).ifExists().execute()
}
