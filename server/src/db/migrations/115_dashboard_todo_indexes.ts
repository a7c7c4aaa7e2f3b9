import { type Kysely } from 'kysely'

/**
 * The dashboard's to-do counts at a million orders (issue 37, docs/BENCHMARKS.md "The console at scale"), counted
 * from an index alone on SQLite and PostgreSQL:
 * - orders_status_hold (status, ship_hold, created_at, id): 待发货 (to_ship and not a 拼团 order waiting for its
 *   group) — the dashboard's count and the order list's 待发货 tab (its count, its pages newest first, with dates)
 *   fetched the 125,000 rows one by one before for ship_hold;
 * - payments_refund_failed (status, refund_error): 退款失败's late payments (refund_pending with an error) — a scan of
 *   every payment before.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex('orders_status_hold').on('orders').columns(['status', 'ship_hold', 'created_at', 'id']).execute()
  await db.schema.createIndex('payments_refund_failed').on('payments').columns(['status', 'refund_error']).execute()
}

export async function down(db: Kysely<any>) {
  for (const name of ['payments_refund_failed', 'orders_status_hold']) await db.schema.dropIndex(name).execute()
}
