import type { Kysely } from 'kysely'

/**
 * Issue 34's limits.
 * - goods: 每人限购 (`per_member_limit`: the most units of the goods one member may hold in orders that are not
 *   cancelled, refunded units given back) and 起购数量 (`min_quantity`: the fewest units of the goods one order may
 *   have). 0 = no rule. docs/orders.md "Purchase limits".
 * - after_sales: what staff approved when less than asked (`approved_amount`, null = as asked; the refund never goes
 *   above it) and why (`approve_note`, shown to the shopper). docs/after-sales.md "Approving less than asked".
 */
export async function up(db: Kysely<any>) {
  for (const column of ['per_member_limit', 'min_quantity'])
    await db.schema
      .alterTable('goods')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  await db.schema.alterTable('after_sales').addColumn('approved_amount', 'integer').execute()
  await db.schema
    .alterTable('after_sales')
    .addColumn('approve_note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const column of ['approved_amount', 'approve_note']) await db.schema.alterTable('after_sales').dropColumn(column).execute()
  for (const column of ['per_member_limit', 'min_quantity']) await db.schema.alterTable('goods').dropColumn(column).execute()
}
