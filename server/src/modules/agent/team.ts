import { sql } from 'kysely'
import type { Conn, Db } from '../../db/types'
import type { OrderStatusValue } from '../../db/tradeTables'
import type { TeamLevelFigures, TeamPage } from '../../../../types/agent'
import { onPage, countRows } from '../../db/paging'
import { storedRules } from './rules'
import { num } from './util'
import './tables'

/**
 * Two-level distribution (docs/agent.md "Two-level distribution"): an agent's parent is the agent through whose share
 * or invitation it became an agent (the shop its member was bound to when the application was approved), written
 * once (agent_parents, keyed by the shop). Never the shop itself, never a cycle: the parent's own chain of parents
 * must not reach the new agent's shop (a shop reopened after closing may already have sub-agents).
 */

/** Orders that have been paid (the home page's sales rule). */
const PAID: OrderStatusValue[] = ['to_ship', 'to_receive', 'to_review', 'completed']
/** Far deeper than any real chain; a guard against a loop in data written by hand. */
const MAX_DEPTH = 1000

/** Whether `ancestor` is `shopId` or one of its parents. */
async function isAncestorOrSelf(db: Conn, shopId: number, ancestor: number): Promise<boolean> {
  let at: number | null = shopId
  for (let i = 0; at !== null && i < MAX_DEPTH; i++) {
    if (at === ancestor) return true
    const row: { parentShopId: number } | undefined = await db.selectFrom('agentParents').select('parentShopId').where('shopId', '=', at).executeTakeFirst()
    at = row ? num(row.parentShopId) : null
  }
  return at !== null // ran out of depth: treat as a cycle, record nothing
}

/**
 * Records the new agent's parent at approval (in the approval's transaction): the active shop its member is bound to
 * (through a share link, a mini-program code or an invitation code), unless that would be itself or make a cycle.
 * Answers the parent's shop id, or null. A shop that already has a parent keeps it (recorded once).
 */
export async function recordParent(tx: Conn, shopId: number, memberId: number, t = Date.now()): Promise<number | null> {
  const existing = await tx.selectFrom('agentParents').select('parentShopId').where('shopId', '=', shopId).executeTakeFirst()
  if (existing) return num(existing.parentShopId)
  const m = await tx.selectFrom('members').select('boundBusinessId').where('id', '=', memberId).executeTakeFirst()
  const parent = m?.boundBusinessId ? num(m.boundBusinessId) : 0
  if (!parent || parent === shopId) return null
  const p = await tx.selectFrom('agentShops').select(['id', 'status', 'memberId']).where('id', '=', parent).executeTakeFirst()
  if (!p || p.status !== 'active' || p.memberId === memberId) return null
  if (await isAncestorOrSelf(tx, parent, shopId)) return null
  await tx
    .insertInto('agentParents')
    .values({ shopId, parentShopId: parent, createdAt: t })
    .onConflict((oc) => oc.column('shopId').doNothing())
    .execute()
  return parent
}

/** The shop's parent shop id, or null. */
export async function parentOf(db: Conn, shopId: number): Promise<number | null> {
  const row = await db.selectFrom('agentParents').select('parentShopId').where('shopId', '=', shopId).executeTakeFirst()
  return row ? num(row.parentShopId) : null
}

/**
 * The shop's commission per level (1: its own shop's orders; 2: its sub-agents' orders): total (cancelled excluded) =
 * frozen + settled. Summed over the levels: frozen = the account's 冻结中, settled = 已结算 (total_commission),
 * total = 累计佣金 (docs/agent.md).
 */
export async function levelFigures(db: Conn, shopId: number): Promise<{ own: TeamLevelFigures; team: TeamLevelFigures }> {
  const rows = await db
    .selectFrom('commissions')
    .select((eb) => ['level', 'status', eb.fn.sum<number>('amount').as('amount')])
    .where('shopId', '=', shopId)
    .where('status', '!=', 'cancelled')
    .groupBy(['level', 'status'])
    .execute()
  const of = (level: number): TeamLevelFigures => {
    const frozen = num(rows.find((r) => num(r.level) === level && r.status === 'frozen')?.amount)
    const settled = num(rows.find((r) => num(r.level) === level && r.status === 'released')?.amount)
    return { total: frozen + settled, frozen, settled }
  }
  return { own: of(1), team: of(2) }
}

/** Per shop: paid orders and their sales. */
async function salesOf(db: Conn, shopIds: number[]) {
  const out = new Map<number, { orders: number; sales: number }>()
  if (!shopIds.length) return out
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['boundBusinessId', eb.fn.countAll<number>().as('n'), sql<number>`COALESCE(SUM(pay_amount), 0)`.as('sales')])
    .where('boundBusinessId', 'in', shopIds)
    .where('status', 'in', PAID)
    .groupBy('boundBusinessId')
    .execute()
  for (const r of rows) if (r.boundBusinessId) out.set(num(r.boundBusinessId), { orders: num(r.n), sales: num(r.sales) })
  return out
}

/** The sub-agents of a shop with their sales and what the shop earned on them, newest first. */
export async function listChildren(db: Conn, shopId: number, q: { page: number; pageSize: number }) {
  const base = db.selectFrom('agentParents as p').innerJoin('agentShops as s', 's.id', 'p.shopId').innerJoin('members as m', 'm.id', 's.memberId').where('p.parentShopId', '=', shopId)
  const total = num(await countRows(base))
  const rows = await base
    .select(['s.id', 's.shopName', 's.status', 'm.nickname', 'm.avatar', 'p.createdAt'])
    .orderBy('p.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  const ids = rows.map((r) => r.id)
  const sales = await salesOf(db, ids)
  const earned = ids.length
    ? await db
        .selectFrom('commissions')
        .select((eb) => ['sourceShopId', eb.fn.sum<number>('amount').as('amount')])
        .where('shopId', '=', shopId)
        .where('level', '=', 2)
        .where('status', '!=', 'cancelled')
        .where('sourceShopId', 'in', ids)
        .groupBy('sourceShopId')
        .execute()
    : []
  return {
    total,
    list: rows.map((r) => ({
      shopId: r.id,
      shopName: r.shopName,
      status: r.status,
      nickname: r.nickname,
      avatar: r.avatar,
      joinedAt: num(r.createdAt),
      orders: sales.get(r.id)?.orders ?? 0,
      sales: sales.get(r.id)?.sales ?? 0,
      earned: num(earned.find((e) => num(e.sourceShopId) === r.id)?.amount),
    })),
  }
}

/** GET /api/business/team: the agent's parent, its commission per level and a page of its sub-agents. */
export async function teamPage(db: Db, shopId: number, q: { page: number; pageSize: number }): Promise<TeamPage> {
  const parentId = await parentOf(db, shopId)
  const parent = parentId ? await db.selectFrom('agentShops').select('shopName').where('id', '=', parentId).executeTakeFirst() : undefined
  const { total, list } = await listChildren(db, shopId, q)
  return {
    parent: parent ? { shopName: parent.shopName } : null,
    teamDefaultRate: (await storedRules(db)).teamDefaultRate,
    levels: await levelFigures(db, shopId),
    list: list.map(({ status, ...c }) => ({ ...c, active: status === 'active' })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  }
}
