import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * The WeChat money loop (docs/wechat.md): the sandbox gateway's own record of payments and refunds (so query and
 * close work in the demo as at WeChat), late-payment refund results on payments, a refund failure mark on
 * after-sales cases, the merchant-transfer state of withdrawals, and shop settings (review mode, subscribe templates).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('sandbox_gateway')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey()) // pay:<payNo> | refund:<refundNo>
    .addColumn('state', 'varchar(16)', (c) => c.notNull()) // paid | closed | refunded
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('at', TIME, (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('payments')
    .addColumn('refund_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('payments').addColumn('refunded_at', TIME).execute()
  await db.schema.alterTable('after_sales').addColumn('refund_failed_at', TIME).execute()
  await db.schema
    .alterTable('withdrawals')
    .addColumn('transfer_state', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('withdrawals')
    .addColumn('transfer_bill_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('withdrawals')
    .addColumn('package_info', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('withdrawals')
    .addColumn('fail_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('withdrawals').addColumn('transfer_at', TIME).execute()
  await db.schema
    .createTable('shipping_uploads')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | done | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', TIME, (c) => c.notNull())
    .addColumn('last_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('shipping_uploads_due').on('shipping_uploads').columns(['status', 'next_at']).execute()
  await db.schema
    .createTable('reconcile_runs')
    .addColumn('bill_date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('payments', 'integer', (c) => c.notNull())
    .addColumn('refunds', 'integer', (c) => c.notNull())
    .addColumn('differences', 'integer', (c) => c.notNull())
    .addColumn('ran_at', TIME, (c) => c.notNull())
    .execute()
  await createTable(db, 'reconcile_diffs')
    .addColumn('bill_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull()) // payment | refund
    .addColumn('ref_no', 'varchar(64)', (c) => c.notNull()) // payNo or refundNo
    .addColumn('issue', 'varchar(16)', (c) => c.notNull()) // missing_ours | missing_wechat | amount_differs
    .addColumn('ours', 'integer') // fen, null when we have none
    .addColumn('theirs', 'integer') // fen, null when WeChat has none
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('reconcile_diffs_date').on('reconcile_diffs').column('bill_date').execute()
  await createTable(db, 'message_outbox')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | sent | skipped | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('message_outbox_due').on('message_outbox').columns(['status', 'id']).execute()
  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('shop_settings').ifExists().execute()
  await db.schema.dropTable('shipping_uploads').ifExists().execute()
  await db.schema.dropTable('message_outbox').ifExists().execute()
  await db.schema.dropTable('reconcile_diffs').ifExists().execute()
  await db.schema.dropTable('reconcile_runs').ifExists().execute()
  for (const c of ['transfer_at', 'fail_reason', 'package_info', 'transfer_bill_no', 'transfer_state']) await db.schema.alterTable('withdrawals').dropColumn(c).execute()
  await db.schema.alterTable('after_sales').dropColumn('refund_failed_at').execute()
  await db.schema.alterTable('payments').dropColumn('refunded_at').execute()
  await db.schema.alterTable('payments').dropColumn('refund_error').execute()
  await db.schema.dropTable('sandbox_gateway').ifExists().execute()
}
