import { sql, type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Agent (reseller) programme, rules in docs/agent.md: applications, the goods an agent resells, commissions
 * per order line, the agent's account with its ledger, withdrawal accounts and withdrawals, and shop traffic.
 * agent_shops itself is in 001_member. Money in fen, rates in basis points, times in ms.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'agent_applications')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('shop_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | approved | rejected
    .addColumn('reject_reason', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('shop_id', 'integer')
    .addColumn('reviewed_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('agent_applications_member').on('agent_applications').columns(['member_id', 'created_at']).execute()
  // At most one application under review per member, enforced by the database.
  await sql`CREATE UNIQUE INDEX agent_applications_one_pending ON agent_applications (member_id) WHERE status = 'pending'`.execute(db)

  await createTable(db, 'agent_goods')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on')) // on | off (the agent's shelf)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('agent_goods_shop_goods', ['shop_id', 'goods_id'])
    .execute()

  // One commission per order line; amount shrinks with refunds while frozen.
  await createTable(db, 'commissions')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_item_id', 'integer', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('base_amount', 'integer', (c) => c.notNull()) // the line's pay amount
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('refunded_base', 'integer', (c) => c.notNull().defaultTo(0)) // money of the line refunded so far
    .addColumn('original_amount', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // frozen | released | cancelled
    .addColumn('release_at', TIME)
    .addColumn('released_at', TIME)
    .addColumn('cancelled_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('commissions_amount_bounds', sql`amount >= 0 AND amount <= original_amount`)
    .execute()
  await db.schema.createIndex('commissions_shop').on('commissions').columns(['shop_id', 'created_at']).execute()
  await db.schema.createIndex('commissions_order').on('commissions').column('order_id').execute()
  await db.schema.createIndex('commissions_release').on('commissions').columns(['status', 'release_at']).execute()

  await createTable(db, 'agent_accounts')
    .addColumn('shop_id', 'integer', (c) => c.notNull().unique())
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_commission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('agent_accounts_nonneg', sql`available >= 0 AND frozen >= 0 AND withdrawing >= 0 AND withdrawn >= 0 AND total_commission >= 0`)
    .execute()

  // Every change of an account, with the balances after it.
  await createTable(db, 'agent_ledger')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('available_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawing_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_after', 'integer', (c) => c.notNull())
    .addColumn('frozen_after', 'integer', (c) => c.notNull())
    .addColumn('withdrawing_after', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('withdrawal_id', 'integer')
    .addColumn('note', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('agent_ledger_shop').on('agent_ledger').columns(['shop_id', 'created_at']).execute()

  await createTable(db, 'agent_withdraw_accounts')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull()) // bank | wechat
    .addColumn('account_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_no', 'varchar(64)', (c) => c.notNull()) // card number, or the WeChat openid
    .addColumn('bank_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_branch', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('agent_withdraw_accounts_shop_method', ['shop_id', 'method'])
    .execute()

  await createTable(db, 'withdrawals')
    .addColumn('withdraw_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('fee', 'integer', (c) => c.notNull())
    .addColumn('actual_amount', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_branch', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | paid | rejected
    .addColumn('reject_reason', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('paid_at', TIME)
    .addColumn('rejected_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('withdrawals_shop_request', ['shop_id', 'request_id'])
    .addCheckConstraint('withdrawals_amounts', sql`amount > 0 AND fee >= 0 AND actual_amount = amount - fee AND actual_amount > 0`)
    .execute()
  await db.schema.createIndex('withdrawals_shop').on('withdrawals').columns(['shop_id', 'created_at']).execute()
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'created_at']).execute()

  // Shop traffic: one row per page view through an agent's link or by a member bound to the shop.
  await createTable(db, 'shop_views')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer') // null: a page that is not a goods
    .addColumn('member_id', 'integer')
    .addColumn('visitor', 'varchar(72)', (c) => c.notNull()) // m:<member id> | k:<client key> | i:<hash of ip + agent>
    .addColumn('page', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(8)', (c) => c.notNull()) // link | detail
    .addColumn('day', 'varchar(10)', (c) => c.notNull()) // China date YYYY-MM-DD
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('shop_views_shop_day').on('shop_views').columns(['shop_id', 'day']).execute()
  await db.schema.createIndex('shop_views_shop_goods').on('shop_views').columns(['shop_id', 'goods_id', 'day']).execute()
  await db.schema.createIndex('shop_views_shop_member').on('shop_views').columns(['shop_id', 'member_id', 'created_at']).execute()
  await db.schema.createIndex('shop_views_visitor').on('shop_views').columns(['visitor', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['shop_views', 'withdrawals', 'agent_withdraw_accounts', 'agent_ledger', 'agent_accounts', 'commissions', 'agent_goods', 'agent_applications'])
    await db.schema.dropTable(t).ifExists().execute()
}
