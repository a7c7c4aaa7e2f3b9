import type { Conn, Db, Tx } from '../../db/types'
import type { AppContext } from '../../context'
import { AppError, ErrorCode } from '../../errors'
import type { AuditEntry } from '../../admin/audit'
import type { AdminSeckillItem, AdminSeckillSessionDetail, AdminSeckillSessionPage, SeckillLiveReply, SeckillSessionInput, SeckillSessionQuery, SkuOption } from '../../../../types/adminPromotions'
import { runtimeFor, sessionState } from './service'
import '../../db/promotionTables'
import { chinaHourMinute, parseChinaTime } from '../../services/chinaTime'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

export async function adminSessionList(db: Db, q: SeckillSessionQuery, now = Date.now()): Promise<AdminSeckillSessionPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('seckillSessions')
  if (q.day) b = b.where('day', '=', q.day)
  const n = await countRows(b)
  const rows = await b.selectAll().orderBy('startAt', 'desc').orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  const sums = rows.length
    ? await db
        .selectFrom('seckillItems')
        .select(['sessionId', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('quota').as('quota'), (eb) => eb.fn.sum<number>('sold').as('sold')])
        .where(
          'sessionId',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('sessionId')
        .execute()
    : []
  const by = new Map(sums.map((s) => [s.sessionId, s]))
  return {
    list: rows.map((r) => {
      const s = by.get(r.id)
      const t = { startAt: Number(r.startAt), endAt: Number(r.endAt) }
      return {
        id: r.id,
        day: r.day,
        title: r.title,
        ...t,
        state: sessionState(t, now),
        repeatDaily: !!r.repeatDaily,
        itemCount: Number(s?.n || 0),
        quota: Number(s?.quota || 0),
        sold: Number(s?.sold || 0),
      }
    }),
    total: Number(n),
    page,
    pageSize,
  }
}

async function itemsOf(db: Conn, sessionId: number): Promise<AdminSeckillItem[]> {
  const rows = await db
    .selectFrom('seckillItems as i')
    .innerJoin('goodsSkus as s', 's.id', 'i.skuId')
    .innerJoin('goods as g', 'g.id', 'i.goodsId')
    .select([
      'i.id',
      'i.goodsId',
      'i.skuId',
      'i.price',
      'i.quota',
      'i.sold',
      'i.perMemberLimit',
      'i.sort',
      's.specText',
      's.price as skuPrice',
      's.stock as skuStock',
      's.image as skuImage',
      'g.name',
      'g.mainImage',
    ])
    .where('i.sessionId', '=', sessionId)
    .orderBy('i.sort')
    .orderBy('i.id')
    .execute()
  const ordered = rows.length
    ? await db
        .selectFrom('seckillOrders')
        .select('itemId')
        .distinct()
        .where(
          'itemId',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : []
  const has = new Set(ordered.map((o) => o.itemId))
  return rows.map((r) => ({
    id: r.id,
    goodsId: r.goodsId,
    skuId: r.skuId,
    goodsName: r.name,
    specText: r.specText,
    image: r.skuImage || r.mainImage,
    skuPrice: Number(r.skuPrice),
    skuStock: Number(r.skuStock),
    price: Number(r.price),
    quota: Number(r.quota),
    sold: Number(r.sold),
    perMemberLimit: Number(r.perMemberLimit),
    sort: Number(r.sort),
    hasOrders: has.has(r.id),
  }))
}

export async function adminSessionDetail(db: Conn, id: number, now = Date.now()): Promise<AdminSeckillSessionDetail> {
  const s = await db.selectFrom('seckillSessions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '秒杀场次不存在')
  const t = { startAt: Number(s.startAt), endAt: Number(s.endAt) }
  return {
    id: s.id,
    day: s.day,
    start: chinaHourMinute(t.startAt),
    end: chinaHourMinute(t.endAt),
    title: s.title,
    ...t,
    state: sessionState(t, now),
    repeatDaily: !!s.repeatDaily,
    now,
    items: await itemsOf(db, id),
  }
}

export async function adminSessionLive(db: Db, id: number, now = Date.now()): Promise<SeckillLiveReply> {
  const s = await db.selectFrom('seckillSessions').select(['startAt', 'endAt']).where('id', '=', id).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '秒杀场次不存在')
  const items = await db.selectFrom('seckillItems').select(['id', 'quota', 'sold']).where('sessionId', '=', id).orderBy('sort').orderBy('id').execute()
  return { now, state: sessionState({ startAt: Number(s.startAt), endAt: Number(s.endAt) }, now), items: items.map((i) => ({ id: i.id, quota: Number(i.quota), sold: Number(i.sold) })) }
}

export async function skuOptions(db: Db, keyword: string): Promise<SkuOption[]> {
  const kw = keyword.trim()
  let q = db
    .selectFrom('goodsSkus as s')
    .innerJoin('goods as g', 'g.id', 's.goodsId')
    .select(['s.id as skuId', 's.goodsId', 'g.name as goodsName', 's.specText', 's.price', 's.stock', 's.image', 'g.mainImage', 'g.status'])
  q = /^\d+$/.test(kw) ? q.where('g.id', '=', Number(kw)) : q.where('g.name', 'like', `%${kw.replace(/[%_\\]/g, '')}%`)
  const rows = await q.orderBy('g.id', 'desc').orderBy('s.id').limit(50).execute()
  return rows.map((r) => ({
    skuId: r.skuId,
    goodsId: r.goodsId,
    goodsName: r.goodsName,
    specText: r.specText,
    price: Number(r.price),
    stock: Number(r.stock),
    image: r.image || r.mainImage,
    status: r.status,
  }))
}

/** Checks a session's input against the catalogue; answers its times. */
async function checkInput(db: Conn, input: SeckillSessionInput) {
  const startAt = parseChinaTime(input.day, input.start)
  const endAt = parseChinaTime(input.day, input.end)
  if (!Number.isFinite(startAt) || !Number.isFinite(endAt)) throw bad('日期格式不正确')
  if (endAt <= startAt) throw bad('结束时间须晚于开始时间')
  const skuIds = input.items.map((i) => i.skuId)
  if (new Set(skuIds).size !== skuIds.length) throw bad('同一场次中一个规格只能出现一次')
  const skus = await db.selectFrom('goodsSkus as s').innerJoin('goods as g', 'g.id', 's.goodsId').select(['s.id', 's.goodsId', 's.price', 'g.name', 's.specText']).where('s.id', 'in', skuIds).execute()
  const byId = new Map(skus.map((s) => [s.id, s]))
  for (const it of input.items) {
    const sku = byId.get(it.skuId)
    if (!sku) throw bad('所选商品规格不存在')
    if (it.price >= Number(sku.price)) throw bad(`「${sku.name}」的秒杀价须低于原价`)
  }
  return { startAt, endAt, byId }
}

/** Creates a session with its items (nothing sold yet). */
export async function createSession(tx: Tx, input: SeckillSessionInput, log: Log, now = Date.now()): Promise<number> {
  if (input.items.some((i) => i.id)) throw bad('新场次的商品不能带编号')
  const { startAt, endAt, byId } = await checkInput(tx, input)
  if (endAt <= now) throw bad('结束时间已过，不能创建')
  const clash = await tx.selectFrom('seckillSessions').select('id').where('day', '=', input.day).where('title', '=', input.start).executeTakeFirst()
  if (clash) throw new AppError(ErrorCode.CONFLICT, `${input.day} ${input.start} 已有场次`)
  const s = await tx
    .insertInto('seckillSessions')
    .values({ day: input.day, title: input.start, startAt, endAt, repeatDaily: input.repeatDaily ? 1 : 0, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('seckillItems')
    .values(
      input.items.map((i, k) => ({
        sessionId: s.id,
        goodsId: byId.get(i.skuId)!.goodsId,
        skuId: i.skuId,
        price: i.price,
        quota: i.quota,
        sold: 0,
        perMemberLimit: i.perMemberLimit,
        sort: k,
        createdAt: now,
      })),
    )
    .execute()
  log({ action: 'seckill.create', targetType: 'seckillSession', targetId: s.id, after: { ...input } })
  return s.id
}

/** Quota changes the console made: the gate is moved by these deltas after the commit. */
export type QuotaDeltas = Array<{ itemId: number; delta: number }>

/**
 * Edits a session. An ended session is read-only; a running one keeps its day and start (its end may move, not
 * into the past). An item with orders keeps its SKU and stays; its quota never goes below what is sold: the
 * update is conditional (`sold <= quota`), so a purchase committing meanwhile is counted, never oversold.
 */
export async function updateSession(tx: Tx, id: number, input: SeckillSessionInput, log: Log, now = Date.now()): Promise<QuotaDeltas> {
  const before = await adminSessionDetail(tx, id, now)
  if (before.state === 'ended') throw new AppError(ErrorCode.CONFLICT, '已结束的场次不能修改')
  const { startAt, endAt, byId } = await checkInput(tx, input)
  if (before.state === 'active') {
    if (startAt !== before.startAt) throw new AppError(ErrorCode.CONFLICT, '进行中的场次不能修改日期和开始时间')
    if (endAt <= now) throw bad('结束时间不能早于现在')
  } else if (endAt <= now) throw bad('结束时间已过')
  if (startAt !== before.startAt) {
    const clash = await tx.selectFrom('seckillSessions').select('id').where('day', '=', input.day).where('title', '=', input.start).where('id', '!=', id).executeTakeFirst()
    if (clash) throw new AppError(ErrorCode.CONFLICT, `${input.day} ${input.start} 已有场次`)
  }
  await tx
    .updateTable('seckillSessions')
    .set({ day: input.day, title: input.start, startAt, endAt, repeatDaily: input.repeatDaily ? 1 : 0 })
    .where('id', '=', id)
    .execute()

  const old = new Map(before.items.map((i) => [i.id, i]))
  const kept = new Set<number>()
  const deltas: QuotaDeltas = []
  for (const [k, it] of input.items.entries()) {
    if (!it.id) {
      await tx
        .insertInto('seckillItems')
        .values({ sessionId: id, goodsId: byId.get(it.skuId)!.goodsId, skuId: it.skuId, price: it.price, quota: it.quota, sold: 0, perMemberLimit: it.perMemberLimit, sort: k, createdAt: now })
        .execute()
      continue
    }
    const o = old.get(it.id)
    if (!o) throw bad('场次中没有这个秒杀商品，请刷新后重试')
    kept.add(it.id)
    if (o.hasOrders && o.skuId !== it.skuId) throw new AppError(ErrorCode.CONFLICT, `「${o.goodsName}」已有订单，不能更换规格`)
    const res = await tx
      .updateTable('seckillItems')
      .set({ skuId: it.skuId, goodsId: byId.get(it.skuId)!.goodsId, price: it.price, quota: it.quota, perMemberLimit: it.perMemberLimit, sort: k })
      .where('id', '=', it.id)
      .where('sold', '<=', it.quota)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) {
      const now2 = await tx.selectFrom('seckillItems').select('sold').where('id', '=', it.id).executeTakeFirstOrThrow()
      throw new AppError(ErrorCode.CONFLICT, `「${o.goodsName}」的限量不能低于已售数量（已售 ${now2.sold}）`)
    }
    if (it.quota !== o.quota) deltas.push({ itemId: it.id, delta: it.quota - o.quota })
  }
  for (const o of before.items) {
    if (kept.has(o.id)) continue
    if (o.hasOrders) throw new AppError(ErrorCode.CONFLICT, `「${o.goodsName}」已有订单，不能移出场次`)
    await removeItem(tx, o.id, o.goodsName)
  }
  log({ action: 'seckill.update', targetType: 'seckillSession', targetId: id, before, after: { ...input } })
  return deltas
}

/**
 * Removes an item nothing was sold of. `sold = 0` is checked by the delete itself: a purchase committing after
 * the orders were read has raised it, and the delete then removes nothing (refused) instead of orphaning an order.
 */
async function removeItem(tx: Tx, itemId: number, name: string) {
  const res = await tx.deleteFrom('seckillItems').where('id', '=', itemId).where('sold', '=', 0).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, `「${name}」已有订单，不能移出场次`)
  await tx.deleteFrom('seckillBuyers').where('itemId', '=', itemId).execute()
}

/** Deletes a session without orders (a session with orders is kept: its orders point at its items). */
export async function deleteSession(tx: Tx, id: number, log: Log, now = Date.now()) {
  const before = await adminSessionDetail(tx, id, now)
  if (before.items.some((i) => i.hasOrders)) throw new AppError(ErrorCode.CONFLICT, '已有订单的场次不能删除')
  for (const i of before.items) await removeItem(tx, i.id, i.goodsName)
  await tx.deleteFrom('seckillSessions').where('id', '=', id).execute()
  log({ action: 'seckill.delete', targetType: 'seckillSession', targetId: id, before })
}

/**
 * After a committed edit: this instance forgets the items' cached facts (limit, times) and the gate's stock moves
 * by the quota change (shared through Redis; other instances' memory gates follow at their reconcile).
 */
export async function afterSessionWrite(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, sessionId: number, deltas: QuotaDeltas) {
  const rt = runtimeFor(ctx)
  for (const [itemId, m] of rt.meta) if (m.sessionId === sessionId) rt.meta.delete(itemId)
  for (const d of deltas) await rt.gate.adjust(d.itemId, d.delta).catch((err) => ctx.log.warn({ err: (err as Error).message }, 'seckill gate adjust failed'))
}
