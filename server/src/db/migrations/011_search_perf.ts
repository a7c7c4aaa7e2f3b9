import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'

/** Longest goods name the SQLite bigram triggers cover (goods.name is varchar(128)). */
const SQLITE_MAX_NAME = 512

const SORT_INDEXES: Array<[string, string[]]> = [
  ['goods_order_default', ['status', 'is_hot', 'sales', 'id']],
  ['goods_order_sales', ['status', 'sales', 'id']],
  ['goods_order_price', ['status', 'price', 'id']],
  ['goods_order_newest', ['status', 'created_at', 'id']],
]

/**
 * Search speed: an index for two-character keywords ("连衣"), which trigram indexes cannot serve.
 * PostgreSQL: goods_bigrams(text) gives the distinct lower-cased 2-character substrings of a name; a GIN
 * expression index on goods_bigrams(name) answers `goods_bigrams(name) @> ARRAY['连衣']`.
 * SQLite: a goods_bigrams side table (gram, goods_id) kept by triggers on goods, like the FTS5 trigram
 * table of 002; the triggers cut names into bigrams with the numbers of search_seq (a trigger body
 * cannot use a recursive CTE).
 * Plus one index per search order (status first, id last), so a search matching many goods walks the goods
 * in page order and stops after one page instead of sorting every match; (status, sales, id) replaces
 * goods_sales (status, sales).
 */
export async function up(db: Kysely<any>) {
  await db.schema.dropIndex('goods_sales').execute()
  for (const [name, columns] of SORT_INDEXES) await db.schema.createIndex(name).on('goods').columns(columns).execute()
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE OR REPLACE FUNCTION goods_bigrams(t text) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT substr(lower(t), i, 2)), '{}'::text[])
        FROM generate_series(1, char_length(t) - 1) AS i
      $$`.execute(db)
    // fastupdate off: a search must not read a pending list of recent inserts linearly (after a bulk load it
    // held 100,000 names and every search took milliseconds more); goods are written far less than searched.
    await sql`CREATE INDEX goods_name_bigrams ON goods USING gin (goods_bigrams(name)) WITH (fastupdate = off)`.execute(db)
    await sql`ALTER INDEX goods_name_trgm SET (fastupdate = off)`.execute(db)
    await sql`SELECT gin_clean_pending_list('goods_name_trgm'::regclass)`.execute(db)
    return
  }
  await sql`CREATE TABLE search_seq (n INTEGER PRIMARY KEY)`.execute(db)
  await sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${sql.lit(SQLITE_MAX_NAME)}) INSERT INTO search_seq (n) SELECT n FROM s`.execute(db)
  await sql`CREATE TABLE goods_bigrams (gram TEXT NOT NULL, goods_id INTEGER NOT NULL, PRIMARY KEY (gram, goods_id)) WITHOUT ROWID`.execute(db)
  const add = (row: 'new' | 'old') => sql.raw(`INSERT INTO goods_bigrams (gram, goods_id) SELECT DISTINCT substr(lower(${row}.name), n, 2), ${row}.id FROM search_seq WHERE n < length(${row}.name)`)
  const remove = (row: 'old') => sql.raw(`DELETE FROM goods_bigrams WHERE goods_id = ${row}.id AND gram IN (SELECT substr(lower(${row}.name), n, 2) FROM search_seq WHERE n < length(${row}.name))`)
  await sql`CREATE TRIGGER goods_bigrams_ai AFTER INSERT ON goods BEGIN ${add('new')}; END`.execute(db)
  await sql`CREATE TRIGGER goods_bigrams_ad AFTER DELETE ON goods BEGIN ${remove('old')}; END`.execute(db)
  await sql`CREATE TRIGGER goods_bigrams_au AFTER UPDATE OF name ON goods BEGIN ${remove('old')}; ${add('new')}; END`.execute(db)
  await sql`INSERT INTO goods_bigrams (gram, goods_id) SELECT DISTINCT substr(lower(g.name), s.n, 2), g.id FROM goods g JOIN search_seq s ON s.n < length(g.name)`.execute(db)
}

export async function down(db: Kysely<any>) {
  for (const [name] of SORT_INDEXES) await db.schema.dropIndex(name).ifExists().execute()
  await db.schema.createIndex('goods_sales').on('goods').columns(['status', 'sales']).execute()
  if (dialectOf(db) === 'postgres') {
    await sql`DROP INDEX IF EXISTS goods_name_bigrams`.execute(db)
    await sql`ALTER INDEX goods_name_trgm SET (fastupdate = on)`.execute(db)
    await sql`DROP FUNCTION IF EXISTS goods_bigrams(text)`.execute(db)
    return
  }
  for (const t of ['goods_bigrams_ai', 'goods_bigrams_ad', 'goods_bigrams_au']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db)
  await sql`DROP TABLE IF EXISTS goods_bigrams`.execute(db)
  await sql`DROP TABLE IF EXISTS search_seq`.execute(db)
}
