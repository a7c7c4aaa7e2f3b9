/**
 * Data versions for in-process read caches (services/readCache.ts): a number that changes whenever this
 * process has committed a write that a cached public read could show, plus, on SQLite, PRAGMA data_version
 * (commits of other processes on the same file: the admin CLI, other workers; read at most every 50 ms).
 * Writes to the tables below (sessions, footprints...) are frequent and shown by no cached read, so they
 * do not count.
 *
 * SQLite: one connection; a write statement counts when it runs. Reads queue behind an open transaction on
 *   that connection, so nothing can read the old rows after the count moved.
 * PostgreSQL: a pooled connection that ran a write counts when it goes back to the pool, i.e. after its
 *   COMMIT (or ROLLBACK): a read that started before that sees the old version, so what it computed is
 *   dropped at the next look-up. Other processes' writes are not seen: the cache's TTL bounds those.
 */

/** Written often, read by no cached public answer. */
export const UNTRACKED_TABLES = new Set([
  'sessions',
  'sms_codes',
  'rate_counters',
  'kv_cache',
  'footprints',
  'shop_views',
  'visits',
  'wx_login_keys',
  'cart_items',
  'job_leases',
  'staff_sessions',
  'staff_login_failures',
])

const WRITE_TARGET = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?/i

/** Whether a write statement may change what a cached read shows (anything but a plain write to an untracked table). */
export function writeMatters(sql: string): boolean {
  const m = WRITE_TARGET.exec(sql)
  return !m || !UNTRACKED_TABLES.has(m[1].toLowerCase())
}

const versions = new WeakMap<object, () => string>()

/** The data version of a database made by createDb (undefined for others: no read cache then). */
export const dataVersionOf = (db: object): (() => string) | undefined => versions.get(db)
export const registerDataVersion = (db: object, fn: () => string) => versions.set(db, fn)

/** Prepared statements kept per SQL text (Kysely prepares every query again otherwise). */
const STATEMENT_CACHE = 300

/**
 * Wraps a better-sqlite3 Database: statements are prepared once per SQL text, and write statements
 * move the counter. Returns the version function.
 */
export function trackSqlite(database: any): () => string {
  let writes = 0
  const prepare = database.prepare.bind(database)
  const cache = new Map<string, any>()
  // Rows changed by this connection so far (triggers included): a write that changed nothing does not count.
  const totalChanges = prepare('SELECT total_changes()').pluck()
  const changes = () => totalChanges.get() as number
  database.prepare = (source: string) => {
    let st = cache.get(source)
    if (st) return st
    st = prepare(source)
    if (!st.readonly && writeMatters(source)) {
      for (const method of ['run', 'all', 'get', 'iterate'] as const) {
        const original = st[method].bind(st)
        st[method] = (...args: unknown[]) => {
          const before = changes()
          try {
            return original(...args)
          } finally {
            if (changes() !== before) writes += 1
          }
        }
      }
    }
    if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string)
    cache.set(source, st)
    return st
  }
  // Other processes' commits: PRAGMA data_version costs ~3 µs, so it is read at most every 50 ms.
  const dataVersion = prepare('PRAGMA data_version').pluck()
  let others = 0
  let checkedAt = 0
  // The version string is made again only when a count moved (every cached read asks for it).
  let madeFor = -1
  let madeForOthers = -1
  let current = ''
  return () => {
    const now = Date.now()
    if (now - checkedAt >= OTHER_PROCESSES_CHECK_MS) {
      others = dataVersion.get() as number
      checkedAt = now
    }
    if (writes !== madeFor || others !== madeForOthers) {
      madeFor = writes
      madeForOthers = others
      current = `${writes}:${others}`
    }
    return current
  }
}

/** How long a commit of another process on the same SQLite file can go unseen by the read cache. */
export const OTHER_PROCESSES_CHECK_MS = 50

const READ_COMMANDS = new Set(['SELECT', 'SHOW', 'BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'SET', 'RESET'])

/** Watches a pg Pool: a connection that ran a write moves the counter when it is released. Returns the version function. */
export function trackPostgres(pool: any): () => string {
  let writes = 0
  const dirty = new WeakSet<object>()
  pool.on('connect', (client: any) => {
    const query = client.query.bind(client)
    client.query = (...args: any[]) => {
      const r = query(...args)
      const text: unknown = typeof args[0] === 'string' ? args[0] : args[0]?.text
      if (!r || typeof r.then !== 'function' || typeof text !== 'string') return r
      return r.then((res: any) => {
        // A write that changed no row (a job finding nothing to do) does not count.
        if (!READ_COMMANDS.has(String(res?.command || '').toUpperCase()) && res?.rowCount !== 0 && writeMatters(text)) dirty.add(client)
        return res
      })
    }
  })
  pool.on('release', (_err: unknown, client: any) => {
    if (dirty.has(client)) {
      dirty.delete(client)
      writes += 1
    }
  })
  return () => String(writes)
}
