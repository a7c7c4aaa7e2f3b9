import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Console 设置 (docs/console.md "设置"): freight templates, and the template each goods item ships with
 * (goods.freight_template_id, null = the default template). The first default template is the freight rule the
 * shop had until now (¥8, free from ¥99), so orders price exactly as before until the merchant changes it.
 * The other settings (shop profile, timeouts, WeChat, messages) are rows of shop_settings (migration 030).
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'freight_templates')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('base_fee', 'integer', (c) => c.notNull())
    // Goods amount (fen) from which the template's goods ship free; 0 = never free.
    .addColumn('free_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON [{ "provinces": ["新疆维吾尔自治区", ...], "extra": 1000 }]: added to the fee for those provinces.
    .addColumn('region_fees', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  const t = Date.now()
  await db.insertInto('freight_templates').values({ name: '默认运费', base_fee: 800, free_threshold: 9900, region_fees: '[]', is_default: 1, created_at: t, updated_at: t }).execute()
  await db.schema.alterTable('goods').addColumn('freight_template_id', 'integer').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('goods').dropColumn('freight_template_id').execute()
  await db.schema.dropTable('freight_templates').execute()
}
