import fs from 'node:fs'
import path from 'node:path'
import { CamelCasePlugin, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type KyselyConfig } from 'kysely'
import type { DB } from './types'
import { registerDataVersion, trackPostgres, trackSqlite } from './writeTracking'

export type Dialect = 'sqlite' | 'postgres'
/** Which SQL dialect a Kysely instance (or a transaction of it) speaks. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

export interface DbOptions {
  databaseUrl?: string
  /** SQLite file; ':memory:' for tests. */
  sqliteFile?: string
  poolSize?: number
  /** Kysely's query log (bench/admin-lists-plans.ts prints the plan of each query a console request runs). */
  log?: KyselyConfig['log']
}

/** The PostgreSQL pool's counters, for the metrics (services/metrics.ts). */
export interface PoolStats {
  totalCount: number
  idleCount: number
  waitingCount: number
}
const pools = new WeakMap<object, PoolStats>()
/** The pool behind a PostgreSQL database (null for SQLite). */
export const poolOf = (db: Kysely<any>): PoolStats | null => pools.get(db) || null

export function createDb(opts: DbOptions): Kysely<DB> {
  let db: Kysely<DB>
  if (opts.databaseUrl) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the driver of the configured database only: pg when DATABASE_URL is set
    const pg = require('pg')
    pg.types.setTypeParser(20, (v: string) => Number(v)) // int8 (ms timestamps, sums) as numbers
    pg.types.setTypeParser(1700, (v: string) => Number(v)) // numeric
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize || 10, connectionTimeoutMillis: 15000 })
    pool.on('error', () => {}) // a dropped idle connection must not crash the process; queries report their own errors
    // A connection that dies while checked out (database restart, network cut) must not crash the process either:
    // the query in flight fails and the caller answers 503.
    pool.on('connect', (client: any) => client.on('error', () => {}))
    const version = trackPostgres(pool)
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()], log: opts.log })
    registerDataVersion(db, version)
    pools.set(db, pool)
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the driver of the configured database only: SQLite when no DATABASE_URL is set
    const Database = require('better-sqlite3')
    const file = opts.sqliteFile || ':memory:'
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
    const database = new Database(file)
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = NORMAL')
    database.pragma('foreign_keys = ON')
    database.pragma('busy_timeout = 5000')
    const version = trackSqlite(database)
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database }), plugins: [new CamelCasePlugin()], log: opts.log })
    registerDataVersion(db, version)
  }
  return db
}

export const now = () => Date.now()

/** Case-insensitive substring match that works on both dialects. */
export const ilike = (dialect: Dialect) => (dialect === 'postgres' ? 'ilike' : 'like')

export { sql }
