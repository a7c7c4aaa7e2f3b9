import { sql } from 'kysely'
import type { Conn, Db } from '../../db/types'
import type { Job } from '../shopModule'
import { isUniqueViolation } from '../order/service'
import { changePoints } from './points'
import { pointsRules } from './rules'
import { chinaDay, DAY_MS } from '../../services/chinaTime'

/**
 * What has expired for a member by `cutoff`: points are spent oldest first, so it is the points gained before the
 * cutoff less every point taken so far (spending, take-backs, earlier expiries), when positive, and never more than
 * the balance. Earlier expiries count among what was taken, so nothing expires twice.
 */
export async function expiredPointsOf(db: Conn, memberId: number, cutoff: number): Promise<number> {
  const r = await db
    .selectFrom('pointsLedger')
    .select([
      sql<number>`coalesce(sum(case when ${sql.ref('change')} > 0 and ${sql.ref('createdAt')} < ${cutoff} then ${sql.ref('change')} else 0 end), 0)`.as('old'),
      sql<number>`coalesce(sum(case when ${sql.ref('change')} < 0 then -${sql.ref('change')} else 0 end), 0)`.as('taken'),
    ])
    .where('memberId', '=', memberId)
    .executeTakeFirstOrThrow()
  const m = await db.selectFrom('members').select('points').where('id', '=', memberId).executeTakeFirst()
  return Math.max(0, Math.min(Number(r.old) - Number(r.taken), Number(m?.points || 0)))
}

/**
 * 积分过期 (docs/promotions.md): with the console's rule 积分有效期 N days (expireDays; 0 = points never expire), points
 * gained more than N days ago and not spent expire. Each member with points is checked; what has expired is taken in
 * its own transaction with one ledger row 'expire' keyed `expire:<China day>` (unique per member), so two runs at
 * once or a second run the same day take nothing more. Returns the members whose points expired.
 */
export async function expirePoints(db: Db, now = Date.now(), limit = 500): Promise<number> {
  const { expireDays } = await pointsRules(db)
  if (expireDays <= 0) return 0
  const cutoff = now - expireDays * DAY_MS
  const key = `expire:${chinaDay(now)}`
  // Members holding points who gained some before the cutoff and have no expiry row today.
  const due = await db
    .selectFrom('members as m')
    .select('m.id')
    .where('m.points', '>', 0)
    .where(({ exists, selectFrom }) => exists(selectFrom('pointsLedger as l').select('l.id').whereRef('l.memberId', '=', 'm.id').where('l.change', '>', 0).where('l.createdAt', '<', cutoff)))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('pointsLedger as k').select('k.id').whereRef('k.memberId', '=', 'm.id').where('k.refKey', '=', key))))
    .orderBy('m.id')
    .limit(limit)
    .execute()
  let n = 0
  for (const { id } of due) {
    try {
      const took = await db.transaction().execute(async (tx) => {
        // Lock the member's row first (PostgreSQL): a spend at the same moment is counted before or after, never half.
        await tx
          .updateTable('members')
          .set((eb) => ({ points: eb('points', '+', 0) }))
          .where('id', '=', id)
          .execute()
        const points = await expiredPointsOf(tx, id, cutoff)
        if (points <= 0) return false
        await changePoints(tx, id, -points, 'expire', `${expireDays}天前获得的积分已过期`, key)
        return true
      })
      if (took) n += 1
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
    }
  }
  return n
}

/** Runs the expiry every hour (a run finds nothing more to take the same day). */
export const pointsExpiryJob: Job = { name: 'points-expiry', everyMs: 60 * 60_000, run: (ctx) => expirePoints(ctx.db).then(() => undefined) }
