import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * visits: one row per device and China day (the 工作台's 访客, docs/console.md "工作台"). The shop keeps a random
 * device id in storage and sends it with every call (`x-device-id`); the server inserts the day's row once
 * (insert-or-ignore on the unique (day, device_id)). created_at is the device's first call that day, so a part of a
 * day (yesterday up to this time of day) can be compared with today. Indexes for the dashboard's range reads:
 * visits by first-call time, after-sales refunds by the time they completed.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'visits')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('visits_day_device').on('visits').columns(['day', 'device_id']).unique().execute()
  await db.schema.createIndex('visits_created').on('visits').columns(['created_at', 'device_id']).execute()
  await db.schema.createIndex('after_sales_refunded').on('after_sales').column('refunded_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('after_sales_refunded').execute()
  await db.schema.dropTable('visits').execute()
}
