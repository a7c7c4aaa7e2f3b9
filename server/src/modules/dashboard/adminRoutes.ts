import { sql } from 'kysely'
import type { DashboardReply, Figures, TrendPoint } from '../../../../types/admin'
import type { AdminRouteModule } from '../../admin/types'
import type { Db } from '../../db/types'
import '../../db/afterSalesTables'
import '../agent/tables'
import { chinaDay } from '../goods/service'
import { failureCounts } from '../settings/failures'

const DAY_MS = 86400_000
const CHINA_OFFSET_MS = 8 * 3600_000
/** Midnight (China time) of the day holding t, as epoch ms. */
const dayStart = (t: number) => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS
const monthStart = (t: number) => {
  const d = new Date(t + CHINA_OFFSET_MS)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - CHINA_OFFSET_MS
}

/**
 * Sales figures of [from, now): paid orders (by payment time) and their paid amount; visitors are the distinct
 * signed-in members who opened a goods page (footprints: the shop does not count anonymous visits);
 * conversion = paying members / visitors.
 */
async function figures(db: Db, from: number): Promise<Figures> {
  const [paid, visitors] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('payAmount'), sql<number>`0`).as('sales'), eb.fn.countAll<number>().as('n'), eb.fn.count<number>('memberId').distinct().as('buyers')])
      .where('paidAt', '>=', from)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('footprints')
      .select((eb) => eb.fn.count<number>('memberId').distinct().as('n'))
      .where('viewedAt', '>=', from)
      .executeTakeFirstOrThrow(),
  ])
  const v = Number(visitors.n)
  return { sales: Number(paid.sales), paidOrders: Number(paid.n), visitors: v, conversion: v ? Math.min(1, Math.round((Number(paid.buyers) / v) * 10000) / 10000) : 0 }
}

/** 30 China days ending today: sales and paid orders per payment day, visitors per footprint day. */
async function trend(db: Db, now: number): Promise<TrendPoint[]> {
  const first = dayStart(now) - 29 * DAY_MS
  // Literals, not parameters: SQLite binds a JS number as REAL, which would make this a fractional division.
  const dayNo = sql<number>`((paid_at + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)})`
  const [paid, visits] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [dayNo.as('d'), eb.fn.sum<number>('payAmount').as('sales'), eb.fn.countAll<number>().as('n')])
      .where('paidAt', '>=', first)
      .groupBy(dayNo)
      .execute(),
    db
      .selectFrom('footprints')
      .select((eb) => ['day', eb.fn.count<number>('memberId').distinct().as('n')])
      .where('day', '>=', chinaDay(first))
      .groupBy('day')
      .execute(),
  ])
  const byDay = new Map(paid.map((r) => [Math.floor(Number(r.d)), r]))
  const visitsByDay = new Map(visits.map((r) => [r.day, Number(r.n)]))
  return Array.from({ length: 30 }, (_, i) => {
    const start = first + i * DAY_MS
    const p = byDay.get(Math.floor((start + CHINA_OFFSET_MS) / DAY_MS))
    const day = chinaDay(start)
    return { day, sales: Number(p?.sales || 0), paidOrders: Number(p?.n || 0), visitors: visitsByDay.get(day) || 0 }
  })
}

const count = async (q: { executeTakeFirstOrThrow: () => Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n)

/** 工作台: today, this month, the 30-day trend and the to-do counts that link to their lists. */
const dashboardAdminRoutes: AdminRouteModule = async (app, { db }) => {
  app.get('/dashboard', { config: { permission: 'dashboard.read' } }, async (): Promise<DashboardReply> => {
    const now = Date.now()
    const n = sql<number>`count(*)`.as('n')
    const [today, month, days, toShip, afterSales, withdrawals, agentApplications, cashbackTasks, feedback, failed] = await Promise.all([
      figures(db, dayStart(now)),
      figures(db, monthStart(now)),
      trend(db, now),
      count(db.selectFrom('orders').select(n).where('status', '=', 'to_ship')),
      count(db.selectFrom('afterSales').select(n).where('status', 'in', ['applied', 'returned', 'received'])),
      count(db.selectFrom('withdrawals').select(n).where('status', '=', 'pending')),
      count(db.selectFrom('agentApplications').select(n).where('status', '=', 'pending')),
      count(db.selectFrom('cashbackTasks').select(n).where('status', '=', 'submitted')),
      count(db.selectFrom('feedback').select(n).where('status', '=', 'new')),
      failureCounts(db),
    ])
    const failures = { failedRefunds: failed.refunds, failedShipping: failed.shipping, failedMessages: failed.messages, failedTracking: failed.tracking }
    return { today, month, trend: days, todo: { toShip, afterSales, withdrawals, agentApplications, cashbackTasks, feedback, ...failures } }
  })
}

export default dashboardAdminRoutes
