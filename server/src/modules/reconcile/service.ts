import type { Selectable } from 'kysely'
import type { Db } from '../../db/types'
import type { PaymentCtx } from '../../payments'
import { getPaymentProvider } from '../../payments'
import type { ReconcileDiffTable, ReconcileIssue } from '../../db/moneyTables'
import { AppError, ErrorCode } from '../../errors'
import '../../db/moneyTables'
import { chinaDay, chinaHour, parseChinaDay } from '../../services/chinaTime'

/**
 * Daily reconciliation (docs/wechat.md, "Reconciliation"): the gateway's trade bill of a China day against our
 * payments and refunds of that day. Every difference is stored (missing on our side, missing on WeChat's, amount
 * differs); running a day again replaces its differences. The console lists them; the CLI prints them.
 */

const DAY = 86_400_000
const dayRange = (date: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parseChinaDay(date))) throw new AppError(ErrorCode.BAD_REQUEST, '日期格式应为 YYYY-MM-DD')
  const from = parseChinaDay(date)
  return { from, to: from + DAY }
}
/** Yesterday in China time (the bill the morning job fetches). */
export const chinaYesterday = (now = Date.now()) => chinaDay(now - DAY)

/** Our side of the day: payments paid through the provider, refunds that succeeded (after-sales and late payments). */
async function ourSide(db: Db, provider: string, from: number, to: number) {
  const payments = await db.selectFrom('payments').select(['payNo', 'amount']).where('provider', '=', provider).where('paidAt', '>=', from).where('paidAt', '<', to).execute()
  const cases = await db
    .selectFrom('afterSales as s')
    .innerJoin('payments as p', (j) => j.onRef('p.orderId', '=', 's.orderId').on('p.provider', '=', provider).on('p.status', 'in', ['paid', 'refunded']))
    .select(['s.refundNo', 's.refundAmount'])
    .where('s.status', '=', 'refunded')
    .where('s.refundedAt', '>=', from)
    .where('s.refundedAt', '<', to)
    .execute()
  const late = await db
    .selectFrom('payments')
    .select(['payNo', 'amount'])
    .where('provider', '=', provider)
    .where('status', '=', 'refunded')
    .where('refundedAt', '>=', from)
    .where('refundedAt', '<', to)
    .execute()
  return {
    payments: new Map(payments.map((p) => [p.payNo, Number(p.amount)])),
    refunds: new Map([...cases.map((c) => [String(c.refundNo), Number(c.refundAmount)] as const), ...late.map((p) => [`R${p.payNo}`, Number(p.amount)] as const)]),
  }
}

function compare(kind: 'payment' | 'refund', ours: Map<string, number>, theirs: Map<string, number>) {
  const out: Array<{ kind: 'payment' | 'refund'; refNo: string; issue: ReconcileIssue; ours: number | null; theirs: number | null }> = []
  for (const [no, amount] of theirs) {
    if (!ours.has(no)) out.push({ kind, refNo: no, issue: 'missing_ours', ours: null, theirs: amount })
    else if (ours.get(no) !== amount) out.push({ kind, refNo: no, issue: 'amount_differs', ours: ours.get(no)!, theirs: amount })
  }
  for (const [no, amount] of ours) if (!theirs.has(no)) out.push({ kind, refNo: no, issue: 'missing_wechat', ours: amount, theirs: null })
  return out
}

/** Reconciles one day with the configured provider; replaces that day's stored differences. */
export async function reconcileDay(ctx: PaymentCtx, date: string) {
  const { from, to } = dayRange(date)
  const provider = ctx.config.payProvider
  const bill = await getPaymentProvider(ctx, provider).tradeBill(date)
  const ours = await ourSide(ctx.db, provider, from, to)
  const sum = (rows: Array<{ amount: number }>, key: (r: any) => string) => {
    const m = new Map<string, number>()
    for (const r of rows) m.set(key(r), (m.get(key(r)) || 0) + r.amount)
    return m
  }
  const diffs = [
    ...compare(
      'payment',
      ours.payments,
      sum(bill.payments, (r) => r.payNo),
    ),
    ...compare(
      'refund',
      ours.refunds,
      sum(bill.refunds, (r) => r.refundNo),
    ),
  ]
  const t = Date.now()
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('reconcileDiffs').where('billDate', '=', date).execute()
    if (diffs.length)
      await tx
        .insertInto('reconcileDiffs')
        .values(diffs.map((d) => ({ ...d, billDate: date, createdAt: t })))
        .execute()
    const run = { provider, payments: bill.payments.length, refunds: bill.refunds.length, differences: diffs.length, ranAt: t }
    await tx
      .insertInto('reconcileRuns')
      .values({ billDate: date, ...run })
      .onConflict((oc) => oc.column('billDate').doUpdateSet(run))
      .execute()
  })
  return { date, provider, payments: bill.payments.length, refunds: bill.refunds.length, differences: diffs }
}

/** The stored differences of a day (the console's reconciliation page). */
export async function reconcileDiffs(db: Db, date: string): Promise<Array<Selectable<ReconcileDiffTable>>> {
  return db.selectFrom('reconcileDiffs').selectAll().where('billDate', '=', date).orderBy('id').execute()
}

/** The morning job: yesterday's bill, once, after 10:00 China time (WeChat makes it available from about 9:00). */
export async function reconcileYesterday(ctx: PaymentCtx, now = Date.now()) {
  if (chinaHour(now) < 10) return null
  const date = chinaYesterday(now)
  if (await ctx.db.selectFrom('reconcileRuns').select('billDate').where('billDate', '=', date).executeTakeFirst()) return null
  return reconcileDay(ctx, date)
}
