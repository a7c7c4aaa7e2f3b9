import type { Kysely } from 'kysely'

/**
 * member_addresses.area_code: the GB/T 2260 code of the address's district (or of its city when the city has no
 * districts), as the national division list the picker shows (`@vant/area-data`, types/area.ts) gives it. Addresses
 * saved before have '' and keep working; the server fills the code in when their names match the list on the next save.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('member_addresses')
    .addColumn('area_code', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('member_addresses').dropColumn('area_code').execute()
}
