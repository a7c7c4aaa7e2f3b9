import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * The mission center's missions as rows the console edits (they were a constant in modules/integral/service.ts).
 * A mission's kind says how its progress is counted (first paid order, reviews today, shares today, goods browsed
 * today); one mission per kind. The four missions the shop had are inserted here so every shop keeps them.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'missions')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().unique()) // first_order | review | share | browse
    .addColumn('title', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull()) // once | daily
    .addColumn('target', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  const t = Date.now()
  const row = (kind: string, title: string, description: string, points: number, period: string, target: number, sort: number) => ({
    kind,
    title,
    description,
    points,
    period,
    target,
    enabled: 1,
    sort,
    created_at: t,
    updated_at: t,
  })
  await db
    .insertInto('missions')
    .values([
      row('first_order', '完成首次下单', '首次下单并支付成功', 100, 'once', 1, 0),
      row('review', '评价商品', '每天评价一件已购商品', 20, 'daily', 1, 1),
      row('share', '分享好物', '每天分享一次商品给好友', 10, 'daily', 1, 2),
      row('browse', '浏览商品', '每天浏览3件不同的商品', 10, 'daily', 3, 3),
    ])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('missions').execute()
}
