import type { Conn, Db } from '../../db/types'
import '../../db/rechargeTables'
import { chinaDay, chinaDayStart, DAY_MS } from '../../services/chinaTime'
import { isUniqueViolation } from '../order/service'

/**
 * The daily snapshot of the shop's outstanding balance (docs/balance.md "Daily snapshot"). The row of a China day is
 * taken once the day is over: total and withdrawable are the ledger rows written before the day's end added up (so
 * the figure is the ledgers' sum by construction, whenever it is taken); ledger_total is the members' balances at
 * the moment of taking minus the ledger rows written since the day's end — equal to total when the books are right.
 * held: what unpaid orders held when it was taken. One row per day (unique), so two instances never write it twice.
 */
export async function takeBalanceSnapshot(db: Db, now = Date.now()): Promise<string | null> {
  const end = chinaDayStart(now)
  const day = chinaDay(end - DAY_MS)
  const exists = await db.selectFrom('balanceSnapshots').select('id').where('day', '=', day).executeTakeFirst()
  if (exists) return null
  const row = await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('balanceLedger')
      .select((eb) => [eb.fn.sum<number>('amount').as('total'), eb.fn.sum<number>('withdrawableAmount').as('withdrawable')])
      .where('createdAt', '<', end)
      .executeTakeFirst()
    const since = await tx
      .selectFrom('balanceLedger')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('createdAt', '>=', end)
      .executeTakeFirst()
    const members = await tx
      .selectFrom('members')
      .select((eb) => eb.fn.sum<number>('balance').as('s'))
      .executeTakeFirst()
    const held = await tx
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('balanceAmount').as('s'))
      .where('status', '=', 'unpaid')
      .executeTakeFirst()
    return {
      day,
      total: Number(before?.total || 0),
      withdrawable: Number(before?.withdrawable || 0),
      held: Number(held?.s || 0),
      ledgerTotal: Number(members?.s || 0) - Number(since?.s || 0),
      takenAt: now,
    }
  })
  try {
    await db.insertInto('balanceSnapshots').values(row).execute()
  } catch (err) {
    if (isUniqueViolation(err)) return null
    throw err
  }
  return day
}

/** The last `days` snapshots, newest first. */
export async function balanceSnapshots(db: Conn, days = 30) {
  const rows = await db.selectFrom('balanceSnapshots').selectAll().orderBy('day', 'desc').limit(days).execute()
  return rows.map((r) => ({
    day: r.day,
    total: Number(r.total),
    withdrawable: Number(r.withdrawable),
    held: Number(r.held),
    ledgerTotal: Number(r.ledgerTotal),
    consistent: Number(r.total) === Number(r.ledgerTotal),
    takenAt: Number(r.takenAt),
  }))
}
