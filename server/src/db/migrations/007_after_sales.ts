import { sql, type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * After the purchase: review rules on goods_reviews, good-review cashback (campaigns, tasks, their log,
 * the balance ledger), after-sales (cases, their lines and log, the shop's return addresses) and feedback.
 * Money in fen; times in ms. Rules: docs/after-sales.md.
 */
export async function up(db: Kysely<any>) {
  // One first review per order line and one follow-up per review, even under concurrent submits.
  await sql`CREATE UNIQUE INDEX goods_reviews_one_per_item ON goods_reviews (order_item_id) WHERE parent_id IS NULL AND order_item_id IS NOT NULL`.execute(db)
  await sql`CREATE UNIQUE INDEX goods_reviews_one_follow_up ON goods_reviews (parent_id) WHERE parent_id IS NOT NULL`.execute(db)

  await createTable(db, 'cashback_campaigns')
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull()) // review | task
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('requirement', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('min_rating', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('min_chars', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_images', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'integer') // null: no limit
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active')) // active | ended
    .addColumn('start_at', TIME, (c) => c.notNull())
    .addColumn('end_at', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('cashback_campaigns_amount_pos', sql`amount > 0`)
    .addCheckConstraint('cashback_campaigns_quota', sql`quota IS NULL OR used <= quota`)
    .execute()
  await db.schema.createIndex('cashback_campaigns_goods').on('cashback_campaigns').columns(['goods_id', 'status']).execute()

  // One task per member and campaign ("每人限返一次"); the amount is fixed when the task is made.
  await createTable(db, 'cashback_tasks')
    .addColumn('campaign_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_item_id', 'integer', (c) => c.notNull())
    .addColumn('review_id', 'integer')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // submitted | approved | rejected | paid
    .addColumn('proof_images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('proof_text', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', TIME, (c) => c.notNull())
    .addColumn('decided_at', TIME)
    .addColumn('paid_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('cashback_tasks_campaign_member', ['campaign_id', 'member_id'])
    .execute()
  await db.schema.createIndex('cashback_tasks_member').on('cashback_tasks').columns(['member_id', 'created_at']).execute()
  await db.schema.createIndex('cashback_tasks_status').on('cashback_tasks').columns(['status', 'submitted_at']).execute()

  await createTable(db, 'cashback_task_logs')
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator', 'varchar(16)', (c) => c.notNull()) // member | admin | system
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('cashback_task_logs_task').on('cashback_task_logs').column('task_id').execute()

  // Every change of members.cashback_balance; (type, biz_id) is unique, so one task pays once.
  await createTable(db, 'cashback_ledger')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull()) // task_payout | adjust
    .addColumn('biz_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('cashback_ledger_biz', ['type', 'biz_id'])
    .addCheckConstraint('cashback_ledger_balance_nonneg', sql`balance_after >= 0`)
    .execute()
  await db.schema.createIndex('cashback_ledger_member').on('cashback_ledger').columns(['member_id', 'created_at']).execute()

  await createTable(db, 'return_addresses')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('province', 'varchar(32)', (c) => c.notNull())
    .addColumn('city', 'varchar(32)', (c) => c.notNull())
    .addColumn('district', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'varchar(128)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()

  await createTable(db, 'after_sales')
    .addColumn('after_sale_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull()) // refund | return_refund
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('amount', 'integer', (c) => c.notNull()) // requested
    .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0)) // booked when the refund starts
    .addColumn('freight_amount', 'integer', (c) => c.notNull().defaultTo(0)) // part of refund_amount that is freight
    .addColumn('points_returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('return_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_express_code', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_express_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_tracking_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_no', 'varchar(40)')
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('refund_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', TIME)
    .addColumn('returned_at', TIME)
    .addColumn('received_at', TIME)
    .addColumn('refunded_at', TIME)
    .addColumn('cancelled_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('after_sales_amounts', sql`amount > 0 AND refund_amount >= 0 AND refund_amount <= amount`)
    .execute()
  await db.schema.createIndex('after_sales_member').on('after_sales').columns(['member_id', 'created_at']).execute()
  await db.schema.createIndex('after_sales_order').on('after_sales').column('order_id').execute()
  // At most one open case per order: concurrent applications for one order cannot both succeed.
  await sql`CREATE UNIQUE INDEX after_sales_one_open ON after_sales (order_id) WHERE status IN ('applied', 'approved', 'returned', 'received', 'refunding')`.execute(db)

  await createTable(db, 'after_sale_items')
    .addColumn('after_sale_id', 'integer', (c) => c.notNull())
    .addColumn('order_item_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('after_sale_items_quantity_pos', sql`quantity > 0`)
    .execute()
  await db.schema.createIndex('after_sale_items_case').on('after_sale_items').column('after_sale_id').execute()

  await createTable(db, 'after_sale_logs')
    .addColumn('after_sale_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator', 'varchar(16)', (c) => c.notNull()) // member | admin | system
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('after_sale_logs_case').on('after_sale_logs').column('after_sale_id').execute()

  await createTable(db, 'feedback')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new')) // new | read
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute()
  await db.schema.createIndex('feedback_member').on('feedback').columns(['member_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['feedback', 'after_sale_logs', 'after_sale_items', 'after_sales', 'return_addresses', 'cashback_ledger', 'cashback_task_logs', 'cashback_tasks', 'cashback_campaigns'])
    await db.schema.dropTable(t).ifExists().execute()
  await sql`DROP INDEX IF EXISTS goods_reviews_one_follow_up`.execute(db)
  await sql`DROP INDEX IF EXISTS goods_reviews_one_per_item`.execute(db)
}
