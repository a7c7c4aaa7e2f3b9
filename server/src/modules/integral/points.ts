import type { Conn } from '../../db/types'
import type { PointsReason } from '../../../../types/integral'
import { AppError, ErrorCode } from '../../errors'
import '../../db/promotionTables'

/**
 * The one way points change: a conditional update of members.points (a spend only when the balance
 * covers it, so it never goes negative) and a ledger row with the balance after, in the caller's
 * transaction. `refKey` makes an award happen once per member (a unique index), e.g. "sign:2024-11-22".
 * Returns the balance after.
 */
export async function changePoints(tx: Conn, memberId: number, delta: number, reason: PointsReason, note = '', refKey: string | null = null): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`points change must be a non-zero integer, got ${delta}`)
  const t = Date.now()
  let row: { points: number } | undefined
  if (delta < 0) {
    row = await tx
      .updateTable('members')
      .set((eb) => ({ points: eb('points', '-', -delta), updatedAt: t }))
      .where('id', '=', memberId)
      .where('points', '>=', -delta)
      .returning('points')
      .executeTakeFirst()
    if (!row) {
      const m = await tx.selectFrom('members').select('points').where('id', '=', memberId).executeTakeFirst()
      if (!m) throw new AppError(ErrorCode.NOT_FOUND, '会员不存在')
      throw new AppError(ErrorCode.POINTS_INSUFFICIENT, `积分不足，当前积分${m.points}，需要${-delta}`, { balance: Number(m.points), need: -delta })
    }
  } else {
    row = await tx
      .updateTable('members')
      .set((eb) => ({ points: eb('points', '+', delta), updatedAt: t }))
      .where('id', '=', memberId)
      .returning('points')
      .executeTakeFirst()
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, '会员不存在')
  }
  const balance = Number(row.points)
  await tx
    .insertInto('pointsLedger')
    .values({ memberId, change: delta, balanceAfter: balance, reason, refKey, note: note.slice(0, 100), createdAt: t })
    .execute()
  return balance
}

export async function pointsBalance(db: Conn, memberId: number): Promise<number> {
  const m = await db.selectFrom('members').select('points').where('id', '=', memberId).executeTakeFirst()
  return Number(m?.points || 0)
}

/** True when an award with this key is already in the member's ledger. */
export async function hasLedgerKey(db: Conn, memberId: number, refKey: string): Promise<boolean> {
  return !!(await db.selectFrom('pointsLedger').select('id').where('memberId', '=', memberId).where('refKey', '=', refKey).executeTakeFirst())
}
