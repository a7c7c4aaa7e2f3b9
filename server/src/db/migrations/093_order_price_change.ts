import type { Kysely } from 'kysely'

/**
 * orders.price_adjust: fen the merchant took off an unpaid order's total with 改价 (console 订单 › 改价; negative when
 * the total was raised). The total before any change is pay_amount + price_adjust: the shop's order details show it
 * as 原价 beside 改价后 (docs/orders.md, "改价"). Orders before this migration were never changed: 0.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('orders')
    .addColumn('price_adjust', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('orders').dropColumn('price_adjust').execute()
}
