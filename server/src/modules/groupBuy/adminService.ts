import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import type {
  AdminGroupBuyActivity,
  AdminGroupBuyGroupPage,
  AdminGroupBuyMember,
  AdminGroupBuyPage,
  GroupBuyActivityBody,
  GroupBuyFigures,
  GroupBuyGroupsQuery,
  GroupBuyListQuery,
} from '../../../../types/adminGroupBuy'
import { AppError, ErrorCode } from '../../errors'
import { countRows, onPage, paged } from '../../db/paging'
import '../../db/groupBuyTables'

type Log = (e: AuditEntry) => void
const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

async function figuresOf(db: Conn, ids: number[]): Promise<Map<number, GroupBuyFigures>> {
  const out = new Map<number, GroupBuyFigures>()
  for (const id of ids) out.set(id, { open: 0, formed: 0, failed: 0, orders: 0, sales: 0 })
  if (!ids.length) return out
  const groups = await db
    .selectFrom('groupBuyGroups')
    .select(['activityId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('activityId', 'in', ids)
    .groupBy(['activityId', 'status'])
    .execute()
  for (const g of groups) {
    const f = out.get(g.activityId)!
    if (g.status === 'open' || g.status === 'formed' || g.status === 'failed') f[g.status] = Number(g.n)
  }
  const orders = await db
    .selectFrom('groupBuyMembers as m')
    .innerJoin('orders as o', 'o.id', 'm.orderId')
    .select(['m.activityId', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('o.payAmount').as('sales')])
    .where('m.activityId', 'in', ids)
    .where('m.status', '=', 'paid')
    .where('o.status', '!=', 'cancelled')
    .groupBy('m.activityId')
    .execute()
  for (const o of orders) Object.assign(out.get(o.activityId)!, { orders: Number(o.n), sales: Number(o.sales || 0) })
  return out
}

async function toRows(
  db: Conn,
  rows: Array<{
    id: number
    goodsId: number
    title: string
    size: number
    hours: number
    perMemberLimit: number
    startAt: number
    endAt: number
    virtualFill: number
    leaderDiscount: number
    enabled: number
    goodsName: string
  }>,
): Promise<AdminGroupBuyActivity[]> {
  const ids = rows.map((r) => r.id)
  const figures = await figuresOf(db, ids)
  const skus = ids.length
    ? await db
        .selectFrom('groupBuySkus as p')
        .innerJoin('goodsSkus as s', 's.id', 'p.skuId')
        .select(['p.activityId', 'p.skuId', 'p.price', 's.price as singlePrice', 's.specText'])
        .where('p.activityId', 'in', ids)
        .orderBy('p.skuId')
        .execute()
    : []
  return rows.map((r) => ({
    id: r.id,
    goodsId: r.goodsId,
    goodsName: r.goodsName,
    title: r.title,
    size: r.size,
    hours: r.hours,
    perMemberLimit: r.perMemberLimit,
    startAt: Number(r.startAt),
    endAt: Number(r.endAt),
    virtualFill: !!r.virtualFill,
    leaderDiscount: Number(r.leaderDiscount),
    enabled: !!r.enabled,
    skus: skus.filter((s) => s.activityId === r.id).map((s) => ({ skuId: s.skuId, specText: s.specText, price: Number(s.price), singlePrice: Number(s.singlePrice) })),
    figures: figures.get(r.id)!,
  }))
}

const base = (db: Conn) =>
  db
    .selectFrom('groupBuyActivities as a')
    .innerJoin('goods as g', 'g.id', 'a.goodsId')
    .select(['a.id', 'a.goodsId', 'a.title', 'a.size', 'a.hours', 'a.perMemberLimit', 'a.startAt', 'a.endAt', 'a.virtualFill', 'a.leaderDiscount', 'a.enabled', 'g.name as goodsName'])

export async function adminActivityList(db: Db, q: GroupBuyListQuery): Promise<AdminGroupBuyPage> {
  const { page, pageSize } = paged(q)
  const n = await countRows(db.selectFrom('groupBuyActivities'))
  const rows = await base(db).orderBy('a.id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: await toRows(db, rows), total: Number(n), page, pageSize }
}

export async function adminActivity(db: Conn, id: number): Promise<AdminGroupBuyActivity> {
  const r = await base(db).where('a.id', '=', id).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '拼团活动不存在')
  return (await toRows(db, [r]))[0]
}

/**
 * 查看团: the activity's groups a leader paid for (a pending or cancelled one never opened), newest first, with every
 * member whose order is unpaid, paid, late or refunded (a cancelled order left the group), the leader first.
 */
export async function adminGroups(db: Conn, activityId: number, q: GroupBuyGroupsQuery): Promise<AdminGroupBuyGroupPage> {
  const { page, pageSize } = paged(q)
  const a = await db.selectFrom('groupBuyActivities').select('id').where('id', '=', activityId).executeTakeFirst()
  if (!a) throw new AppError(ErrorCode.NOT_FOUND, '拼团活动不存在')
  const filtered = db
    .selectFrom('groupBuyGroups')
    .where('activityId', '=', activityId)
    .where('status', 'in', q.state ? [q.state] : ['open', 'formed', 'failed'])
  const total = await countRows(filtered)
  const groups = await filtered
    .select(['id', 'status', 'size', 'paidCount', 'virtualCount', 'expiresAt', 'formedAt', 'failedAt', 'createdAt'])
    .orderBy('id', 'desc')
    .$call(onPage(page, pageSize))
    .execute()
  const ids = groups.map((g) => g.id)
  const members = ids.length
    ? await db
        .selectFrom('groupBuyMembers as m')
        .innerJoin('members as u', 'u.id', 'm.memberId')
        .innerJoin('orders as o', 'o.id', 'm.orderId')
        .select(['m.groupId', 'm.memberId', 'u.nickname', 'u.phone', 'm.isLeader', 'm.quantity', 'm.status', 'o.orderNo', 'm.paidAt'])
        .where('m.groupId', 'in', ids)
        .where('m.status', '!=', 'cancelled')
        .orderBy('m.isLeader', 'desc')
        .orderBy('m.id')
        .execute()
    : []
  const toMember = (m: (typeof members)[number]): AdminGroupBuyMember => ({
    memberId: m.memberId,
    nickname: m.nickname || '',
    phone: m.phone || '',
    isLeader: !!m.isLeader,
    quantity: m.quantity,
    state: m.status as AdminGroupBuyMember['state'],
    orderNo: m.orderNo,
    paidAt: m.paidAt === null ? null : Number(m.paidAt),
  })
  const num = (v: number | null) => (v === null ? null : Number(v))
  return {
    list: groups.map((g) => ({
      id: g.id,
      state: g.status as 'open' | 'formed' | 'failed',
      size: g.size,
      paidCount: Number(g.paidCount),
      virtualCount: Number(g.virtualCount),
      expiresAt: num(g.expiresAt),
      formedAt: num(g.formedAt),
      failedAt: num(g.failedAt),
      createdAt: Number(g.createdAt),
      members: members.filter((m) => m.groupId === g.id).map(toMember),
    })),
    total,
    page,
    pageSize,
  }
}

/** Checks the body against the goods: its SKUs only, each once, the group price below the single price, one live activity per goods at a time. */
async function check(tx: Tx, body: GroupBuyActivityBody, id: number | null) {
  if (body.endAt <= body.startAt) throw bad('结束时间需晚于开始时间')
  const goods = await tx.selectFrom('goods').select(['id']).where('id', '=', body.goodsId).executeTakeFirst()
  if (!goods) throw bad('请选择商品')
  const skus = await tx.selectFrom('goodsSkus').select(['id', 'price', 'specText']).where('goodsId', '=', body.goodsId).execute()
  const seen = new Set<number>()
  for (const s of body.skus) {
    const sku = skus.find((k) => k.id === s.skuId)
    if (!sku) throw bad('拼团价中有不属于该商品的规格')
    if (seen.has(s.skuId)) throw bad('同一规格只能设置一次拼团价')
    seen.add(s.skuId)
    if (s.price >= Number(sku.price)) throw bad(`「${sku.specText || '默认规格'}」的拼团价需低于单买价`)
  }
  let overlap = tx.selectFrom('groupBuyActivities').select('id').where('goodsId', '=', body.goodsId).where('enabled', '=', 1).where('startAt', '<', body.endAt).where('endAt', '>', body.startAt)
  if (id) overlap = overlap.where('id', '!=', id)
  if (await overlap.executeTakeFirst()) throw bad('该商品在这段时间已有拼团活动')
}

const record = (b: GroupBuyActivityBody) => ({
  goodsId: b.goodsId,
  title: b.title.trim(),
  size: b.size,
  hours: b.hours,
  perMemberLimit: b.perMemberLimit,
  startAt: b.startAt,
  endAt: b.endAt,
  virtualFill: b.virtualFill ? 1 : 0,
  leaderDiscount: b.leaderDiscount,
})

export async function createActivity(tx: Tx, body: GroupBuyActivityBody, log: Log): Promise<number> {
  await check(tx, body, null)
  const t = Date.now()
  const r = await tx
    .insertInto('groupBuyActivities')
    .values({ ...record(body), enabled: 1, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('groupBuySkus')
    .values(body.skus.map((s) => ({ activityId: r.id, skuId: s.skuId, price: s.price })))
    .execute()
  log({ action: 'groupBuy.create', targetType: 'groupBuyActivity', targetId: String(r.id), before: null, after: { ...record(body), virtualFill: body.virtualFill, skus: body.skus } })
  return r.id
}

/** Editing changes what new orders pay and how new groups run; groups already open keep their size (stored on the group). */
export async function updateActivity(tx: Tx, id: number, body: GroupBuyActivityBody, log: Log) {
  const before = await adminActivity(tx, id)
  if (before.goodsId !== body.goodsId) throw bad('活动的商品不能修改，请新建活动')
  await check(tx, body, id)
  await tx
    .updateTable('groupBuyActivities')
    .set({ ...record(body), updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  await tx.deleteFrom('groupBuySkus').where('activityId', '=', id).execute()
  await tx
    .insertInto('groupBuySkus')
    .values(body.skus.map((s) => ({ activityId: id, skuId: s.skuId, price: s.price })))
    .execute()
  const pick = (a: AdminGroupBuyActivity) => ({
    title: a.title,
    size: a.size,
    hours: a.hours,
    perMemberLimit: a.perMemberLimit,
    startAt: a.startAt,
    endAt: a.endAt,
    virtualFill: a.virtualFill,
    leaderDiscount: a.leaderDiscount,
    skus: a.skus.map((s) => ({ skuId: s.skuId, price: s.price })),
  })
  log({
    action: 'groupBuy.update',
    targetType: 'groupBuyActivity',
    targetId: String(id),
    before: pick(before),
    after: { ...pick(before), ...record(body), virtualFill: body.virtualFill, skus: body.skus },
  })
}

/** On/off: off stops new groups and joins; groups already open still run to their deadline. */
export async function setActivityEnabled(tx: Tx, id: number, enabled: boolean, log: Log) {
  const a = await tx.selectFrom('groupBuyActivities').select(['enabled']).where('id', '=', id).executeTakeFirst()
  if (!a) throw new AppError(ErrorCode.NOT_FOUND, '拼团活动不存在')
  await tx
    .updateTable('groupBuyActivities')
    .set({ enabled: enabled ? 1 : 0, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({ action: enabled ? 'groupBuy.enable' : 'groupBuy.disable', targetType: 'groupBuyActivity', targetId: String(id), before: { enabled: !!a.enabled }, after: { enabled } })
}
