import { sql, type Kysely } from 'kysely'

/**
 * A SKU's warehouse facts (issue 34): 货号 (the merchant's own code, unique when set: the goods CSV import finds
 * SKUs by it), 条码, weight in grams and cost price in fen (the console only; the shop never reads them).
 */
export async function up(db: Kysely<any>) {
  for (const [column, type] of [
    ['code', 'varchar(64)'],
    ['barcode', 'varchar(64)'],
  ] as const)
    await db.schema
      .alterTable('goods_skus')
      .addColumn(column, type, (c) => c.notNull().defaultTo(''))
      .execute()
  for (const column of ['weight', 'cost_price'])
    await db.schema
      .alterTable('goods_skus')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  await sql`CREATE UNIQUE INDEX goods_skus_code ON goods_skus (code) WHERE code <> ''`.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('goods_skus_code').execute()
  for (const column of ['code', 'barcode', 'weight', 'cost_price']) await db.schema.alterTable('goods_skus').dropColumn(column).execute()
}
