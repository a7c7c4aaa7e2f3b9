import { dataVersionOf } from '../db/writeTracking'

/**
 * In-process cache for public reads (home, goods detail, search): one computation serves every request
 * until this process writes something such a read could show (see db/writeTracking.ts) or `ttlMs` passes,
 * which bounds what other processes' writes can leave unseen (PostgreSQL with WORKERS > 1 or the admin CLI).
 * Concurrent misses of one key share one computation. Values are shared: callers must not mutate them.
 */
export interface ReadCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>
  /**
   * The value `get` would give now without computing, once its computation has finished; undefined otherwise. A route
   * that finds it answers in the same tick: no promise to wait for (a measured share of a cached read).
   */
  peek<T>(key: string): T | undefined
}

interface Entry {
  version: string
  at: number
  value: Promise<unknown>
  /** The computed value, once the computation has finished. */
  done?: { value: unknown }
}

const MAX_ENTRIES = 2000
const caches = new WeakMap<object, ReadCache>()

/** Values that came out of a read cache (shared and never mutated): their answer can be kept with them. */
const sharedValues = new WeakSet<object>()
const successBodyOf = new WeakMap<object, Buffer>()

/**
 * The whole success envelope `{"code":200,"msg":"成功","data":…}` of a value from a read cache, as UTF-8 bytes
 * made once and sent as they are by every request it answers (no string building and no UTF-8 encoding of a
 * 10 KB text per request). Undefined for any other value: the envelope's serializer then stringifies it as usual.
 */
export function sharedSuccessBody(value: unknown): Buffer | undefined {
  if (!value || typeof value !== 'object' || !sharedValues.has(value)) return undefined
  let body = successBodyOf.get(value)
  if (body === undefined) successBodyOf.set(value, (body = Buffer.from(`{"code":200,"msg":"成功","data":${JSON.stringify(value)}}`)))
  return body
}

export const noReadCache: ReadCache = { get: (_key, compute) => compute(), peek: () => undefined }

/** The read cache of a database (one per Kysely instance made by createDb); off when ttlMs is 0. */
export function readCache(db: object, ttlMs: number): ReadCache {
  const known = caches.get(db)
  if (known) return known
  const version = dataVersionOf(db)
  const cache = version && ttlMs > 0 ? versionedCache(version, ttlMs) : noReadCache
  caches.set(db, cache)
  return cache
}

export function versionedCache(version: () => string, ttlMs: number): ReadCache {
  const entries = new Map<string, Entry>()
  const fresh = (key: string) => {
    const e = entries.get(key)
    return e && e.version === version() && Date.now() - e.at < ttlMs ? e : undefined
  }
  return {
    peek<T>(key: string): T | undefined {
      return fresh(key)?.done?.value as T | undefined
    },
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const e = fresh(key)
      if (e) return e.value as Promise<T>
      // The version is taken before the computation: a write that lands during it makes the entry stale.
      const v = version()
      const now = Date.now()
      const value = compute().then((x) => {
        if (x && typeof x === 'object') sharedValues.add(x)
        entry.done = { value: x }
        return x
      })
      const entry: Entry = { version: v, at: now, value }
      entries.delete(key)
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      entries.set(key, entry)
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return value
    },
  }
}
