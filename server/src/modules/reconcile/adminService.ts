import type { AppContext } from '../../context'
import type { Conn } from '../../db/types'
import { audited, type Actor } from '../../admin/audit'
import type { ReconcileReply } from '../../../../types/adminReconcile'
import { chinaDay } from '../../services/chinaTime'
import { AppError, ErrorCode } from '../../errors'
import { reconcileDay } from './service'

/** 财务 → 对账: the day's run and its differences. */
export async function reconcileView(db: Conn, date: string): Promise<ReconcileReply> {
  const run = await db.selectFrom('reconcileRuns').selectAll().where('billDate', '=', date).executeTakeFirst()
  const diffs = await db.selectFrom('reconcileDiffs').select(['id', 'kind', 'refNo', 'issue', 'ours', 'theirs']).where('billDate', '=', date).orderBy('id').execute()
  return {
    date,
    run: run ? { provider: run.provider, payments: Number(run.payments), refunds: Number(run.refunds), differences: Number(run.differences), ranAt: Number(run.ranAt) } : null,
    diffs: diffs.map((d) => ({ ...d, ours: d.ours === null ? null : Number(d.ours), theirs: d.theirs === null ? null : Number(d.theirs) })),
  }
}

/** 财务 → 对账 → 重新对账: a day before today only (WeChat makes a day's bill after 9:00 the next day); the run is audited. */
export async function runReconcile(ctx: AppContext, actor: Actor, date: string) {
  if (date >= chinaDay()) throw new AppError(ErrorCode.BAD_REQUEST, '只能对账今天以前的日期（微信次日 9 点后生成前一天的账单）')
  const r = await reconcileDay(ctx, date)
  await audited(ctx.db, actor, async (_tx, log) =>
    log({ action: 'reconcile.run', targetType: 'reconcile', targetId: r.date, after: { provider: r.provider, payments: r.payments, refunds: r.refunds, differences: r.differences.length } }),
  )
}
