import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'
import { createTable, TIME } from '../schemaHelpers'

/**
 * The shopper's balance (余额, issue 35; docs/balance.md). One balance per member in fen on members (balance, and the
 * withdrawable part of it), never negative, changed only by balance/service.ts changeBalance, each change one row of
 * balance_ledger whose (kind, ref_type, ref_id) is unique, so nothing applies twice. The good-review cashback balance
 * (members.cashback_balance, cashback_ledger of migration 007) becomes part of it: every cashback ledger row is copied
 * as a balance ledger row (cashback is withdrawable), the figure moves over, and the old column and table go.
 * Orders: balance_amount (what the balance pays of pay_amount, held while unpaid) and balance_refunded (how much of it
 * went back); after-sales cases: balance_refund_amount (the balance part of their refund).
 */
export async function up(db: Kysely<any>) {
  const pg = dialectOf(db) === 'postgres'
  await db.schema
    .alterTable('members')
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('members')
    .addColumn('balance_withdrawable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await createTable(db, 'balance_ledger')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('withdrawable_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('withdrawable_after', 'integer', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('balance_ledger_ref', ['kind', 'ref_type', 'ref_id'])
    .addCheckConstraint('balance_ledger_after', sql`balance_after >= 0 AND withdrawable_after >= 0 AND withdrawable_after <= balance_after`)
    .execute()
  await db.schema.createIndex('balance_ledger_member').on('balance_ledger').columns(['member_id', 'created_at']).execute()

  await db.schema
    .alterTable('orders')
    .addColumn('balance_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('balance_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('after_sales')
    .addColumn('balance_refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  // The cashback history, row by row (task_payout → cashback of the task; adjust → a staff adjustment), all withdrawable.
  await sql`
    INSERT INTO balance_ledger (member_id, kind, amount, withdrawable_amount, balance_after, withdrawable_after, ref_type, ref_id, note, created_at)
    SELECT member_id, CASE WHEN type = 'task_payout' THEN 'cashback' ELSE 'staff_adjust' END, change, change, balance_after, balance_after,
           CASE WHEN type = 'task_payout' THEN 'cashback_task' ELSE 'cashback_adjust' END, CAST(biz_id AS VARCHAR(64)), note, created_at
    FROM cashback_ledger ORDER BY id`.execute(db)
  // A member whose cashback figure is not the sum of their rows (never expected) gets one row for the difference, so
  // the figure is kept and the ledger identity holds from the start.
  await sql`
    INSERT INTO balance_ledger (member_id, kind, amount, withdrawable_amount, balance_after, withdrawable_after, ref_type, ref_id, note, created_at)
    SELECT m.id, 'staff_adjust', m.cashback_balance - COALESCE(s.total, 0), m.cashback_balance - COALESCE(s.total, 0), m.cashback_balance, m.cashback_balance,
           'migration', CAST(m.id AS VARCHAR(64)), '返现余额迁移', ${Date.now()}
    FROM members m LEFT JOIN (SELECT member_id, SUM(change) AS total FROM cashback_ledger GROUP BY member_id) s ON s.member_id = m.id
    WHERE m.cashback_balance <> COALESCE(s.total, 0)`.execute(db)
  await sql`UPDATE members SET balance = cashback_balance, balance_withdrawable = cashback_balance`.execute(db)
  await db.schema.alterTable('members').dropColumn('cashback_balance').execute()
  await db.schema.dropTable('cashback_ledger').execute()

  if (pg) {
    await sql`ALTER TABLE members ADD CONSTRAINT members_balance_range CHECK (balance >= 0 AND balance_withdrawable >= 0 AND balance_withdrawable <= balance)`.execute(db)
    await sql`ALTER TABLE orders ADD CONSTRAINT orders_balance_range CHECK (balance_amount >= 0 AND balance_amount <= pay_amount AND balance_refunded >= 0 AND balance_refunded <= balance_amount)`.execute(
      db,
    )
  } else {
    // SQLite cannot add a table CHECK to an existing table; triggers refuse the same writes.
    await sql`CREATE TRIGGER members_balance_range BEFORE UPDATE OF balance, balance_withdrawable ON members
      WHEN NEW.balance < 0 OR NEW.balance_withdrawable < 0 OR NEW.balance_withdrawable > NEW.balance
      BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: members_balance_range'); END`.execute(db)
    await sql`CREATE TRIGGER orders_balance_range BEFORE UPDATE OF balance_amount, balance_refunded, pay_amount ON orders
      WHEN NEW.balance_amount < 0 OR NEW.balance_amount > NEW.pay_amount OR NEW.balance_refunded < 0 OR NEW.balance_refunded > NEW.balance_amount
      BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders_balance_range'); END`.execute(db)
    await sql`CREATE TRIGGER orders_balance_range_insert BEFORE INSERT ON orders
      WHEN NEW.balance_amount < 0 OR NEW.balance_amount > NEW.pay_amount
      BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders_balance_range'); END`.execute(db)
  }
}

export async function down(db: Kysely<any>) {
  const pg = dialectOf(db) === 'postgres'
  if (!pg) {
    await sql`DROP TRIGGER IF EXISTS members_balance_range`.execute(db)
    await sql`DROP TRIGGER IF EXISTS orders_balance_range`.execute(db)
    await sql`DROP TRIGGER IF EXISTS orders_balance_range_insert`.execute(db)
  } else {
    await sql`ALTER TABLE members DROP CONSTRAINT members_balance_range`.execute(db)
    await sql`ALTER TABLE orders DROP CONSTRAINT orders_balance_range`.execute(db)
  }
  // Only the cashback part of the balance can go back to the old column; the rest of the ledger is dropped with it.
  await db.schema
    .alterTable('members')
    .addColumn('cashback_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`UPDATE members SET cashback_balance = balance_withdrawable`.execute(db)
  await createTable(db, 'cashback_ledger')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('biz_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('cashback_ledger_biz', ['type', 'biz_id'])
    .execute()
  await db.schema.alterTable('after_sales').dropColumn('balance_refund_amount').execute()
  await db.schema.alterTable('orders').dropColumn('balance_refunded').execute()
  await db.schema.alterTable('orders').dropColumn('balance_amount').execute()
  await db.schema.dropTable('balance_ledger').execute()
  await db.schema.alterTable('members').dropColumn('balance_withdrawable').execute()
  await db.schema.alterTable('members').dropColumn('balance').execute()
}
