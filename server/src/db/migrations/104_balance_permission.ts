import type { Kysely } from 'kysely'

/** 财务 → 余额's staff adjustment has a permission of its own (balance.adjust, docs/balance.md); the built-in 财务 role gets it. */
export async function up(db: Kysely<any>) {
  const row = await db.selectFrom('staff_roles').select(['id', 'permissions']).where('code', '=', 'finance').where('built_in', '=', 1).executeTakeFirst()
  if (!row) return
  const list: string[] = JSON.parse(row.permissions)
  if (!list.includes('balance.adjust')) list.push('balance.adjust')
  await db
    .updateTable('staff_roles')
    .set({ permissions: JSON.stringify(list) })
    .where('id', '=', row.id)
    .execute()
}

export async function down(db: Kysely<any>) {
  const rows = await db.selectFrom('staff_roles').select(['id', 'permissions']).execute()
  for (const r of rows) {
    const list: string[] = JSON.parse(r.permissions)
    if (list.includes('balance.adjust'))
      await db
        .updateTable('staff_roles')
        .set({ permissions: JSON.stringify(list.filter((p) => p !== 'balance.adjust')) })
        .where('id', '=', r.id)
        .execute()
  }
}
