import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import {
  type AdminMission,
  type AdminPointsGoods,
  type AdminPointsGoodsPage,
  type MissionInput,
  type PointsGoodsInput,
  type PointsGoodsQuery,
  type PointsRulesBody,
  type PointsRulesView,
} from '../../../../types/adminRewards'
import { AppError, ErrorCode } from '../../errors'
import { isUniqueViolation } from '../order/service'
import { missionRows, pointsRules, savePointsRules, type MissionRow } from './rules'
import '../../db/promotionTables'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

// ------------------------------------------------------------------ earning rules

export async function rulesView(db: Conn): Promise<PointsRulesView> {
  const [rules, missions] = await Promise.all([pointsRules(db), missionRows(db, false)])
  const reward = (kind: string) => {
    const m = missions.find((x) => x.kind === kind)
    return m ? Number(m.points) : null
  }
  return { ...rules, firstOrder: reward('first_order'), review: reward('review') }
}

/** Saves the points rules; first-order and review rewards are their missions' points. Applies to awards and to orders priced from now on. */
export async function saveRules(tx: Tx, body: PointsRulesBody, log: Log): Promise<PointsRulesView> {
  const before = await rulesView(tx)
  if (body.signIn.every((p) => p === 0)) throw new AppError(ErrorCode.BAD_REQUEST, '签到积分不能全部为 0')
  await savePointsRules(tx, {
    signIn: body.signIn,
    perYuan: body.perYuan,
    redeemRate: body.redeemRate ?? before.redeemRate,
    redeemMaxPercent: body.redeemMaxPercent ?? before.redeemMaxPercent,
    expireDays: body.expireDays ?? before.expireDays,
  })
  const t = Date.now()
  for (const [kind, points] of [
    ['first_order', body.firstOrder],
    ['review', body.review],
  ] as const) {
    const res = await tx.updateTable('missions').set({ points, updatedAt: t }).where('kind', '=', kind).executeTakeFirst()
    // A removed mission has no reward to set: the value must stay as shown (null means: add the mission first).
    if (Number(res.numUpdatedRows) !== 1 && points !== (kind === 'first_order' ? before.firstOrder : before.review) && points > 0) {
      throw new AppError(ErrorCode.BAD_REQUEST, `请先在任务中心添加「${kind === 'first_order' ? '首次下单' : '评价商品'}」任务`)
    }
  }
  const after = await rulesView(tx)
  log({ action: 'points.rules', targetType: 'setting', targetId: 'pointsRules', before, after })
  return after
}

// ------------------------------------------------------------------ points mall goods

const toGoods = (r: any): AdminPointsGoods => ({
  id: r.id,
  goodsId: r.goodsId,
  skuId: r.skuId,
  specText: r.specText || '',
  name: r.name,
  image: r.image,
  points: Number(r.points),
  cash: Number(r.cash),
  marketPrice: Number(r.marketPrice),
  stock: Number(r.stock),
  redeemed: Number(r.redeemed),
  perMemberLimit: Number(r.perMemberLimit),
  status: r.status,
  description: r.description,
  sort: Number(r.sort),
  updatedAt: Number(r.updatedAt),
})

const goodsQuery = (db: Conn) => db.selectFrom('pointsGoods as p').leftJoin('goodsSkus as s', 's.id', 'p.skuId').selectAll('p').select('s.specText')

export async function listPointsGoods(db: Db, q: PointsGoodsQuery): Promise<AdminPointsGoodsPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('pointsGoods')
  if (q.status) b = b.where('status', '=', q.status)
  let rows = goodsQuery(db)
  if (q.status) rows = rows.where('p.status', '=', q.status)
  const [list, count] = await Promise.all([rows.orderBy('p.sort').orderBy('p.id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(b)])
  return { list: list.map(toGoods), total: count, page, pageSize }
}

async function pointsGoodsRow(db: Conn, id: number) {
  const r = await goodsQuery(db).where('p.id', '=', id).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '兑换商品不存在')
  return r
}

/** The catalogue SKU a points-mall item or a goods prize hands out. */
export async function skuOf(db: Conn, skuId: number) {
  const s = await db
    .selectFrom('goodsSkus as s')
    .innerJoin('goods as g', 'g.id', 's.goodsId')
    .select(['s.id', 's.goodsId', 's.price', 'g.name', 'g.mainImage'])
    .where('s.id', '=', skuId)
    .executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.BAD_REQUEST, '所选商品规格不存在')
  return s
}

function checkGoods(b: PointsGoodsInput) {
  if (b.cash > 0 && b.marketPrice > 0 && b.cash > b.marketPrice) throw new AppError(ErrorCode.BAD_REQUEST, '现金部分不能高于市场价')
}

export async function createPointsGoods(tx: Tx, b: PointsGoodsInput, log: Log): Promise<number> {
  checkGoods(b)
  const sku = await skuOf(tx, b.skuId)
  const t = Date.now()
  const row = await tx
    .insertInto('pointsGoods')
    .values({
      goodsId: sku.goodsId,
      skuId: sku.id,
      name: b.name.trim(),
      image: b.image || sku.mainImage,
      points: b.points,
      cash: b.cash,
      marketPrice: b.marketPrice || Number(sku.price),
      stock: b.stock,
      redeemed: 0,
      perMemberLimit: b.perMemberLimit,
      status: b.status ?? 'off',
      description: (b.description || '').trim(),
      sort: b.sort ?? 0,
      createdAt: t,
      updatedAt: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const after = toGoods(await pointsGoodsRow(tx, row.id))
  log({ action: 'pointsGoods.create', targetType: 'pointsGoods', targetId: row.id, after })
  return row.id
}

/** Edits an item; the stock typed is saved only if redemptions did not change it since the form loaded (else 409). */
export async function updatePointsGoods(tx: Tx, id: number, b: PointsGoodsInput, log: Log): Promise<number> {
  checkGoods(b)
  const before = toGoods(await pointsGoodsRow(tx, id))
  const sku = await skuOf(tx, b.skuId)
  const expected = b.stockBefore ?? before.stock
  const res = await tx
    .updateTable('pointsGoods')
    .set({
      goodsId: sku.goodsId,
      skuId: sku.id,
      name: b.name.trim(),
      image: b.image || sku.mainImage,
      points: b.points,
      cash: b.cash,
      marketPrice: b.marketPrice || Number(sku.price),
      stock: b.stock,
      perMemberLimit: b.perMemberLimit,
      status: b.status ?? (before.status as 'on' | 'off'),
      description: (b.description || '').trim(),
      sort: b.sort ?? before.sort,
      updatedAt: Date.now(),
    })
    .where('id', '=', id)
    .where('stock', '=', expected)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '库存已被兑换改变，请刷新后重试')
  log({ action: 'pointsGoods.update', targetType: 'pointsGoods', targetId: id, before, after: toGoods(await pointsGoodsRow(tx, id)) })
  return id
}

export async function setPointsGoodsStatus(tx: Tx, id: number, status: 'on' | 'off', log: Log) {
  const before = await pointsGoodsRow(tx, id)
  if (before.status === status) return
  await tx.updateTable('pointsGoods').set({ status, updatedAt: Date.now() }).where('id', '=', id).execute()
  log({ action: status === 'on' ? 'pointsGoods.on' : 'pointsGoods.off', targetType: 'pointsGoods', targetId: id, before: { status: before.status }, after: { status } })
}

// ------------------------------------------------------------------ missions

const toMission = (r: MissionRow): AdminMission => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  description: r.description,
  points: Number(r.points),
  period: r.period,
  target: Number(r.target),
  enabled: !!r.enabled,
  sort: Number(r.sort),
})

export const listMissions = async (db: Conn) => (await missionRows(db, false)).map(toMission)

async function missionRow(db: Conn, id: number) {
  const r = await db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '任务不存在')
  return r
}

function checkMission(b: MissionInput) {
  if (b.kind === 'first_order' && (b.period !== 'once' || b.target !== 1)) throw new AppError(ErrorCode.BAD_REQUEST, '首次下单任务只能领取一次，目标次数为 1')
}

const missionValues = (b: MissionInput) => ({
  kind: b.kind,
  title: b.title.trim(),
  description: (b.description || '').trim(),
  points: b.points,
  period: b.period,
  target: b.target,
  enabled: b.enabled === false ? 0 : 1,
  sort: b.sort ?? 0,
})

const duplicateKind = (err: unknown) => {
  if (isUniqueViolation(err)) return new AppError(ErrorCode.CONFLICT, '该类型的任务已存在，每种类型只能有一个任务')
  return err
}

export async function createMission(tx: Tx, b: MissionInput, log: Log): Promise<number> {
  checkMission(b)
  const t = Date.now()
  try {
    const row = await tx
      .insertInto('missions')
      .values({ ...missionValues(b), createdAt: t, updatedAt: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    log({ action: 'mission.create', targetType: 'mission', targetId: row.id, after: toMission(await missionRow(tx, row.id)) })
    return row.id
  } catch (err) {
    throw duplicateKind(err)
  }
}

export async function updateMission(tx: Tx, id: number, b: MissionInput, log: Log): Promise<number> {
  checkMission(b)
  const before = toMission(await missionRow(tx, id))
  try {
    await tx
      .updateTable('missions')
      .set({ ...missionValues(b), sort: b.sort ?? before.sort, updatedAt: Date.now() })
      .where('id', '=', id)
      .execute()
  } catch (err) {
    throw duplicateKind(err)
  }
  log({ action: 'mission.update', targetType: 'mission', targetId: id, before, after: toMission(await missionRow(tx, id)) })
  return id
}

/** Removing a mission keeps the points already claimed (mission_claims and the ledger are history). */
export async function deleteMission(tx: Tx, id: number, log: Log) {
  const before = toMission(await missionRow(tx, id))
  await tx.deleteFrom('missions').where('id', '=', id).execute()
  log({ action: 'mission.delete', targetType: 'mission', targetId: id, before })
}
