import type { Kysely } from 'kysely'
import { TIME } from '../schemaHelpers'

/**
 * Agent rules set in the console (docs/agent.md): each order line's commission terms are fixed when the order is
 * submitted (agent_order_terms), so a rules change applies to new orders only; when each member was bound
 * (agent_bindings, for the binding's expiry); the reference number of a withdrawal paid by hand.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('agent_order_terms')
    .addColumn('order_item_id', 'integer', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    // Basis points; 0 when the order earns nothing (e.g. the buyer's binding had lapsed).
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('freeze_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('agent_order_terms_order').on('agent_order_terms').column('order_id').execute()
  await db.schema
    .createTable('agent_bindings')
    .addColumn('member_id', 'integer', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('bound_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('withdrawals')
    .addColumn('reference_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('withdrawals').dropColumn('reference_no').execute()
  await db.schema.dropTable('agent_bindings').execute()
  await db.schema.dropTable('agent_order_terms').execute()
}
