import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Two-level distribution (issue 36, docs/agent.md "Two-level distribution"):
 * - agent_parents: the agent (shop) through whose share or invitation a member became an agent, written once when
 *   the application is approved (primary key: one parent per shop, never changed).
 * - commissions.level (1: the shop the buyer is bound to; 2: that shop's parent) and commissions.source_shop_id (the
 *   shop whose sale earned it: the shop itself at level 1, the sub-agent's shop at level 2). One commission per order
 *   line and level: the unique key on order_item_id becomes (order_item_id, level). Each row still belongs to one
 *   shop's account, so the ledger identities of docs/agent.md hold per shop unchanged, and per level by filtering.
 * - agent_order_terms.parent_shop_id / parent_rate: the second level's terms, fixed per order line at submission like
 *   the first level's rate.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('agent_parents')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_shop_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addCheckConstraint('agent_parents_not_self', sql`parent_shop_id <> shop_id`)
    .execute()
  await db.schema.createIndex('agent_parents_parent').on('agent_parents').columns(['parent_shop_id', 'created_at']).execute()

  await db.schema.alterTable('agent_order_terms').addColumn('parent_shop_id', 'integer').execute()
  await db.schema
    .alterTable('agent_order_terms')
    .addColumn('parent_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE commissions DROP CONSTRAINT commissions_order_item_id_key`.execute(db)
    await db.schema
      .alterTable('commissions')
      .addColumn('level', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`level IN (1, 2)`),
      )
      .execute()
    await db.schema.alterTable('commissions').addColumn('source_shop_id', 'integer').execute()
    await sql`UPDATE commissions SET source_shop_id = shop_id`.execute(db)
    await sql`ALTER TABLE commissions ALTER COLUMN source_shop_id SET NOT NULL`.execute(db)
  } else {
    // SQLite cannot drop a column's UNIQUE: the table is made again without it, ids kept.
    await createTable(db, 'commissions_next')
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('order_item_id', 'integer', (c) => c.notNull())
      .addColumn('buyer_id', 'integer', (c) => c.notNull())
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('base_amount', 'integer', (c) => c.notNull())
      .addColumn('rate', 'integer', (c) => c.notNull())
      .addColumn('refunded_base', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('original_amount', 'integer', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('release_at', TIME)
      .addColumn('released_at', TIME)
      .addColumn('cancelled_at', TIME)
      .addColumn('created_at', TIME, (c) => c.notNull())
      .addColumn('updated_at', TIME, (c) => c.notNull())
      .addColumn('level', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`level IN (1, 2)`),
      )
      .addColumn('source_shop_id', 'integer', (c) => c.notNull())
      .addCheckConstraint('commissions_amount_bounds', sql`amount >= 0 AND amount <= original_amount`)
      .execute()
    const cols = sql.raw(
      'id, shop_id, order_id, order_item_id, buyer_id, goods_id, base_amount, rate, refunded_base, original_amount, amount, status, release_at, released_at, cancelled_at, created_at, updated_at',
    )
    await sql`INSERT INTO commissions_next (${cols}, level, source_shop_id) SELECT ${cols}, 1, shop_id FROM commissions`.execute(db)
    await sql`DROP TABLE commissions`.execute(db)
    await sql`ALTER TABLE commissions_next RENAME TO commissions`.execute(db)
    await db.schema.createIndex('commissions_shop').on('commissions').columns(['shop_id', 'created_at']).execute()
    await db.schema.createIndex('commissions_order').on('commissions').column('order_id').execute()
    await db.schema.createIndex('commissions_release').on('commissions').columns(['status', 'release_at']).execute()
  }
  await db.schema.createIndex('commissions_item_level').on('commissions').columns(['order_item_id', 'level']).unique().execute()
  await db.schema.createIndex('commissions_source').on('commissions').columns(['source_shop_id', 'level']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('commissions_source').ifExists().execute()
  await db.schema.dropIndex('commissions_item_level').ifExists().execute()
  await db.schema.alterTable('agent_order_terms').dropColumn('parent_rate').execute()
  await db.schema.alterTable('agent_order_terms').dropColumn('parent_shop_id').execute()
  await db.schema.dropTable('agent_parents').ifExists().execute()
}
