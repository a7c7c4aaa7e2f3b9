import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Balance recharge (充值, issue 35's second half; docs/balance.md "Recharge"). recharge_packages: the console's 营销 →
 * 充值 (pay X get Y). recharge_orders: one per top-up (unpaid → paid once, or closed), credited once through
 * balance/recharge.ts (ledger rows recharge + recharge_bonus keyed by the recharge order). payments.recharge_id: a
 * payment of a recharge order (order_id is 0 then: no order has id 0, and SQLite cannot drop NOT NULL in place).
 * balance_snapshots: one row per China day of the shop's outstanding balance.
 */
export async function up(db: Kysely<any>) {
  const pg = dialectOf(db) === 'postgres'
  await createTable(db, 'recharge_packages')
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('pay_amount', 'integer', (c) => c.notNull())
    .addColumn('bonus_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('recharge_packages_amounts', sql`pay_amount > 0 AND bonus_amount >= 0`)
    .execute()

  await createTable(db, 'recharge_orders')
    .addColumn('recharge_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('package_id', 'integer')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('pay_channel', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', TIME)
    .addColumn('closed_at', TIME)
    .addColumn('expire_at', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('recharge_orders_amounts', sql`amount > 0 AND bonus >= 0`)
    .execute()
  await db.schema.createIndex('recharge_orders_member').on('recharge_orders').columns(['member_id', 'created_at']).execute()
  await db.schema.createIndex('recharge_orders_status').on('recharge_orders').columns(['status', 'expire_at']).execute()

  await db.schema.alterTable('payments').addColumn('recharge_id', 'integer').execute()
  await db.schema.createIndex('payments_recharge').on('payments').column('recharge_id').execute()

  await createTable(db, 'balance_snapshots')
    .addColumn('day', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('total', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('withdrawable', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('held', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('ledger_total', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('taken_at', TIME, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('balance_snapshots').execute()
  await db.schema.dropIndex('payments_recharge').execute()
  await db.schema.alterTable('payments').dropColumn('recharge_id').execute()
  await db.schema.dropTable('recharge_orders').execute()
  await db.schema.dropTable('recharge_packages').execute()
}
