import type { Kysely } from 'kysely'

/**
 * 清退 (issue 34): staff suspend an agent's shop (agent_shops.status 'suspended') with a reason and time; the agent keeps
 * the money pages to withdraw what was earned (docs/agent.md "Suspension").
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('agent_shops').addColumn('suspended_at', 'bigint').execute()
  await db.schema
    .alterTable('agent_shops')
    .addColumn('suspend_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('agent_shops').dropColumn('suspend_reason').execute()
  await db.schema.alterTable('agent_shops').dropColumn('suspended_at').execute()
}
