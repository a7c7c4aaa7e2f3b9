import { sql } from 'kysely'
import type { Conn, Db } from '../../db/types'
import type { OrderStatusValue } from '../../db/tradeTables'
import { ilike, dialectOf } from '../../db'
import { AppError, ErrorCode } from '../../errors'
import { orderStatusText } from '../order/pickup'
import {
  COMMISSION_STATUS_TEXT,
  type AgentHome,
  type AgentOrderDetail,
  type AgentOrderItem,
  type AgentOrderPage,
  type AgentOrderSummary,
  type AgentOrderTab,
  type AgentPeriodStats,
  type CommissionStatus,
  type FlowSummary,
  type FootprintPage,
  type ShopUserPage,
  type ShopUserSort,
} from '../../../../types/agent'
import { getAccount } from './account'
import { storedRules } from './rules'
import { countActingGoods } from './goods'
import { maskName, maskPhone, num } from './util'
import './tables'
import { chinaDay, chinaDayStart, chinaMonthStart, lastDays } from '../../services/chinaTime'
import { onPage, countRows } from '../../db/paging'

/** Orders that have been paid (a cancelled order was never paid: only unpaid orders can be cancelled). */
const PAID: OrderStatusValue[] = ['to_ship', 'to_receive', 'to_review', 'completed']

const likeWord = (s: string) => `%${s.replace(/[\\%_]/g, '')}%`

// ------------------------------------------------------------------ home

async function periodStats(db: Conn, shopId: number, from: number, fromDay: string): Promise<AgentPeriodStats> {
  const o = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`COALESCE(SUM(pay_amount), 0)`.as('sales')])
    .where('boundBusinessId', '=', shopId)
    .where('status', 'in', PAID)
    .where('paidAt', '>=', from)
    .executeTakeFirstOrThrow()
  const c = await db
    .selectFrom('commissions')
    .select(sql<number>`COALESCE(SUM(amount), 0)`.as('amount'))
    .where('shopId', '=', shopId)
    .where('status', '!=', 'cancelled')
    .where('createdAt', '>=', from)
    .executeTakeFirstOrThrow()
  const v = await db
    .selectFrom('shopViews')
    .select((eb) => [eb.fn.countAll<number>().as('pv'), sql<number>`COUNT(DISTINCT visitor)`.as('uv')])
    .where('shopId', '=', shopId)
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow()
  const u = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('boundBusinessId', '=', shopId)
    .where('createdAt', '>=', from)
    .executeTakeFirstOrThrow()
  return { sales: num(o.sales), orders: num(o.n), commission: num(c.amount), visitors: num(v.uv), views: num(v.pv), newUsers: num(u.n) }
}

export async function agentHome(db: Db, shopId: number, t = Date.now()): Promise<AgentHome> {
  const shop = await db.selectFrom('agentShops').select(['id', 'shopName', 'commissionRate', 'rateOverride', 'createdAt']).where('id', '=', shopId).executeTakeFirstOrThrow()
  const today = chinaDayStart(t)
  const month = chinaMonthStart(t)
  const users = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('boundBusinessId', '=', shopId)
    .executeTakeFirstOrThrow()
  const pending = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shopId', '=', shopId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return {
    shop: { id: shop.id, shopName: shop.shopName, commissionRate: shop.rateOverride ?? (await storedRules(db)).defaultRate, createdAt: num(shop.createdAt) },
    today: await periodStats(db, shopId, today, chinaDay(t)),
    month: await periodStats(db, shopId, month, chinaDay(month)),
    account: await getAccount(db, shopId),
    users: num(users.n),
    actingGoods: await countActingGoods(db, shopId),
    pendingWithdrawals: num(pending.n),
  }
}

// ------------------------------------------------------------------ orders

const TAB_STATUSES: Record<Exclude<AgentOrderTab, 'all'>, OrderStatusValue[]> = {
  unpaid: ['unpaid'],
  to_ship: ['to_ship'],
  to_receive: ['to_receive'],
  done: ['to_review', 'completed'],
  cancelled: ['cancelled'],
}

function orderCommissionStatus(rows: Array<{ status: CommissionStatus }>): CommissionStatus | 'none' {
  if (!rows.length) return 'none'
  if (rows.some((r) => r.status === 'frozen')) return 'frozen'
  if (rows.some((r) => r.status === 'released')) return 'released'
  return 'cancelled'
}

async function summarise(db: Conn, orders: any[]): Promise<AgentOrderSummary[]> {
  if (!orders.length) return []
  const ids = orders.map((o) => o.id)
  const items = await db.selectFrom('orderItems').selectAll().where('orderId', 'in', ids).orderBy('id').execute()
  // The shop's own (first-level) commission: its parent's second-level rows on the same orders are the parent's.
  const comms = await db.selectFrom('commissions').selectAll().where('orderId', 'in', ids).where('level', '=', 1).execute()
  const buyers = await db
    .selectFrom('members')
    .select(['id', 'nickname', 'avatar'])
    .where('id', 'in', [...new Set(orders.map((o) => o.memberId))])
    .execute()
  return orders.map((o) => {
    const c = comms.filter((x) => x.orderId === o.id)
    const status = orderCommissionStatus(c)
    const b = buyers.find((x) => x.id === o.memberId)
    return {
      orderNo: o.orderNo,
      status: o.status,
      // The shopper's words: 待自提 for a pickup order, 部分发货 once some parcels left.
      statusText: orderStatusText(o),
      payAmount: num(o.payAmount),
      itemCount: num(o.itemCount),
      createdAt: num(o.createdAt),
      paidAt: o.paidAt === null ? null : num(o.paidAt),
      buyer: { id: o.memberId, nickname: b?.nickname || '已注销用户', avatar: b?.avatar || '' },
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i): AgentOrderItem => {
          const ci = c.find((x) => x.orderItemId === i.id)
          return {
            goodsId: i.goodsId,
            goodsName: i.goodsName,
            image: i.image,
            specText: i.specText,
            price: num(i.price),
            quantity: num(i.quantity),
            payAmount: num(i.payAmount),
            refundedAmount: num(i.refundedAmount),
            commission: ci ? num(ci.amount) : 0,
            commissionRate: ci ? num(ci.rate) : null,
            commissionStatus: ci ? ci.status : null,
          }
        }),
      commission: c.filter((x) => x.status !== 'cancelled').reduce((s, x) => s + num(x.amount), 0),
      commissionStatus: status,
      commissionStatusText: COMMISSION_STATUS_TEXT[status],
    }
  })
}

/** The shop's orders (orders.bound_business_id = the shop), newest first. */
export async function listShopOrders(db: Db, shopId: number, q: { tab: AgentOrderTab; keyword?: string; buyerId?: number; page: number; pageSize: number }): Promise<AgentOrderPage> {
  let base = db.selectFrom('orders').where('boundBusinessId', '=', shopId)
  if (q.tab !== 'all') base = base.where('status', 'in', TAB_STATUSES[q.tab])
  if (q.buyerId) base = base.where('memberId', '=', q.buyerId)
  const kw = (q.keyword || '').trim()
  if (kw) base = base.where('orderNo', 'like', likeWord(kw))
  const total = await countRows(base)
  const rows = await base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').$call(onPage(q.page, q.pageSize)).execute()
  return { list: await summarise(db, rows), total: num(total), page: q.page, pageSize: q.pageSize }
}

/** One order of the shop by number; another shop's order is "not found". */
export async function shopOrderDetail(db: Db, shopId: number, orderNo: string): Promise<AgentOrderDetail> {
  const o = await db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).where('boundBusinessId', '=', shopId).executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
  const [s] = await summarise(db, [o])
  const comms = await db.selectFrom('commissions').select(['releaseAt', 'releasedAt', 'status']).where('orderId', '=', o.id).where('level', '=', 1).execute()
  const releaseAt = comms
    .map((c) => c.releaseAt)
    .filter((x): x is number => x !== null)
    .map(num)
  const releasedAt = comms
    .map((c) => c.releasedAt)
    .filter((x): x is number => x !== null)
    .map(num)
  return {
    ...s,
    freightAmount: num(o.freightAmount),
    goodsAmount: num(o.goodsAmount),
    afterSaleStatus: o.afterSaleStatus,
    receiverName: maskName(o.receiverName),
    receiverCity: [o.receiverProvince, o.receiverCity].filter((x, i, a) => x && a.indexOf(x) === i).join(' '),
    shippedAt: o.shippedAt === null ? null : num(o.shippedAt),
    receivedAt: o.receivedAt === null ? null : num(o.receivedAt),
    completedAt: o.completedAt === null ? null : num(o.completedAt),
    cancelledAt: o.cancelledAt === null ? null : num(o.cancelledAt),
    releaseAt: releaseAt.length ? Math.max(...releaseAt) : null,
    releasedAt: releasedAt.length ? Math.max(...releasedAt) : null,
  }
}

// ------------------------------------------------------------------ users

/** Members bound to the shop with their paid orders and spend in the shop; search by nickname or phone. */
export async function listShopUsers(db: Db, shopId: number, q: { keyword?: string; sort: ShopUserSort; page: number; pageSize: number }): Promise<ShopUserPage> {
  const spend = db
    .selectFrom('orders')
    .select((eb) => ['memberId', eb.fn.countAll<number>().as('orderCount'), sql<number>`SUM(pay_amount)`.as('spend')])
    .where('boundBusinessId', '=', shopId)
    .where('status', 'in', PAID)
    .groupBy('memberId')
    .as('o')
  let base = db.selectFrom('members as m').leftJoin(spend, 'o.memberId', 'm.id').where('m.boundBusinessId', '=', shopId).where('m.status', '!=', 'anonymised')
  const kw = (q.keyword || '').trim()
  if (kw) {
    const op = ilike(dialectOf(db)) as any
    base = /^\d{3,11}$/.test(kw) ? base.where('m.phone', 'like', likeWord(kw)) : base.where('m.nickname', op, likeWord(kw))
  }
  const total = await countRows(base)
  let rows = base.select(['m.id', 'm.nickname', 'm.avatar', 'm.phone', 'm.createdAt', sql<number>`COALESCE(o.order_count, 0)`.as('orderCount'), sql<number>`COALESCE(o.spend, 0)`.as('spend')])
  if (q.sort === 'spend') rows = rows.orderBy(sql`COALESCE(o.spend, 0)`, 'desc')
  if (q.sort === 'orders') rows = rows.orderBy(sql`COALESCE(o.order_count, 0)`, 'desc')
  const list = await rows.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').$call(onPage(q.page, q.pageSize)).execute()
  const ids = list.map((r) => r.id)
  const seen = ids.length
    ? await db
        .selectFrom('shopViews')
        .select((eb) => ['memberId', eb.fn.max('createdAt').as('last')])
        .where('shopId', '=', shopId)
        .where('memberId', 'in', ids)
        .groupBy('memberId')
        .execute()
    : []
  return {
    list: list.map((r) => {
      const last = seen.find((s) => s.memberId === r.id)?.last
      return {
        id: r.id,
        nickname: r.nickname,
        avatar: r.avatar,
        phone: maskPhone(r.phone),
        boundAt: num(r.createdAt),
        orderCount: num(r.orderCount),
        spend: num(r.spend),
        lastViewAt: last ? num(last) : null,
      }
    }),
    total: num(total),
    page: q.page,
    pageSize: q.pageSize,
  }
}

// ------------------------------------------------------------------ footprints

/** Which bound users viewed which goods, newest first (optionally one user's). */
export async function listFootprints(db: Db, shopId: number, q: { memberId?: number; page: number; pageSize: number }): Promise<FootprintPage> {
  let base = db
    .selectFrom('shopViews as v')
    .innerJoin('members as m', 'm.id', 'v.memberId')
    .innerJoin('goods as g', 'g.id', 'v.goodsId')
    .where('v.shopId', '=', shopId)
    .where('m.boundBusinessId', '=', shopId)
  if (q.memberId) base = base.where('v.memberId', '=', q.memberId)
  const total = await countRows(base)
  const rows = await base
    .select(['v.id', 'v.createdAt', 'm.id as memberId', 'm.nickname', 'm.avatar', 'g.id as goodsId', 'g.name', 'g.mainImage', 'g.price'])
    .orderBy('v.createdAt', 'desc')
    .orderBy('v.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      member: { id: r.memberId, nickname: r.nickname, avatar: r.avatar },
      goods: { id: r.goodsId, name: r.name, mainImage: r.mainImage, price: num(r.price) },
      viewedAt: num(r.createdAt),
    })),
    total: num(total),
    page: q.page,
    pageSize: q.pageSize,
  }
}

// ------------------------------------------------------------------ traffic

/** Page views and unique visitors per China day for the last `days` days, and the most viewed goods. */
export async function flowSummary(db: Db, shopId: number, q: { days: number; goodsId?: number }, t = Date.now()): Promise<FlowSummary> {
  const days = lastDays(q.days, t)
  let base = db.selectFrom('shopViews').where('shopId', '=', shopId).where('day', '>=', days[0])
  if (q.goodsId) base = base.where('goodsId', '=', q.goodsId)
  const byDay = await base
    .select((eb) => ['day', eb.fn.countAll<number>().as('pv'), sql<number>`COUNT(DISTINCT visitor)`.as('uv')])
    .groupBy('day')
    .execute()
  const totals = await base.select((eb) => [eb.fn.countAll<number>().as('pv'), sql<number>`COUNT(DISTINCT visitor)`.as('uv')]).executeTakeFirstOrThrow()
  const goods = await db
    .selectFrom('shopViews as v')
    .innerJoin('goods as g', 'g.id', 'v.goodsId')
    .select((eb) => ['g.id', 'g.name', 'g.mainImage', eb.fn.countAll<number>().as('pv'), sql<number>`COUNT(DISTINCT v.visitor)`.as('uv')])
    .where('v.shopId', '=', shopId)
    .where('v.day', '>=', days[0])
    .groupBy(['g.id', 'g.name', 'g.mainImage'])
    .orderBy(sql`COUNT(*)`, 'desc')
    .orderBy('g.id')
    .limit(20)
    .execute()
  return {
    days: q.days,
    goodsId: q.goodsId ?? null,
    series: days.map((day) => {
      const r = byDay.find((x) => x.day === day)
      return { day, pv: num(r?.pv), uv: num(r?.uv) }
    }),
    totals: { pv: num(totals.pv), uv: num(totals.uv) },
    goods: goods.map((g) => ({ goodsId: g.id, name: g.name, mainImage: g.mainImage, pv: num(g.pv), uv: num(g.uv) })),
  }
}

// ------------------------------------------------------------------ console (agents list)

/** Per shop: bound members, paid orders and their sales (the home page's definitions, over all time). */
export async function shopTotals(db: Conn, shopIds: number[]): Promise<Map<number, { members: number; orders: number; sales: number }>> {
  const out = new Map(shopIds.map((id) => [id, { members: 0, orders: 0, sales: 0 }]))
  if (!shopIds.length) return out
  const members = await db
    .selectFrom('members')
    .select((eb) => ['boundBusinessId', eb.fn.countAll<number>().as('n')])
    .where('boundBusinessId', 'in', shopIds)
    .groupBy('boundBusinessId')
    .execute()
  const orders = await db
    .selectFrom('orders')
    .select((eb) => ['boundBusinessId', eb.fn.countAll<number>().as('n'), sql<number>`COALESCE(SUM(pay_amount), 0)`.as('sales')])
    .where('boundBusinessId', 'in', shopIds)
    .where('status', 'in', PAID)
    .groupBy('boundBusinessId')
    .execute()
  for (const m of members) if (m.boundBusinessId) out.get(m.boundBusinessId)!.members = num(m.n)
  for (const o of orders) if (o.boundBusinessId) Object.assign(out.get(o.boundBusinessId)!, { orders: num(o.n), sales: num(o.sales) })
  return out
}
