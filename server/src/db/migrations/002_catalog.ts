import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'
import { createTable, TIME } from '../schemaHelpers'

/** Catalogue: categories (two levels), brands, goods with SKUs, reviews, collects, footprints, search index. */
export async function up(db: Kysely<any>) {
  await createTable(db, 'categories')
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('icon', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await createTable(db, 'brands')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_exclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await createTable(db, 'goods')
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('brand_id', 'integer')
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('main_image', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of URLs
    .addColumn('detail_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spec_groups', 'text', (c) => c.notNull().defaultTo('[]')) // JSON [{ name, values: [] }]
    .addColumn('price', 'integer', (c) => c.notNull()) // lowest SKU price, fen
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0)) // sum of SKU stock, kept with SKU changes
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on')) // on | off
    .addColumn('tags', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_rate', 'integer') // basis points; null: the shop's rate applies
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('good_review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('goods_category').on('goods').columns(['category_id', 'status']).execute()
  await db.schema.createIndex('goods_brand').on('goods').column('brand_id').execute()
  await db.schema.createIndex('goods_sales').on('goods').columns(['status', 'sales']).execute()

  await createTable(db, 'goods_skus')
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('specs', 'text', (c) => c.notNull().defaultTo('{}')) // JSON { 颜色: '红', 尺码: 'M' }
    .addColumn('spec_text', 'varchar(128)', (c) => c.notNull().defaultTo('')) // "红 / M"
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('goods_skus_stock_nonneg', sql`stock >= 0`)
    .execute()
  await db.schema.createIndex('goods_skus_goods').on('goods_skus').column('goods_id').execute()

  await createTable(db, 'goods_reviews')
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer')
    .addColumn('spec_text', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'integer')
    .addColumn('order_item_id', 'integer')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer') // a follow-up review points at the first review
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('content', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('goods_reviews_goods').on('goods_reviews').columns(['goods_id', 'created_at']).execute()
  await db.schema.createIndex('goods_reviews_item').on('goods_reviews').column('order_item_id').execute()

  await createTable(db, 'collects')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('collects_member_goods', ['member_id', 'goods_id'])
    .execute()

  // One row per member, goods and day; viewed_at is the last view that day.
  await createTable(db, 'footprints')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('viewed_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('footprints_member_goods_day', ['member_id', 'goods_id', 'day'])
    .execute()
  await db.schema.createIndex('footprints_member_time').on('footprints').columns(['member_id', 'viewed_at']).execute()

  // Chinese substring search: FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL.
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
    await sql`CREATE INDEX goods_name_trgm ON goods USING gin (name gin_trgm_ops)`.execute(db)
  } else {
    await sql`CREATE VIRTUAL TABLE goods_fts USING fts5(name, content='goods', content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`CREATE TRIGGER goods_fts_ai AFTER INSERT ON goods BEGIN INSERT INTO goods_fts(rowid, name) VALUES (new.id, new.name); END`.execute(db)
    await sql`CREATE TRIGGER goods_fts_ad AFTER DELETE ON goods BEGIN INSERT INTO goods_fts(goods_fts, rowid, name) VALUES ('delete', old.id, old.name); END`.execute(db)
    await sql`CREATE TRIGGER goods_fts_au AFTER UPDATE OF name ON goods BEGIN INSERT INTO goods_fts(goods_fts, rowid, name) VALUES ('delete', old.id, old.name); INSERT INTO goods_fts(rowid, name) VALUES (new.id, new.name); END`.execute(
      db,
    )
  }
}

export async function down(db: Kysely<any>) {
  if (dialectOf(db) !== 'postgres') await sql`DROP TABLE IF EXISTS goods_fts`.execute(db)
  for (const t of ['footprints', 'collects', 'goods_reviews', 'goods_skus', 'goods', 'brands', 'categories']) await db.schema.dropTable(t).ifExists().execute()
}
