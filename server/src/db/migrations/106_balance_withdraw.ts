import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Balance withdrawals (余额提现, issue 35 second half; docs/balance.md "Withdrawals"). One row per withdrawal: the money
 * left the balance when it was created (ledger kind `withdrawal`, ref balance_withdrawal / id); it waits for staff
 * (reviewing) or goes out by WeChat merchant transfer (transferring), and ends paid or returned (ledger kind
 * `withdrawal_returned`, once: the ledger's unique key). (member_id, request_id) is unique: a double tap makes one.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'balance_withdrawals')
    .addColumn('withdraw_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actual_amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('transfer_state', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .addColumn('transfer_bill_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('package_info', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('transfer_at', TIME)
    .addColumn('closed_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('balance_withdrawals_request', ['member_id', 'request_id'])
    .execute()
  await db.schema.createIndex('balance_withdrawals_member').on('balance_withdrawals').columns(['member_id', 'created_at']).execute()
  await db.schema.createIndex('balance_withdrawals_status').on('balance_withdrawals').columns(['status', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('balance_withdrawals').execute()
}
