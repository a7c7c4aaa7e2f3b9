import { sql } from 'kysely'
import { type Permission } from '../../../../types/admin'
import { AFTER_SALES_WAITING } from '../../../../types/adminAfterSales'
import { type DashboardReply, type DashboardTodo, type Figures, type Metric, type TopGoods, type TrendPoint } from '../../../../types/adminDashboard'
import type { Db } from '../../db/types'
import '../../db/afterSalesTables'
import '../agent/tables'
import { failureCounts } from '../settings/failures'
import './tables'
import { CHINA_OFFSET_MS, DAY_MS, chinaDay, chinaDayStart, chinaMonthStart } from '../../services/chinaTime'

const TREND_DAYS = 30

/** What a staff member may see: the permissions of their role. */
export interface Viewer {
  has: (p: Permission) => boolean
}

/**
 * A period [from, to) and the previous period of the same length: today so far against yesterday up to the same
 * time of day; this month so far against last month's first days of the same length (at most the whole last month).
 */
export function periods(now: number) {
  const today = chinaDayStart(now)
  const month = chinaMonthStart(now)
  const lastMonth = chinaMonthStart(month - 1)
  return {
    today: { from: today, to: now, prevFrom: today - DAY_MS, prevTo: today - DAY_MS + (now - today) },
    month: { from: month, to: now, prevFrom: lastMonth, prevTo: Math.min(month, lastMonth + (now - month)) },
  }
}

interface Raw {
  gross: number
  refunds: number
  paidOrders: number
  buyers: number
  visitors: number
  newMembers: number
}

/** The raw counts of [from, to), each on an indexed time column (orders.paid_at, after_sales.refunded_at, visits.created_at, members.created_at). */
async function raw(db: Db, from: number, to: number, sales: boolean, people: boolean): Promise<Raw> {
  const zero = { sales: 0, n: 0, buyers: 0 }
  const [paid, refunded, visitors, newMembers] = await Promise.all([
    sales
      ? db
          .selectFrom('orders')
          .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('payAmount'), sql<number>`0`).as('sales'), eb.fn.countAll<number>().as('n'), eb.fn.count<number>('memberId').distinct().as('buyers')])
          .where('paidAt', '>=', from)
          .where('paidAt', '<', to)
          .executeTakeFirstOrThrow()
      : zero,
    sales
      ? db
          .selectFrom('afterSales')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refundAmount'), sql<number>`0`).as('s'))
          .where('refundedAt', '>=', from)
          .where('refundedAt', '<', to)
          .where('status', '=', 'refunded')
          .executeTakeFirstOrThrow()
      : { s: 0 },
    people
      ? db
          .selectFrom('visits')
          .select((eb) => eb.fn.count<number>('deviceId').distinct().as('n'))
          .where('createdAt', '>=', from)
          .where('createdAt', '<', to)
          .executeTakeFirstOrThrow()
      : { n: 0 },
    people
      ? db
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('createdAt', '>=', from)
          .where('createdAt', '<', to)
          .executeTakeFirstOrThrow()
      : { n: 0 },
  ])
  return {
    gross: Number(paid.sales),
    refunds: Number(refunded.s),
    paidOrders: Number(paid.n),
    buyers: Number(paid.buyers),
    visitors: Number(visitors.n),
    newMembers: Number(newMembers.n),
  }
}

/** Paying members / visitors, 0..1 to 4 places; 0 without visitors. */
export const conversionOf = (buyers: number, visitors: number) => (visitors ? Math.min(1, Math.round((buyers / visitors) * 10000) / 10000) : 0)

/** The figures of a period and its previous one, only those the viewer may read. */
async function figures(db: Db, p: { from: number; to: number; prevFrom: number; prevTo: number }, sales: boolean, people: boolean): Promise<Figures> {
  if (!sales && !people) return {}
  const [cur, prev] = await Promise.all([raw(db, p.from, p.to, sales, people), raw(db, p.prevFrom, p.prevTo, sales, people)])
  const m = (f: (r: Raw) => number): Metric => ({ value: f(cur), previous: f(prev) })
  return {
    ...(sales && { gross: m((r) => r.gross), refunds: m((r) => r.refunds), net: m((r) => r.gross - r.refunds), paidOrders: m((r) => r.paidOrders), buyers: m((r) => r.buyers) }),
    ...(people && { visitors: m((r) => r.visitors), newMembers: m((r) => r.newMembers) }),
    ...(sales && people && { conversion: m((r) => conversionOf(r.buyers, r.visitors)) }),
  }
}

/** 30 China days ending today: gross and paid orders per payment day, refunds per refund day, visitors per visit day. */
async function trend(db: Db, now: number, sales: boolean, people: boolean): Promise<TrendPoint[]> {
  const first = chinaDayStart(now) - (TREND_DAYS - 1) * DAY_MS
  // Literals, not parameters: SQLite binds a JS number as REAL, which would make this a fractional division.
  const dayNo = (col: string) => sql<number>`((${sql.ref(col)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)})`
  const [paid, refunded, visits] = await Promise.all([
    sales
      ? db
          .selectFrom('orders')
          .select((eb) => [dayNo('paid_at').as('d'), eb.fn.sum<number>('payAmount').as('s'), eb.fn.countAll<number>().as('n')])
          .where('paidAt', '>=', first)
          .groupBy(sql`1`)
          .execute()
      : [],
    sales
      ? db
          .selectFrom('afterSales')
          .select((eb) => [dayNo('refunded_at').as('d'), eb.fn.sum<number>('refundAmount').as('s')])
          .where('refundedAt', '>=', first)
          .where('status', '=', 'refunded')
          .groupBy(sql`1`)
          .execute()
      : [],
    // (day, device) is unique: a day's rows are its visitors.
    people
      ? db
          .selectFrom('visits')
          .select((eb) => ['day', eb.fn.countAll<number>().as('n')])
          .where('day', '>=', chinaDay(first))
          .groupBy('day')
          .execute()
      : [],
  ])
  const dayKey = (d: unknown) => Math.floor(Number(d))
  const paidBy = new Map(paid.map((r) => [dayKey(r.d), r]))
  const refundBy = new Map(refunded.map((r) => [dayKey(r.d), Number(r.s || 0)]))
  const visitsBy = new Map(visits.map((r) => [r.day, Number(r.n)]))
  return Array.from({ length: TREND_DAYS }, (_, i) => {
    const start = first + i * DAY_MS
    const key = Math.floor((start + CHINA_OFFSET_MS) / DAY_MS)
    const day = chinaDay(start)
    const p = paidBy.get(key)
    const gross = Number(p?.s || 0)
    const refunds = refundBy.get(key) || 0
    return {
      day,
      ...(sales && { gross, refunds, net: gross - refunds, paidOrders: Number(p?.n || 0) }),
      ...(people && { visitors: visitsBy.get(day) || 0 }),
    }
  })
}

/**
 * The goods with the highest paid amount among the orders paid since `from`: the sums first, from the indexes alone
 * (orders_paid_cover for the paid orders, order_items_order_cover for their lines), then the names and pictures of
 * those ten only — the catalogue's, or (goods deleted, or without one) the lines' of the same orders.
 */
async function topGoods(db: Db, from: number): Promise<TopGoods[]> {
  const top = await db
    .selectFrom('orders')
    .innerJoin('orderItems', 'orderItems.orderId', 'orders.id')
    .select((eb) => ['orderItems.goodsId', eb.fn.sum<number>('orderItems.payAmount').as('amount'), eb.fn.sum<number>('orderItems.quantity').as('quantity')])
    .where('orders.paidAt', '>=', from)
    .groupBy('orderItems.goodsId')
    .orderBy((eb) => eb.fn.sum('orderItems.payAmount'), 'desc')
    .orderBy('orderItems.goodsId')
    .limit(10)
    .execute()
  if (!top.length) return []
  const ids = top.map((r) => r.goodsId)
  const goods = new Map((await db.selectFrom('goods').select(['id', 'name', 'mainImage']).where('id', 'in', ids).execute()).map((g) => [g.id, g]))
  const lacking = ids.filter((id) => !goods.get(id)?.name || !goods.get(id)?.mainImage)
  const lines = lacking.length
    ? await db
        .selectFrom('orderItems')
        .innerJoin('orders', 'orders.id', 'orderItems.orderId')
        .select((eb) => ['orderItems.goodsId', eb.fn.max('orderItems.goodsName').as('name'), eb.fn.max('orderItems.image').as('image')])
        .where('orderItems.goodsId', 'in', lacking)
        .where('orders.paidAt', '>=', from)
        .groupBy('orderItems.goodsId')
        .execute()
    : []
  const line = new Map(lines.map((l) => [l.goodsId, l]))
  return top.map((r) => ({
    goodsId: r.goodsId,
    name: String(goods.get(r.goodsId)?.name || line.get(r.goodsId)?.name || ''),
    image: String(goods.get(r.goodsId)?.mainImage || line.get(r.goodsId)?.image || ''),
    amount: Number(r.amount),
    quantity: Number(r.quantity),
  }))
}

/** Orders placed since `from`, by status (orders_created_status: the range of the index alone). */
async function orderStatus(db: Db, from: number) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', from)
    .groupBy('status')
    .execute()
  return rows.map((r) => ({ status: String(r.status), count: Number(r.n) })).sort((a, b) => b.count - a.count)
}

const count = async (q: { executeTakeFirstOrThrow: () => Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n)

/** Each to-do with the permissions needed to open its list and act on it. */
export const TODO_PERMISSIONS: Record<keyof DashboardTodo, Permission[]> = {
  toShip: ['orders.read', 'orders.write'],
  afterSales: ['afterSales.read', 'afterSales.write'],
  withdrawals: ['withdrawals.read', 'withdrawals.write'],
  agentApplications: ['agents.read', 'agents.write'],
  cashbackTasks: ['marketing.read', 'marketing.write'],
  feedback: ['feedback.read', 'feedback.write'],
  failedRefunds: ['refunds.write'],
  failedShipping: ['orders.write'],
  failedMessages: ['settings.write'],
  failedTracking: ['orders.write'],
}

async function todos(db: Db, v: Viewer): Promise<DashboardTodo> {
  const may = (k: keyof DashboardTodo) => TODO_PERMISSIONS[k].every((p) => v.has(p))
  const n = sql<number>`count(*)`.as('n')
  const jobs: Array<Promise<Partial<DashboardTodo>>> = []
  const add = (k: keyof DashboardTodo, q: () => Promise<number>) => may(k) && jobs.push(q().then((x) => ({ [k]: x })))
  add('toShip', () => count(db.selectFrom('orders').select(n).where('status', '=', 'to_ship').where('shipHold', '=', 0)))
  add('afterSales', () => count(db.selectFrom('afterSales').select(n).where('status', 'in', AFTER_SALES_WAITING)))
  add('withdrawals', () => count(db.selectFrom('withdrawals').select(n).where('status', '=', 'pending')))
  add('agentApplications', () => count(db.selectFrom('agentApplications').select(n).where('status', '=', 'pending')))
  add('cashbackTasks', () => count(db.selectFrom('cashbackTasks').select(n).where('status', '=', 'submitted')))
  add('feedback', () => count(db.selectFrom('feedback').select(n).where('status', '=', 'new')))
  const failures = (['failedRefunds', 'failedShipping', 'failedMessages', 'failedTracking'] as const).filter(may)
  if (failures.length)
    jobs.push(
      failureCounts(db).then((f) => {
        const all = { failedRefunds: f.refunds, failedShipping: f.shipping, failedMessages: f.messages, failedTracking: f.tracking }
        return Object.fromEntries(failures.map((k) => [k, all[k]]))
      }),
    )
  return Object.assign({}, ...(await Promise.all(jobs)))
}

/** 工作台: today and this month against their previous periods, the 30-day trend, top goods, order statuses and the to-dos, as the viewer's role allows. */
export async function dashboard(db: Db, v: Viewer, now = Date.now()): Promise<DashboardReply> {
  const sales = v.has('orders.read')
  const people = v.has('members.read')
  const p = periods(now)
  const first = chinaDayStart(now) - (TREND_DAYS - 1) * DAY_MS
  const [today, month, days, top, statuses, todo] = await Promise.all([
    figures(db, p.today, sales, people),
    figures(db, p.month, sales, people),
    trend(db, now, sales, people),
    sales ? topGoods(db, first) : undefined,
    sales ? orderStatus(db, first) : undefined,
    todos(db, v),
  ])
  return { today, month, trend: days, ...(top && { topGoods: top }), ...(statuses && { orderStatus: statuses }), todo }
}
