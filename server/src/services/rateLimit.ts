import { sql } from 'kysely'
import type { Db } from '../db/types'
import { AppError, ErrorCode } from '../errors'

/**
 * Fixed-window counter in the database, so every server instance shares it.
 * Returns the count after this hit; throws RATE_LIMITED when over `limit`.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number, msg = '操作过于频繁，请稍后再试'): Promise<number> {
  const t = Date.now()
  const windowStart = Math.floor(t / windowMs) * windowMs
  const bucket = `${key}:${windowStart}`.slice(0, 128)
  const expiresAt = windowStart + windowMs
  const row = await db
    .insertInto('rateCounters')
    .values({ bucket, count: 1, expiresAt })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({ count: sql`rate_counters.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow()
  if (Math.random() < 0.01) await db.deleteFrom('rateCounters').where('expiresAt', '<', t).execute()
  if (row.count > limit) throw new AppError(ErrorCode.RATE_LIMITED, msg)
  return row.count
}

/** Gives back one hit of the current window (an action that was counted but did not happen, such as a refused SMS). */
export async function unhit(db: Db, key: string, windowMs: number): Promise<void> {
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs
  const bucket = `${key}:${windowStart}`.slice(0, 128)
  await db
    .updateTable('rateCounters')
    .set({ count: sql`rate_counters.count - 1` })
    .where('bucket', '=', bucket)
    .where('count', '>', 0)
    .execute()
}
