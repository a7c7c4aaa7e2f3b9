import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/** Home page content: banners, navigation icons, and the notices shown in the notice bar and notice pages. */
export async function up(db: Kysely<any>) {
  await createTable(db, 'banners')
    .addColumn('position', 'varchar(16)', (c) => c.notNull().defaultTo('home'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(256)', (c) => c.notNull())
    .addColumn('link', 'varchar(256)', (c) => c.notNull().defaultTo('')) // an in-app page path with query
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on'))
    .execute()

  await createTable(db, 'home_navs')
    .addColumn('title', 'varchar(16)', (c) => c.notNull())
    .addColumn('icon', 'varchar(256)', (c) => c.notNull())
    .addColumn('link', 'varchar(256)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await createTable(db, 'notices')
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('summary', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['notices', 'home_navs', 'banners']) await db.schema.dropTable(t).ifExists().execute()
}
