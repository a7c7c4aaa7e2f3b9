import { type Kysely } from 'kysely'

/**
 * Covering indexes for the console's figures at a million orders (issue 37, docs/BENCHMARKS.md "The console at
 * scale"): each figure is read from the index alone, never by fetching every row of a range. Same on SQLite and
 * PostgreSQL (PostgreSQL's index-only scans rely on the visibility map that autovacuum keeps).
 * - orders_paid_cover (paid_at, pay_amount, member_id) replaces orders_paid (paid_at): the dashboard's sales of a
 *   period (sum, count, distinct buyers), its 30-day trend and the paid orders of the top goods;
 * - orders_created_status (created_at, status): the dashboard's order statuses of 30 days;
 * - orders_business_paid (bound_business_id, paid_at, status, pay_amount): an agent's sales (agent home's today and
 *   month, the console's agents list and detail, the sub-agents' sales);
 * - order_items_order_cover (order_id, goods_id, pay_amount, quantity) replaces order_items_order (order_id): the
 *   dashboard's top goods sums lines without reading them;
 * - commissions_shop (shop_id, created_at, level, status, amount) replaces (shop_id, created_at): an agent's
 *   commission of a period and per level;
 * - payments_paid (paid_at), payments_refunded (refunded_at), sandbox_gateway_at (at): the daily reconciliation's
 *   two sides of one day.
 */
export async function up(db: Kysely<any>) {
  await db.schema.dropIndex('orders_paid').execute()
  await db.schema.createIndex('orders_paid_cover').on('orders').columns(['paid_at', 'pay_amount', 'member_id']).execute()
  await db.schema.createIndex('orders_created_status').on('orders').columns(['created_at', 'status']).execute()
  await db.schema.createIndex('orders_business_paid').on('orders').columns(['bound_business_id', 'paid_at', 'status', 'pay_amount']).execute()
  await db.schema.dropIndex('order_items_order').execute()
  await db.schema.createIndex('order_items_order_cover').on('order_items').columns(['order_id', 'goods_id', 'pay_amount', 'quantity']).execute()
  await db.schema.dropIndex('commissions_shop').execute()
  await db.schema.createIndex('commissions_shop').on('commissions').columns(['shop_id', 'created_at', 'level', 'status', 'amount']).execute()
  await db.schema.createIndex('payments_paid').on('payments').column('paid_at').execute()
  await db.schema.createIndex('payments_refunded').on('payments').column('refunded_at').execute()
  await db.schema.createIndex('sandbox_gateway_at').on('sandbox_gateway').column('at').execute()
}

export async function down(db: Kysely<any>) {
  for (const name of ['sandbox_gateway_at', 'payments_refunded', 'payments_paid', 'commissions_shop', 'order_items_order_cover', 'orders_business_paid', 'orders_created_status', 'orders_paid_cover'])
    await db.schema.dropIndex(name).execute()
  await db.schema.createIndex('commissions_shop').on('commissions').columns(['shop_id', 'created_at']).execute()
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute()
  await db.schema.createIndex('orders_paid').on('orders').column('paid_at').execute()
}
