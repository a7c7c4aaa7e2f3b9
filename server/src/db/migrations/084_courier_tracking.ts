import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Courier tracking through 快递100 (docs/orders.md "Courier tracking"):
 * - shipments: what the courier last said (state, when it was signed for), the shipment's place in the subscription
 *   outbox (tracking_subscriptions), and the courier's own code when 快递100 corrected it.
 * - logistics_traces: where each event came from ('courier' pushed or queried, 'typed' by staff, the CLI or the demo
 *   seed), and one row per (shipment, time, text): a push that arrives twice or out of order changes the trace once.
 * - tracking_subscriptions: the outbox of subscriptions, written in the shipping transaction and sent by a job.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('shipments')
    .addColumn('tracking_state', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('shipments').addColumn('tracking_at', TIME).execute()
  await db.schema.alterTable('shipments').addColumn('signed_at', TIME).execute()
  await db.schema
    .alterTable('logistics_traces')
    .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('typed'))
    .execute()
  await db.schema.createIndex('logistics_traces_once').on('logistics_traces').columns(['shipment_id', 'time', 'text']).unique().execute()

  await createTable(db, 'tracking_subscriptions')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().unique())
    // pending (due at next_at), subscribed, failed (gave up or refused; on the to-do list), aborted (快递100 stopped
    // watching twice), skipped (the order was no longer waiting for delivery when tracking came to it).
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', TIME, (c) => c.notNull())
    .addColumn('last_code', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // How many times an abort was answered with a new subscription (once, then the abort is shown).
    .addColumn('resubscribed', 'integer', (c) => c.notNull().defaultTo(0))
    // The shopper's last real-time query (刷新), at most one per shipment every few minutes.
    .addColumn('queried_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tracking_subscriptions_due').on('tracking_subscriptions').columns(['status', 'next_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('tracking_subscriptions').ifExists().execute()
  await db.schema.dropIndex('logistics_traces_once').ifExists().execute()
  await db.schema.alterTable('logistics_traces').dropColumn('source').execute()
  for (const c of ['signed_at', 'tracking_at', 'tracking_state']) await db.schema.alterTable('shipments').dropColumn(c).execute()
}
