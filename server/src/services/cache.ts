import type { Cache } from '../context'
import type { Db } from '../db/types'

/** Cache in the database (kv_cache), shared by every instance when there is no Redis. */
export function dbCache(db: Db): Cache {
  return {
    async get(key) {
      const row = await db.selectFrom('kvCache').select(['value', 'expiresAt']).where('key', '=', key).executeTakeFirst()
      return row && row.expiresAt > Date.now() ? row.value : null
    },
    async set(key, value, ttlSeconds) {
      const expiresAt = Date.now() + ttlSeconds * 1000
      await db
        .insertInto('kvCache')
        .values({ key, value, expiresAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, expiresAt }))
        .execute()
    },
  }
}

/** Redis-backed cache shared by every instance (when REDIS_URL is set). */
export function redisCache(redis: { get(k: string): Promise<string | null>; set(k: string, v: string, mode: 'EX', ttl: number): Promise<unknown> }): Cache {
  return {
    get: (key) => redis.get(`cache:${key}`),
    async set(key, value, ttlSeconds) {
      await redis.set(`cache:${key}`, value, 'EX', Math.max(1, ttlSeconds))
    },
  }
}
