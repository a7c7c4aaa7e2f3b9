import type { Kysely } from 'kysely'

/**
 * Per-goods purchase rules (issue 34): 每人限购 (`per_member_limit`: the most units of the goods one member may hold in
 * orders that are not cancelled, refunded units given back) and 起购数量 (`min_quantity`: the fewest units of the goods
 * one order may have). 0 = no rule. docs/orders.md "Purchase limits".
 */
export async function up(db: Kysely<any>) {
  for (const column of ['per_member_limit', 'min_quantity'])
    await db.schema
      .alterTable('goods')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
}

export async function down(db: Kysely<any>) {
  for (const column of ['per_member_limit', 'min_quantity']) await db.schema.alterTable('goods').dropColumn(column).execute()
}
