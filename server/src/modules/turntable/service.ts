import crypto from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Conn, Db } from '../../db/types'
import type { TurntablePrizeTable, TurntableRecordTable } from '../../db/promotionTables'
import type { DrawRecord, DrawRecordPage, DrawResponse, Prize, PrizePool, ToReceiveResponse } from '../../../../types/turntable'
import { DRAW_STATUS_TEXT } from '../../../../types/turntable'
import { AppError, ErrorCode } from '../../errors'
import { getAddress } from '../address/service'
import { grantCoupon } from '../coupon/service'
import { isUniqueViolation } from '../order/service'
import { changePoints, pointsBalance } from '../integral/points'
import { getSetting } from '../settings/service'
import '../../db/promotionTables'
import { onPage, countRows } from '../../db/paging'

/** The blind box (盲盒; `turntable` after the original app's API paths): the prize pool, the draw, claiming and shipping prizes. */

/** Points one draw costs until the console sets another (营销 › 盲盒, shop_settings 'blindBoxCost'). */
export const DRAW_COST = 50
export const drawCost = (db: Conn) => getSetting(db, 'blindBoxCost', DRAW_COST)

type PrizeRow = Selectable<TurntablePrizeTable>
type RecordRow = Selectable<TurntableRecordTable>

const available = (p: Pick<PrizeRow, 'status' | 'unlimited' | 'stock' | 'weight'>) => p.status === 'on' && p.weight > 0 && (!!p.unlimited || p.stock > 0)

/**
 * Weighted pick: a uniform integer in [0, total weight) from the given source (crypto.randomInt: a
 * cryptographic generator without modulo bias), then the prize whose weight range holds it.
 * Prizes with no weight are never picked; null when nothing is left.
 */
export function pickPrize<T extends { weight: number }>(prizes: T[], randomInt: (max: number) => number = (max) => crypto.randomInt(max)): T | null {
  const live = prizes.filter((p) => p.weight > 0)
  const total = live.reduce((s, p) => s + p.weight, 0)
  if (total <= 0) return null
  let r = randomInt(total)
  for (const p of live) {
    if (r < p.weight) return p
    r -= p.weight
  }
  return live[live.length - 1]
}

function toRecord(r: RecordRow): DrawRecord {
  return {
    id: r.id,
    prizeId: r.prizeId,
    prizeName: r.prizeName,
    prizeImage: r.prizeImage,
    kind: r.kind,
    cost: Number(r.cost),
    status: r.status,
    statusText: DRAW_STATUS_TEXT[r.status],
    receiver: r.receiverName ? { name: r.receiverName, phone: r.receiverPhone, address: r.receiverAddress } : null,
    shipment: r.trackingNo ? { expressName: r.expressName, trackingNo: r.trackingNo } : null,
    createdAt: Number(r.createdAt),
    claimedAt: r.claimedAt === null ? null : Number(r.claimedAt),
  }
}

async function prizeRows(db: Conn) {
  return db.selectFrom('turntablePrizes').selectAll().where('status', '=', 'on').orderBy('sort').orderBy('id').execute()
}

/** The pool as shown: every prize with its chance now (out-of-stock prizes show 0 and are never won). */
export async function prizePool(db: Conn, memberId: number | null): Promise<PrizePool> {
  const rows = await prizeRows(db)
  const total = rows.filter(available).reduce((s, p) => s + p.weight, 0)
  const prizes: Prize[] = rows.map((p) => {
    const inStock = available(p)
    return { id: p.id, name: p.name, image: p.image, kind: p.kind, inStock, probability: inStock && total > 0 ? Math.round((p.weight * 10000) / total) / 100 : 0 }
  })
  return { cost: await drawCost(db), balance: memberId ? await pointsBalance(db, memberId) : null, prizes }
}

/**
 * One draw, in one transaction: the points (conditional update + ledger), the pick among prizes in
 * stock, the prize's stock (conditional update; if another draw took the last one meanwhile, the pick
 * is made again without it), and the record. A repeated requestId answers the first draw.
 */
export async function draw(db: Db, memberId: number, requestId?: string): Promise<DrawResponse> {
  const again = async () => {
    if (!requestId) return null
    const r = await db.selectFrom('turntableRecords').selectAll().where('memberId', '=', memberId).where('requestId', '=', requestId).executeTakeFirst()
    if (!r) return null
    const pool = await prizeRows(db)
    return {
      record: toRecord(r),
      index: Math.max(
        0,
        pool.findIndex((p) => p.id === r.prizeId),
      ),
      balance: await pointsBalance(db, memberId),
    }
  }
  const before = await again()
  if (before) return before
  try {
    return await db.transaction().execute(async (tx) => {
      const cost = await drawCost(tx)
      const balance = await changePoints(tx, memberId, -cost, 'turntable', '盲盒抽奖')
      const pool = await prizeRows(tx)
      let candidates = pool.filter(available)
      let won: PrizeRow | null = null
      while (!won) {
        const pick = pickPrize(candidates)
        if (!pick) throw new AppError(ErrorCode.OUT_OF_STOCK, '奖品已被抽完，敬请期待下一期')
        const res = pick.unlimited
          ? await tx
              .updateTable('turntablePrizes')
              .set((eb) => ({ won: eb('won', '+', 1) }))
              .where('id', '=', pick.id)
              .executeTakeFirst()
          : await tx
              .updateTable('turntablePrizes')
              .set((eb) => ({ stock: eb('stock', '-', 1), won: eb('won', '+', 1) }))
              .where('id', '=', pick.id)
              .where('stock', '>=', 1)
              .executeTakeFirst()
        if (Number(res.numUpdatedRows) === 1) won = pick
        else candidates = candidates.filter((p) => p.id !== pick.id)
      }
      const row = await tx
        .insertInto('turntableRecords')
        .values({
          memberId,
          prizeId: won.id,
          prizeName: won.name,
          prizeImage: won.image,
          kind: won.kind,
          points: won.points,
          couponId: won.couponId,
          goodsId: won.goodsId,
          skuId: won.skuId,
          cost,
          status: won.kind === 'none' ? 'none' : 'unclaimed',
          requestId: requestId || null,
          receiverName: '',
          receiverPhone: '',
          receiverAddress: '',
          expressCode: '',
          expressName: '',
          trackingNo: '',
          memberCouponId: null,
          claimedAt: null,
          shippedAt: null,
          createdAt: Date.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return { record: toRecord(row), index: pool.findIndex((p) => p.id === won!.id), balance }
    })
  } catch (err) {
    if (isUniqueViolation(err)) {
      const same = await again()
      if (same) return same
    }
    throw err
  }
}

export async function records(db: Conn, memberId: number, page: number, pageSize: number, onlyWon = false): Promise<DrawRecordPage> {
  let q = db.selectFrom('turntableRecords').where('memberId', '=', memberId)
  if (onlyWon) q = q.where('status', '!=', 'none')
  const n = await countRows(q)
  const rows = await q.selectAll().orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toRecord), total: Number(n), page, pageSize }
}

async function ownRecord(db: Conn, memberId: number, id: number) {
  const r = await db.selectFrom('turntableRecords').selectAll().where('id', '=', id).where('memberId', '=', memberId).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '中奖记录不存在')
  return r
}

/**
 * Claims a prize (once: a conditional update from 'unclaimed'). Points are credited with a ledger row;
 * a coupon is put in the member's coupons; a goods prize waits for a shipping address.
 * Claiming again answers the record as it is.
 */
export async function toReceive(db: Db, memberId: number, recordId: number): Promise<ToReceiveResponse> {
  return db.transaction().execute(async (tx) => {
    const r = await ownRecord(tx, memberId, recordId)
    if (r.status === 'none') throw new AppError(ErrorCode.CONFLICT, '很遗憾未中奖，没有可领取的奖品')
    if (r.status !== 'unclaimed') return { record: toRecord(r), needAddress: r.status === 'await_address' }
    const t = Date.now()
    const next = r.kind === 'goods' ? 'await_address' : 'received'
    const res = await tx.updateTable('turntableRecords').set({ status: next, claimedAt: t }).where('id', '=', r.id).where('status', '=', 'unclaimed').executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) {
      const now = await ownRecord(tx, memberId, recordId)
      return { record: toRecord(now), needAddress: now.status === 'await_address' }
    }
    if (r.kind === 'points' && r.points > 0) await changePoints(tx, memberId, r.points, 'prize', r.prizeName, `prize:${r.id}`)
    if (r.kind === 'coupon' && r.couponId) {
      const g = await grantCoupon(tx, memberId, r.couponId, 'prize', t)
      await tx.updateTable('turntableRecords').set({ memberCouponId: g.row.id }).where('id', '=', r.id).execute()
    }
    const after = await ownRecord(tx, memberId, recordId)
    return { record: toRecord(after), needAddress: r.kind === 'goods' }
  })
}

/** The shipping address of a goods prize (copied, so later edits of the address book do not change it). */
export async function writeAddress(db: Db, memberId: number, recordId: number, addressId: number): Promise<DrawRecord> {
  return db.transaction().execute(async (tx) => {
    const r = await ownRecord(tx, memberId, recordId)
    if (r.kind !== 'goods') throw new AppError(ErrorCode.CONFLICT, '该奖品无需填写收货地址')
    if (r.status === 'to_ship' || r.status === 'shipped') throw new AppError(ErrorCode.CONFLICT, r.status === 'shipped' ? '奖品已发货，无法修改地址' : '已填写过收货地址')
    const a = await getAddress(tx, memberId, addressId)
    const res = await tx
      .updateTable('turntableRecords')
      .set({ status: 'to_ship', receiverName: a.name, receiverPhone: a.phone, receiverAddress: `${a.province}${a.city}${a.district}${a.detail}`, claimedAt: r.claimedAt ?? Date.now() })
      .where('id', '=', r.id)
      .where('status', 'in', ['unclaimed', 'await_address'])
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '记录状态已变化，请刷新后重试')
    return toRecord(await ownRecord(tx, memberId, recordId))
  })
}

/** The operator ships a goods prize (npm run admin -- turntable-ship <recordId> <expressCode> <trackingNo>). */
export async function shipPrize(db: Conn, recordId: number, expressCode: string, trackingNo: string): Promise<DrawRecord> {
  const express = await db.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', expressCode.toUpperCase()).executeTakeFirst()
  if (!express) throw new AppError(ErrorCode.BAD_REQUEST, `未知的快递公司：${expressCode}`)
  if (!/^[A-Za-z0-9]{6,40}$/.test(trackingNo)) throw new AppError(ErrorCode.BAD_REQUEST, '快递单号格式不正确')
  const res = await db
    .updateTable('turntableRecords')
    .set({ status: 'shipped', expressCode: express.code, expressName: express.name, trackingNo, shippedAt: Date.now() })
    .where('id', '=', recordId)
    .where('status', '=', 'to_ship')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '只有待发货的奖品可以发货')
  const r = await db.selectFrom('turntableRecords').selectAll().where('id', '=', recordId).executeTakeFirstOrThrow()
  return toRecord(r)
}
