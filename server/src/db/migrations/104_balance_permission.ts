import type { Kysely } from 'kysely'

/** What this migration grants to which built-in role (docs/console.md's permission table reads it beside 092's). */
export const GRANTS: ReadonlyArray<readonly [role: string, permission: string]> = [['finance', 'balance.adjust']]

/** 财务 → 余额's staff adjustment has a permission of its own (balance.adjust, docs/balance.md); the built-in 财务 role gets it. */
export async function up(db: Kysely<any>) {
  for (const [role, permission] of GRANTS) {
    const row = await db.selectFrom('staff_roles').select(['id', 'permissions']).where('code', '=', role).where('built_in', '=', 1).executeTakeFirst()
    if (!row) continue
    const list: string[] = JSON.parse(row.permissions)
    if (!list.includes(permission)) list.push(permission)
    await db
      .updateTable('staff_roles')
      .set({ permissions: JSON.stringify(list) })
      .where('id', '=', row.id)
      .execute()
  }
}

export async function down(db: Kysely<any>) {
  const rows = await db.selectFrom('staff_roles').select(['id', 'permissions']).execute()
  for (const r of rows) {
    const list: string[] = JSON.parse(r.permissions)
    const kept = list.filter((p) => !GRANTS.some(([, q]) => q === p))
    if (kept.length !== list.length)
      await db
        .updateTable('staff_roles')
        .set({ permissions: JSON.stringify(kept) })
        .where('id', '=', r.id)
        .execute()
  }
}
