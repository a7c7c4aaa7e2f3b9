import type { Kysely } from 'kysely'

/**
 * agent_shops.rate_override (issue 34): one agent's own commission rate in basis points, set in the console's agent
 * detail; null = the rules' category and default rates (docs/agent.md "Rate precedence").
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('agent_shops').addColumn('rate_override', 'integer').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('agent_shops').dropColumn('rate_override').execute()
}
