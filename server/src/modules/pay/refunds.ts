import type { Db } from '../../db/types'
import { failedRefundCases } from '../afterSales/refund'

/**
 * Refunds that failed and wait for the operator (the console's to-do list): after-sales refunds the gateway refused
 * or reported CLOSED / ABNORMAL, and late payments whose automatic refund failed.
 */
export async function failedRefunds(db: Db, limit = 100) {
  const cases = await failedRefundCases(db, limit)
  const latePayments = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.orderId')
    .select(['p.payNo', 'p.amount', 'p.refundError', 'p.updatedAt', 'o.orderNo'])
    .where('p.status', '=', 'refund_pending')
    .where('p.refundError', '!=', '')
    .orderBy('p.updatedAt', 'desc')
    .limit(limit)
    .execute()
  return { cases, latePayments }
}

/** Counts for the console's to-do badges. */
export async function failedRefundCounts(db: Db): Promise<{ cases: number; latePayments: number }> {
  const c = await db
    .selectFrom('afterSales')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'refunding')
    .where('refundFailedAt', 'is not', null)
    .executeTakeFirst()
  const p = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'refund_pending')
    .where('refundError', '!=', '')
    .executeTakeFirst()
  return { cases: Number(c?.n || 0), latePayments: Number(p?.n || 0) }
}
