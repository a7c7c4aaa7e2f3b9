import type { Kysely } from 'kysely'

/**
 * 拼团's per-member limit under concurrent submits (docs/promotions.md "Group buying"): one row per (activity, member),
 * written first in every group submit, so a member's submits for one activity take their turn on its row lock
 * (PostgreSQL; SQLite has one writer) and each reads the places the earlier ones made. `submits` counts them.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('group_buy_buyers')
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('submits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('group_buy_buyers_pk', ['activity_id', 'member_id'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('group_buy_buyers').execute()
}
