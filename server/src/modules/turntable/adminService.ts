import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import type { AdminDrawRecordPage, AdminPrize, BlindBoxView, DrawRecordQuery, PoolBody, PrizeInput } from '../../../../types/adminRewards'
import { DRAW_STATUS_TEXT, type DrawStatus } from '../../../../types/turntable'
import { AppError, ErrorCode } from '../../errors'
import { setSetting } from '../settings/service'
import { skuOf } from '../integral/adminService'
import { drawCost, shipPrize } from './service'
import '../../db/promotionTables'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

/** Odds are kept in hundredths of a percent: the prizes on the shelf add up to exactly this (docs/promotions.md). */
export const ODDS_TOTAL = 10_000
const pct = (w: number) => `${(w / 100).toFixed(2)}%`

const prizeQuery = (db: Conn) => db.selectFrom('turntablePrizes as p').leftJoin('coupons as c', 'c.id', 'p.couponId').selectAll('p').select('c.name as couponName')
const toPrize = (r: any): AdminPrize => ({
  id: r.id,
  name: r.name,
  image: r.image,
  kind: r.kind,
  points: Number(r.points),
  couponId: r.couponId,
  couponName: r.couponName || '',
  goodsId: r.goodsId,
  skuId: r.skuId,
  weight: Number(r.weight),
  stock: Number(r.stock),
  unlimited: !!r.unlimited,
  won: Number(r.won),
  sort: Number(r.sort),
  status: r.status,
})

export async function blindBoxView(db: Conn): Promise<BlindBoxView> {
  const rows = await prizeQuery(db).orderBy('p.sort').orderBy('p.id').execute()
  const coupons = await db.selectFrom('coupons').select(['id', 'name']).orderBy('id', 'desc').limit(200).execute()
  return { cost: await drawCost(db), prizes: rows.map(toPrize), coupons }
}

async function prizeRow(db: Conn, id: number) {
  const r = await prizeQuery(db).where('p.id', '=', id).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '奖品不存在')
  return toPrize(r)
}

/** What the prize hands out, checked against its kind: points > 0, an existing coupon, an existing SKU. */
async function prizeContent(db: Conn, b: PrizeInput) {
  const out = { points: 0, couponId: null as number | null, goodsId: null as number | null, skuId: null as number | null, image: b.image || '' }
  if (b.kind === 'points') {
    if (!b.points || b.points < 1) throw new AppError(ErrorCode.BAD_REQUEST, '请填写奖励的积分')
    out.points = b.points
  } else if (b.kind === 'coupon') {
    if (!b.couponId) throw new AppError(ErrorCode.BAD_REQUEST, '请选择优惠券')
    const c = await db.selectFrom('coupons').select('id').where('id', '=', b.couponId).executeTakeFirst()
    if (!c) throw new AppError(ErrorCode.BAD_REQUEST, '所选优惠券不存在')
    out.couponId = c.id
  } else if (b.kind === 'goods') {
    if (!b.skuId) throw new AppError(ErrorCode.BAD_REQUEST, '请选择奖品商品')
    const s = await skuOf(db, b.skuId)
    out.goodsId = s.goodsId
    out.skuId = s.id
    out.image = out.image || s.mainImage
  }
  return out
}

/** A new prize starts off the shelf with no odds: it joins the draw when the pool's odds are saved with it. */
export async function createPrize(tx: Tx, b: PrizeInput, log: Log): Promise<number> {
  const content = await prizeContent(tx, b)
  const row = await tx
    .insertInto('turntablePrizes')
    .values({ name: b.name.trim(), kind: b.kind, ...content, weight: 0, stock: b.stock, unlimited: b.unlimited ? 1 : 0, won: 0, sort: b.sort ?? 0, status: 'off', createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'prize.create', targetType: 'prize', targetId: row.id, after: await prizeRow(tx, row.id) })
  return row.id
}

/** Edits a prize (not its odds nor shelf state); the stock typed is saved only if no draw changed it meanwhile. */
export async function updatePrize(tx: Tx, id: number, b: PrizeInput, log: Log): Promise<number> {
  const before = await prizeRow(tx, id)
  const content = await prizeContent(tx, b)
  const res = await tx
    .updateTable('turntablePrizes')
    .set({ name: b.name.trim(), kind: b.kind, ...content, stock: b.stock, unlimited: b.unlimited ? 1 : 0, sort: b.sort ?? before.sort })
    .where('id', '=', id)
    .where('stock', '=', b.stockBefore ?? before.stock)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '库存已被抽奖改变，请刷新后重试')
  log({ action: 'prize.update', targetType: 'prize', targetId: id, before, after: await prizeRow(tx, id) })
  return id
}

/**
 * Saves the pool's odds and shelf state together. The prizes on the shelf must add up to exactly 100.00 %
 * (谢谢参与 is a prize like the others: "no prize" has odds only through it). Nothing is saved otherwise.
 */
export async function savePool(tx: Tx, body: PoolBody, log: Log): Promise<BlindBoxView> {
  const before = await blindBoxView(tx)
  const byId = new Map(before.prizes.map((p) => [p.id, p]))
  const seen = new Set<number>()
  for (const it of body.items) {
    if (!byId.has(it.id)) throw new AppError(ErrorCode.BAD_REQUEST, `奖品 #${it.id} 不存在`)
    if (seen.has(it.id)) throw new AppError(ErrorCode.BAD_REQUEST, `奖品 #${it.id} 重复`)
    seen.add(it.id)
  }
  const next = before.prizes.map((p) => {
    const it = body.items.find((x) => x.id === p.id)
    return it ? { ...p, weight: it.weight, status: it.status } : p
  })
  const on = next.filter((p) => p.status === 'on')
  const total = on.reduce((s, p) => s + p.weight, 0)
  if (on.length && total !== ODDS_TOTAL) throw new AppError(ErrorCode.BAD_REQUEST, `上架奖品的中奖率合计须为 100.00%，当前为 ${pct(total)}`)
  for (const p of on) if (p.weight <= 0) throw new AppError(ErrorCode.BAD_REQUEST, `上架的奖品「${p.name}」中奖率须大于 0`)
  for (const p of next) {
    const was = byId.get(p.id)!
    if (was.weight === p.weight && was.status === p.status) continue
    await tx
      .updateTable('turntablePrizes')
      .set({ weight: p.weight, status: p.status as 'on' | 'off' })
      .where('id', '=', p.id)
      .execute()
    log({ action: 'prize.odds', targetType: 'prize', targetId: p.id, before: { weight: was.weight, status: was.status }, after: { weight: p.weight, status: p.status } })
  }
  return blindBoxView(tx)
}

export async function saveCost(tx: Tx, cost: number, log: Log) {
  const before = await drawCost(tx)
  if (before === cost) return
  await setSetting(tx, 'blindBoxCost', cost)
  log({ action: 'blindBox.cost', targetType: 'setting', targetId: 'blindBoxCost', before: { cost: before }, after: { cost } })
}

const recordQuery = (db: Conn) =>
  db
    .selectFrom('turntableRecords as r')
    .leftJoin('members as m', 'm.id', 'r.memberId')
    .select([
      'r.id',
      'r.memberId',
      'm.phone',
      'r.prizeName',
      'r.kind',
      'r.cost',
      'r.status',
      'r.receiverName',
      'r.receiverPhone',
      'r.receiverAddress',
      'r.expressName',
      'r.trackingNo',
      'r.createdAt',
      'r.shippedAt',
    ])

const toRecord = (r: any) => ({
  id: r.id,
  memberId: r.memberId,
  memberPhone: r.phone || '',
  prizeName: r.prizeName,
  kind: r.kind,
  cost: Number(r.cost),
  status: r.status,
  statusText: DRAW_STATUS_TEXT[r.status as DrawStatus] || r.status,
  receiverName: r.receiverName,
  receiverPhone: r.receiverPhone,
  receiverAddress: r.receiverAddress,
  expressName: r.expressName,
  trackingNo: r.trackingNo,
  createdAt: Number(r.createdAt),
  shippedAt: r.shippedAt == null ? null : Number(r.shippedAt),
})

/** Draw records, newest first; status to_ship lists the physical prizes waiting to be shipped. */
export async function drawRecords(db: Db, q: DrawRecordQuery): Promise<AdminDrawRecordPage> {
  const { page, pageSize } = paged(q)
  if (q.status && !(q.status in DRAW_STATUS_TEXT)) throw new AppError(ErrorCode.BAD_REQUEST, '状态无效')
  let rows = recordQuery(db)
  let count = db.selectFrom('turntableRecords')
  if (q.status) {
    rows = rows.where('r.status', '=', q.status as DrawStatus)
    count = count.where('status', '=', q.status as DrawStatus)
  }
  const [list, n] = await Promise.all([rows.orderBy('r.id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(count)])
  return { list: list.map(toRecord), total: n, page, pageSize }
}

/** Ships a physical prize: the CLI's turntable-ship (shipPrize), in the audit row's transaction. */
export async function shipRecord(tx: Tx, id: number, expressCode: string, trackingNo: string, log: Log) {
  const before = await recordQuery(tx).where('r.id', '=', id).executeTakeFirst()
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '中奖记录不存在')
  const after = await shipPrize(tx, id, expressCode.trim(), trackingNo.trim())
  log({ action: 'prize.ship', targetType: 'drawRecord', targetId: id, before: { status: before.status }, after: { status: after.status, shipment: after.shipment } })
}
