import { sql } from 'kysely'
import type { Conn, Db } from '../../db/types'
import { csvStream, csvTime, csvYuan } from '../../admin/csv'
import type {
  AdminPayment,
  AdminPaymentPage,
  AdminRefund,
  AdminRefundPage,
  DailyQuery,
  DailyReply,
  DailyTotal,
  LedgerKind,
  MemberLedgerEntry,
  MemberLedgerPage,
  MemberLedgerQuery,
  PaymentQuery,
  RefundQuery,
} from '../../../../types/adminFinance'
import { POINTS_REASON_TEXT, type PointsReason } from '../../../../types/integral'
import { BALANCE_KIND_TEXT, type BalanceKindValue } from '../../../../types/balance'
import { payMethodText } from '../../../../types/pay'
import '../../db/afterSalesTables'
import '../../db/promotionTables'
import { CHINA_OFFSET_MS, chinaDay, chinaDayRange, parseChinaDay } from '../../services/chinaTime'
import { onPage } from '../../db/paging'

/**
 * The console's 财务 (docs/console.md "财务"): payments and refunds with the provider's references, daily totals,
 * and the points and cashback ledgers (the agent commission ledger is the agent module's). Read-only; every list has
 * a streamed CSV twin.
 */

const num = (v: unknown) => Number(v ?? 0) || 0
const paging = (q: { page?: number; pageSize?: number }) => ({ page: q.page || 1, pageSize: q.pageSize || 20 })
const DAY = 86_400_000

export const PAYMENT_STATUS_TEXT: Record<string, string> = { pending: '待支付', paid: '已支付', closed: '已关闭', refund_pending: '退款中', refunded: '已退款' }
export const REFUND_STATUS_TEXT: Record<string, string> = { refunding: '退款中', refunded: '已退款', failed: '退款失败' }

// ------------------------------------------------------------------ payments

type PaymentFilters = Omit<PaymentQuery, 'page' | 'pageSize'>
function paymentQuery(db: Conn, q: PaymentFilters) {
  let b = db.selectFrom('payments as p').innerJoin('orders as o', 'o.id', 'p.orderId')
  const { start, end } = chinaDayRange(q.from, q.to)
  if (start !== undefined) b = b.where('p.createdAt', '>=', start)
  if (end !== undefined) b = b.where('p.createdAt', '<', end)
  if (q.status) b = b.where('p.status', '=', q.status)
  if (q.orderNo?.trim()) b = b.where('o.orderNo', '=', q.orderNo.trim())
  return b
}
const paymentColumns = (b: ReturnType<typeof paymentQuery>) =>
  b.select(['p.id', 'p.payNo', 'o.orderNo', 'p.provider', 'p.channel', 'p.amount', 'p.status', 'p.transactionId', 'p.paidAt', 'p.createdAt'])
type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentColumns>['execute']>>[number]
const toPayment = (r: PaymentRow): AdminPayment => ({
  id: r.id,
  payNo: r.payNo,
  orderNo: r.orderNo,
  provider: r.provider,
  channel: r.channel,
  amount: num(r.amount),
  status: r.status,
  statusText: PAYMENT_STATUS_TEXT[r.status] || r.status,
  transactionId: r.transactionId || '',
  paidAt: r.paidAt === null ? null : num(r.paidAt),
  createdAt: num(r.createdAt),
})

export async function listPayments(db: Conn, q: PaymentQuery): Promise<AdminPaymentPage> {
  const { page, pageSize } = paging(q)
  const { n } = await paymentQuery(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await paymentColumns(paymentQuery(db, q)).orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toPayment), total: num(n), page, pageSize }
}

export const exportPaymentsCsv = (db: Db, q: PaymentFilters) =>
  csvStream<PaymentRow>(
    ['支付单号', '订单号', '支付方式', '渠道', '金额(元)', '状态', '支付平台单号', '支付时间', '创建时间'],
    (after, limit) => {
      let b = paymentQuery(db, q)
      if (after) b = b.where('p.id', '<', after.id)
      return paymentColumns(b).orderBy('p.id', 'desc').limit(limit).execute()
    },
    (r) => {
      const p = toPayment(r)
      return [p.payNo, p.orderNo, p.provider, p.channel, csvYuan(p.amount), p.statusText, p.transactionId, csvTime(p.paidAt), csvTime(p.createdAt)]
    },
  )

// ------------------------------------------------------------------ refunds

/**
 * Refunds from two sources, one list: after-sales refunds (after_sales with a refund number) and payments given back
 * because they landed on a cancelled order (payments refund_pending / refunded). Newest first by (createdAt, key).
 */
type RefundFilters = Omit<RefundQuery, 'page' | 'pageSize'>
function refundUnion(db: Conn) {
  const afterSales = db
    .selectFrom('afterSales as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .where('s.refundNo', 'is not', null)
    .select([
      sql<string>`'afterSale'`.as('kind'),
      's.afterSaleNo as refNo',
      sql<string>`COALESCE(s.refund_no, '')`.as('refundNo'),
      'o.orderNo',
      's.refundAmount as amount',
      sql<string>`CASE WHEN s.status = 'refunded' THEN 'refunded' WHEN s.refund_failed_at IS NOT NULL THEN 'failed' ELSE 'refunding' END`.as('status'),
      sql<string>`COALESCE(s.refund_id, '')`.as('providerRefundId'),
      's.refundError as error',
      's.refundedAt',
      's.createdAt',
      sql<string>`''`.as('payProvider'),
      sql<string>`COALESCE(o.pay_channel, '')`.as('payChannel'),
    ])
  const late = db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.orderId')
    // Only payments given back themselves (pay/notify.ts sets refunded_at); an after-sales refund marks its payment
    // refunded too, but is listed once, as the case above.
    .where((eb) => eb.or([eb('p.status', '=', 'refund_pending'), eb.and([eb('p.status', '=', 'refunded'), eb('p.refundedAt', 'is not', null)])]))
    .select([
      sql<string>`'latePayment'`.as('kind'),
      'p.payNo as refNo',
      'p.payNo as refundNo',
      'o.orderNo',
      'p.amount',
      sql<string>`CASE WHEN p.status = 'refunded' THEN 'refunded' WHEN p.refund_error <> '' THEN 'failed' ELSE 'refunding' END`.as('status'),
      sql<string>`COALESCE(p.transaction_id, '')`.as('providerRefundId'),
      sql<string>`COALESCE(p.refund_error, '')`.as('error'),
      sql<number | null>`p.refunded_at`.as('refundedAt'),
      'p.createdAt',
      'p.provider as payProvider',
      'p.channel as payChannel',
    ])
  return afterSales.unionAll(late)
}
function refundQuery(db: Conn, q: RefundFilters) {
  let b = db.selectFrom(refundUnion(db).as('r')).selectAll()
  const { start, end } = chinaDayRange(q.from, q.to)
  if (start !== undefined) b = b.where('r.createdAt', '>=', start)
  if (end !== undefined) b = b.where('r.createdAt', '<', end)
  if (q.status) b = b.where('r.status', '=', q.status)
  if (q.orderNo?.trim()) b = b.where('r.orderNo', '=', q.orderNo.trim())
  return b
}
type RefundRow = Awaited<ReturnType<ReturnType<typeof refundQuery>['execute']>>[number]
const toRefund = (r: RefundRow): AdminRefund => ({
  kind: r.kind as AdminRefund['kind'],
  refNo: r.refNo,
  refundNo: r.refundNo || '',
  orderNo: r.orderNo,
  amount: num(r.amount),
  status: r.status,
  statusText: REFUND_STATUS_TEXT[r.status] || r.status,
  providerRefundId: r.providerRefundId || '',
  payMethod: payMethodText(r.payProvider || '', r.payChannel || ''),
  error: r.error || '',
  refundedAt: r.refundedAt === null ? null : num(r.refundedAt),
  createdAt: num(r.createdAt),
})

export async function listRefunds(db: Conn, q: RefundQuery): Promise<AdminRefundPage> {
  const { page, pageSize } = paging(q)
  const { n } = await refundQuery(db, q)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await refundQuery(db, q).orderBy('r.createdAt', 'desc').orderBy('r.refNo', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toRefund), total: num(n), page, pageSize }
}

export const exportRefundsCsv = (db: Db, q: RefundFilters) =>
  csvStream<RefundRow>(
    ['来源', '单号', '退款单号', '订单号', '支付方式', '金额(元)', '状态', '支付平台单号', '错误', '退款时间', '创建时间'],
    (after, limit) => {
      let b = refundQuery(db, q)
      if (after) {
        const a = after
        b = b.where((eb) => eb.or([eb('r.createdAt', '<', a.createdAt), eb.and([eb('r.createdAt', '=', a.createdAt), eb('r.refNo', '<', a.refNo)])]))
      }
      return b.orderBy('r.createdAt', 'desc').orderBy('r.refNo', 'desc').limit(limit).execute()
    },
    (r) => {
      const x = toRefund(r)
      return [
        x.kind === 'afterSale' ? '售后退款' : '迟到支付退回',
        x.refNo,
        x.refundNo,
        x.orderNo,
        x.payMethod,
        csvYuan(x.amount),
        x.statusText,
        x.providerRefundId,
        x.error,
        csvTime(x.refundedAt),
        csvTime(x.createdAt),
      ]
    },
  )

// ------------------------------------------------------------------ daily totals

/**
 * Per China day: paid = Σ payments paid that day (by paid_at), refunded = Σ refunds completed that day (after-sales
 * refunded_at and late payments' refunded_at), net = paid − refunded. Default: the last 30 days; at most 366 days.
 */
export async function dailyTotals(db: Conn, q: DailyQuery, now = Date.now()): Promise<DailyReply> {
  const to = q.to || chinaDay(now)
  const from = q.from || chinaDay(parseChinaDay(to) - 29 * DAY)
  const { start, end } = chinaDayRange(from, to) as { start: number; end: number }
  const days = Math.max(0, Math.min(366, Math.round((end - start) / DAY)))
  const bucket = (col: string) => sql<number>`(${sql.ref(col)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY)}`
  const paid = await db
    .selectFrom('payments')
    .select([bucket('paid_at').as('d'), sql<number>`COUNT(*)`.as('n'), sql<number>`COALESCE(SUM(amount), 0)`.as('s')])
    .where('paidAt', '>=', start)
    .where('paidAt', '<', end)
    .where('status', 'in', ['paid', 'refund_pending', 'refunded'])
    .groupBy(sql`1`)
    .execute()
  const refundedCases = await db
    .selectFrom('afterSales')
    .select([bucket('refunded_at').as('d'), sql<number>`COUNT(*)`.as('n'), sql<number>`COALESCE(SUM(refund_amount), 0)`.as('s')])
    .where('status', '=', 'refunded')
    .where('refundedAt', '>=', start)
    .where('refundedAt', '<', end)
    .groupBy(sql`1`)
    .execute()
  const refundedLate = await db
    .selectFrom('payments')
    .select([bucket('refunded_at').as('d'), sql<number>`COUNT(*)`.as('n'), sql<number>`COALESCE(SUM(amount), 0)`.as('s')])
    .where('status', '=', 'refunded')
    .where('refundedAt', '>=', start)
    .where('refundedAt', '<', end)
    .groupBy(sql`1`)
    .execute()
  const rows = new Map<string, DailyTotal>()
  for (let i = 0; i < days; i++) {
    const d = chinaDay(start + i * DAY)
    rows.set(d, { day: d, paidCount: 0, paid: 0, refundCount: 0, refunded: 0, net: 0 })
  }
  const at = (d: unknown) => rows.get(chinaDay(Math.floor(num(d)) * DAY))
  for (const r of paid) {
    const x = at(r.d)
    if (x) {
      x.paidCount += num(r.n)
      x.paid += num(r.s)
    }
  }
  for (const r of [...refundedCases, ...refundedLate]) {
    const x = at(r.d)
    if (x) {
      x.refundCount += num(r.n)
      x.refunded += num(r.s)
    }
  }
  const list = [...rows.values()].map((x) => ({ ...x, net: x.paid - x.refunded }))
  const total = list.reduce(
    (t, x) => ({ ...t, paidCount: t.paidCount + x.paidCount, paid: t.paid + x.paid, refundCount: t.refundCount + x.refundCount, refunded: t.refunded + x.refunded, net: t.net + x.net }),
    { day: `${from}~${to}`, paidCount: 0, paid: 0, refundCount: 0, refunded: 0, net: 0 },
  )
  return { days: list.reverse(), total }
}

export async function exportDailyCsv(db: Db, q: DailyQuery) {
  const r = await dailyTotals(db, q)
  return csvStream<DailyTotal>(
    ['日期', '支付笔数', '支付金额(元)', '退款笔数', '退款金额(元)', '净收入(元)'],
    async (after) => (after ? [] : [...r.days, r.total]),
    (x) => [x.day, x.paidCount, csvYuan(x.paid), x.refundCount, csvYuan(x.refunded), csvYuan(x.net)],
  )
}

// ------------------------------------------------------------------ points and cashback ledgers

/** The points ledger (integral module: points_ledger) or the balance ledger ('cashback': balance module's balance_ledger, which holds the cashback since migration 103). */
type MemberLedgerFilters = Omit<MemberLedgerQuery, 'page' | 'pageSize'>
function memberLedgerQuery(db: Conn, kind: LedgerKind, q: MemberLedgerFilters) {
  let b =
    kind === 'points'
      ? pointsBase(db)
      : (db
          .selectFrom('balanceLedger as l')
          .innerJoin('members as m', 'm.id', 'l.memberId')
          .select(['l.id', 'l.memberId', 'l.amount as change', 'l.balanceAfter', 'l.kind as reason', 'l.note', 'l.createdAt', 'm.phone', 'm.nickname']) as unknown as ReturnType<typeof pointsBase>)
  const { start, end } = chinaDayRange(q.from, q.to)
  if (start !== undefined) b = b.where('l.createdAt', '>=', start)
  if (end !== undefined) b = b.where('l.createdAt', '<', end)
  if (q.memberId) b = b.where('l.memberId', '=', q.memberId)
  return b
}
const pointsBase = (db: Conn) =>
  db
    .selectFrom('pointsLedger as l')
    .innerJoin('members as m', 'm.id', 'l.memberId')
    .select(['l.id', 'l.memberId', 'l.change', 'l.balanceAfter', 'l.reason', 'l.note', 'l.createdAt', 'm.phone', 'm.nickname'])
type MemberLedgerRow = Awaited<ReturnType<ReturnType<typeof pointsBase>['execute']>>[number]
const toMemberEntry = (kind: LedgerKind, r: MemberLedgerRow): MemberLedgerEntry => ({
  id: r.id,
  memberId: r.memberId,
  memberPhone: r.phone || '',
  nickname: r.nickname,
  change: num(r.change),
  balanceAfter: num(r.balanceAfter),
  reason: (kind === 'cashback' ? BALANCE_KIND_TEXT[r.reason as BalanceKindValue] : POINTS_REASON_TEXT[r.reason as PointsReason]) || (kind === 'cashback' ? '余额变动' : '积分变动'),
  note: r.note,
  createdAt: num(r.createdAt),
})

export async function listMemberLedger(db: Conn, kind: LedgerKind, q: MemberLedgerQuery): Promise<MemberLedgerPage> {
  const { page, pageSize } = paging(q)
  // The change's column: points_ledger.change, balance_ledger.amount.
  const change = sql.raw(kind === 'points' ? 'l.change' : 'l.amount')
  const sums = await memberLedgerQuery(db, kind, q)
    .clearSelect()
    .select([
      sql<number>`COUNT(*)`.as('n'),
      sql<number>`COALESCE(SUM(CASE WHEN ${change} > 0 THEN ${change} ELSE 0 END), 0)`.as('income'),
      sql<number>`COALESCE(SUM(CASE WHEN ${change} < 0 THEN -${change} ELSE 0 END), 0)`.as('expense'),
    ])
    .executeTakeFirstOrThrow()
  const rows = await memberLedgerQuery(db, kind, q).orderBy('l.id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map((r) => toMemberEntry(kind, r)), total: num(sums.n), page, pageSize, income: num(sums.income), expense: num(sums.expense) }
}

export const exportMemberLedgerCsv = (db: Db, kind: LedgerKind, q: MemberLedgerFilters) =>
  csvStream<MemberLedgerRow>(
    ['时间', '会员ID', '会员手机', '昵称', kind === 'points' ? '积分变动' : '余额变动(元)', kind === 'points' ? '积分余额' : '余额(元)', '类型', '说明'],
    (after, limit) => {
      let b = memberLedgerQuery(db, kind, q)
      if (after) b = b.where('l.id', '<', after.id)
      return b.orderBy('l.id', 'desc').limit(limit).execute()
    },
    (r) => {
      const e = toMemberEntry(kind, r)
      const v = (x: number) => (kind === 'points' ? x : csvYuan(x))
      return [csvTime(e.createdAt), e.memberId, e.memberPhone, e.nickname, v(e.change), v(e.balanceAfter), e.reason, e.note]
    },
  )
