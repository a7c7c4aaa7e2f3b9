import type { Conn, Db, Tx } from '../../db/types'
import type { Contributions } from '../contributions'
import { inTx } from '../../db/tx'
import type { ExpressCompany, LogisticsInfo, LogisticsParcel } from '../../../../types/logistics'
import { AppError, ErrorCode } from '../../errors'
import { runOrderHooks, type Operator } from '../order/hooks'
import { logOrder, ownOrder, receiverAddress } from '../order/service'
import { readTraces, recordTrace } from './provider'
import { kuaidi100Settings, trackingLive } from './kuaidi100'
import { backFill, queueSubscription, type TrackingCtx } from './tracking'
import { wechatWaybillAvailable } from './wechatWaybill'

export async function allExpress(db: Conn): Promise<ExpressCompany[]> {
  return db.selectFrom('expressCompanies').select(['code', 'name', 'phone']).where('enabled', '=', 1).orderBy('sort').orderBy('id').execute()
}

/** One order line (and how many of its units) in a parcel. */
export type ParcelLine = { orderItemId: number; quantity: number }

/** Units of a line still waiting to ship: neither in a parcel nor refunded. */
export const unitsToShip = (i: { quantity: number; refundedQuantity: number; shippedQuantity: number }) => Math.max(0, i.quantity - i.refundedQuantity - i.shippedQuantity)

/**
 * Ships a parcel of a paid order (docs/orders.md "Parcels"): the given lines and units, or every unit still waiting
 * (the default, the CLI and the batch). In one transaction: the order row locked by a conditional update (so two
 * staff shipping at once take turns), each line's shipped units raised conditionally (shipped + refunded + n <=
 * quantity: the same units never ship twice), the shipment with its lines, its courier subscription queued
 * (tracking.ts: the job sends it, never from inside this transaction), the log. The order stays to_ship while some
 * unit is left; the parcel that ships the last one moves it to_ship → to_receive and runs the 'shipped' hooks, once.
 * An earlier parcel runs the 'parcel' hooks (the mini-program's shipping info). No tracking event is written: the
 * courier reports its own.
 */
export async function shipOrder(db: Db, modules: Contributions, orderNo: string, expressCode: string, trackingNo: string, operator: Operator = 'admin', lines?: ParcelLine[]) {
  const code = expressCode.trim().toUpperCase()
  const no = trackingNo.trim()
  if (!/^[A-Za-z0-9-]{6,40}$/.test(no)) throw new AppError(ErrorCode.BAD_REQUEST, '运单号格式不正确')
  // In the caller's transaction when given one (the console writes its audit row in it).
  return inTx(db, async (tx) => {
    const express = await tx.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', code).where('enabled', '=', 1).executeTakeFirst()
    if (!express) throw new AppError(ErrorCode.BAD_REQUEST, `未知的快递公司：${expressCode}`)
    const o = await tx.selectFrom('orders').select(['id', 'status', 'deliveryType', 'shippedAt', 'shipHold']).where('orderNo', '=', orderNo).executeTakeFirst()
    if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
    if (o.deliveryType === 'pickup') throw new AppError(ErrorCode.ORDER_STATE, '到店自提订单不需要发货：买家到店出示提货码后，在「订单 → 自提核销」核销')
    if (o.status !== 'to_ship') throw new AppError(ErrorCode.ORDER_STATE, o.status === 'unpaid' ? '订单未支付，不能发货' : '订单不是待发货状态')
    if (o.shipHold) throw new AppError(ErrorCode.ORDER_STATE, '拼团尚未成团，成团后才能发货')
    const t = Date.now()
    // Lock the order first: parcels of one order are made one at a time (PostgreSQL; SQLite serialises anyway).
    // A group order still waiting for its group (ship_hold, docs/promotions.md) is never shipped.
    const lock = await tx.updateTable('orders').set({ updatedAt: t }).where('id', '=', o.id).where('status', '=', 'to_ship').where('shipHold', '=', 0).executeTakeFirst()
    if (Number(lock.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化')
    const items = await tx.selectFrom('orderItems').select(['id', 'goodsName', 'quantity', 'refundedQuantity', 'shippedQuantity']).where('orderId', '=', o.id).orderBy('id').execute()
    const wanted = new Map<number, number>()
    if (lines) {
      for (const l of lines) {
        if (!Number.isInteger(l.quantity) || l.quantity < 0) throw new AppError(ErrorCode.BAD_REQUEST, '发货数量不正确')
        if (!items.some((i) => i.id === l.orderItemId)) throw new AppError(ErrorCode.NOT_FOUND, '订单商品不存在')
        if (l.quantity) wanted.set(l.orderItemId, (wanted.get(l.orderItemId) || 0) + l.quantity)
      }
    } else for (const i of items) if (unitsToShip(i)) wanted.set(i.id, unitsToShip(i))
    if (!wanted.size) throw new AppError(lines ? ErrorCode.BAD_REQUEST : ErrorCode.ORDER_STATE, lines ? '请选择要发货的商品' : '该订单的商品都已发货或退款')
    for (const i of items) {
      const n = wanted.get(i.id)
      if (!n) continue
      const left = unitsToShip(i)
      if (n > left) throw new AppError(ErrorCode.ORDER_STATE, left ? `「${i.goodsName}」最多还能发${left}件` : `「${i.goodsName}」已发货或已退款`)
      const res = await tx
        .updateTable('orderItems')
        .set((eb) => ({ shippedQuantity: eb('shippedQuantity', '+', n) }))
        .where('id', '=', i.id)
        .where((eb) => eb(eb(eb('shippedQuantity', '+', eb.ref('refundedQuantity')), '+', n), '<=', eb.ref('quantity')))
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, `「${i.goodsName}」已发货，请刷新后重试`)
    }
    const s = await tx.insertInto('shipments').values({ orderId: o.id, expressCode: express.code, expressName: express.name, trackingNo: no, createdAt: t }).returning('id').executeTakeFirstOrThrow()
    await tx
      .insertInto('shipmentItems')
      .values([...wanted].map(([orderItemId, quantity]) => ({ shipmentId: s.id, orderItemId, quantity })))
      .execute()
    await queueSubscription(tx, s.id, t)
    const { n: count } = await tx
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orderId', '=', o.id)
      .executeTakeFirstOrThrow()
    const parcelNo = Number(count)
    const complete = items.every((i) => unitsToShip(i) === (wanted.get(i.id) || 0))
    const note = `${parcelNo > 1 || !complete ? `包裹${parcelNo}：` : ''}${express.name} ${no}`
    if (complete) {
      const res = await tx.updateTable('orders').set({ status: 'to_receive', shippedAt: t, updatedAt: t }).where('id', '=', o.id).where('status', '=', 'to_ship').executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化')
      await logOrder(tx, o.id, 'to_ship', 'to_receive', 'ship', operator, note)
      await runOrderHooks(tx, modules, 'shipped', o.id, operator)
    } else {
      // shipped_at marks the first parcel while the order waits for the rest (after-sales then knows goods have left).
      if (o.shippedAt === null) await tx.updateTable('orders').set({ shippedAt: t }).where('id', '=', o.id).execute()
      await logOrder(tx, o.id, 'to_ship', 'to_ship', 'ship_part', operator, note)
      await runOrderHooks(tx, modules, 'parcel', o.id, operator)
    }
    return {
      orderNo,
      expressCode: express.code,
      expressName: express.name,
      trackingNo: no,
      shipmentId: s.id,
      parcelNo,
      complete,
      lines: [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
    }
  })
}

/**
 * After a refund of units that had not shipped (after-sales' finishRefund, in its transaction): when every unit left
 * is in a parcel, the order moves to_ship → to_receive as the last parcel would have moved it, with the 'shipped'
 * hooks once. An order with no parcel yet stays to_ship (nothing has left the shop). True when it moved.
 */
export async function finishShippingIfDone(tx: Tx, modules: Contributions, orderId: number, operator: Operator): Promise<boolean> {
  const o = await tx.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst()
  if (o?.status !== 'to_ship') return false
  const items = await tx.selectFrom('orderItems').select(['quantity', 'refundedQuantity', 'shippedQuantity']).where('orderId', '=', orderId).execute()
  if (items.some((i) => unitsToShip(i) > 0)) return false
  const last = await tx.selectFrom('shipments').select(['createdAt']).where('orderId', '=', orderId).orderBy('id', 'desc').executeTakeFirst()
  if (!last) return false
  const t = Date.now()
  // Auto-receive counts from the last parcel.
  const res = await tx
    .updateTable('orders')
    .set({ status: 'to_receive', shippedAt: Number(last.createdAt), updatedAt: t })
    .where('id', '=', orderId)
    .where('status', '=', 'to_ship')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  await logOrder(tx, orderId, 'to_ship', 'to_receive', 'ship', operator, '其余商品已退款，全部包裹已发出')
  await runOrderHooks(tx, modules, 'shipped', orderId, operator)
  return true
}

/**
 * 更正运单号: a parcel's company and number put right (staff, audited by the caller). The courier's events of the
 * wrong waybill and its state are dropped, typed ones kept, and the waybill is subscribed again by the job. An order
 * of several parcels names the parcel (shipmentId); one of a single parcel may leave it out.
 */
export async function correctWaybill(tx: Conn, orderNo: string, expressCode: string, trackingNo: string, shipmentId?: number) {
  const code = expressCode.trim().toUpperCase()
  const no = trackingNo.trim()
  if (!/^[A-Za-z0-9-]{6,40}$/.test(no)) throw new AppError(ErrorCode.BAD_REQUEST, '运单号格式不正确')
  const express = await tx.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', code).where('enabled', '=', 1).executeTakeFirst()
  if (!express) throw new AppError(ErrorCode.BAD_REQUEST, `未知的快递公司：${expressCode}`)
  const parcels = await tx
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.id', 's.expressCode', 's.expressName', 's.trackingNo', 'o.id as orderId', 'o.status'])
    .where('o.orderNo', '=', orderNo)
    .orderBy('s.id')
    .execute()
  if (!parcels.length) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  if (shipmentId === undefined && parcels.length > 1) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要更正的包裹')
  const s = shipmentId === undefined ? parcels[0] : parcels.find((p) => p.id === shipmentId)
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '包裹不存在')
  if (s.status !== 'to_receive' && s.status !== 'to_ship') throw new AppError(ErrorCode.ORDER_STATE, '只有待收货的订单可以更正运单号')
  if (s.expressCode === express.code && s.trackingNo === no) throw new AppError(ErrorCode.BAD_REQUEST, '快递公司和运单号都没有变化')
  await tx.updateTable('shipments').set({ expressCode: express.code, expressName: express.name, trackingNo: no, trackingState: '', trackingAt: null, signedAt: null }).where('id', '=', s.id).execute()
  await tx.deleteFrom('logisticsTraces').where('shipmentId', '=', s.id).where('source', '=', 'courier').execute()
  await queueSubscription(tx, s.id)
  const which = parcels.length > 1 ? `包裹${parcels.indexOf(s) + 1}` : ''
  await logOrder(tx, s.orderId, s.status, s.status, 'waybill', 'admin', `更正运单号：${which ? `${which} ` : ''}${s.expressName} ${s.trackingNo} → ${express.name} ${no}`)
  return {
    before: { expressCode: s.expressCode, expressName: s.expressName, trackingNo: s.trackingNo },
    after: { expressCode: express.code, expressName: express.name, trackingNo: no },
    shipmentId: s.id,
  }
}

/** Adds a typed tracking event to a shipped order (staff in the console, the CLI, the demo seed); shown as typed. */
export async function addTrace(db: Db, orderNo: string, text: string, time = Date.now(), shipmentId?: number) {
  const body = text.trim()
  if (!body) throw new AppError(ErrorCode.BAD_REQUEST, '物流信息不能为空')
  // An order of several parcels names the parcel, as 更正运单号 does: a scan typed on the wrong parcel misleads the shopper.
  const parcels = await db.selectFrom('shipments as s').innerJoin('orders as o', 'o.id', 's.orderId').select(['s.id']).where('o.orderNo', '=', orderNo).orderBy('s.id').execute()
  if (!parcels.length) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  if (shipmentId === undefined && parcels.length > 1) throw new AppError(ErrorCode.BAD_REQUEST, '该订单有多个包裹，请选择要添加轨迹的包裹')
  const s = shipmentId === undefined ? parcels[0] : parcels.find((p) => p.id === shipmentId)
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '包裹不存在')
  await recordTrace(db, s.id, { time, text: body })
  return { orderNo, shipmentId: s.id, time, text: body }
}

/** The shopper's 刷新: a real-time query of the courier for each parcel when allowed (tracking.ts backFill), then the page's data. */
export async function refreshTrace(ctx: TrackingCtx, memberId: number, orderNo: string): Promise<LogisticsInfo> {
  const o = await ownOrder(ctx.db, memberId, orderNo)
  const parcels = await ctx.db.selectFrom('shipments').select('id').where('orderId', '=', o.id).orderBy('id').execute()
  if (!parcels.length) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  for (const s of parcels) await backFill(ctx, s.id)
  return orderTrace(ctx, memberId, orderNo)
}

/** The parcels of an order, oldest first, each with its lines (goods, spec, picture, units). */
export async function orderParcels(db: Conn, orderId: number) {
  const ships = await db.selectFrom('shipments').selectAll().where('orderId', '=', orderId).orderBy('id').execute()
  const lines = ships.length
    ? await db
        .selectFrom('shipmentItems as si')
        .innerJoin('orderItems as i', 'i.id', 'si.orderItemId')
        .select(['si.shipmentId', 'si.orderItemId', 'si.quantity', 'i.goodsName', 'i.specText', 'i.image'])
        .where(
          'si.shipmentId',
          'in',
          ships.map((s) => s.id),
        )
        .orderBy('si.orderItemId')
        .execute()
    : []
  return ships.map((s) => ({ ...s, items: lines.filter((l) => l.shipmentId === s.id).map(({ shipmentId: _s, ...l }) => ({ ...l, quantity: Number(l.quantity) })) }))
}

/** The member's own order's parcels and their traces, newest first; the first parcel's fields also at the top (one parcel looks as before). */
export async function orderTrace(ctx: Pick<TrackingCtx, 'db' | 'config'>, memberId: number, orderNo: string): Promise<LogisticsInfo> {
  const { db } = ctx
  const o = await ownOrder(db, memberId, orderNo)
  const ships = await orderParcels(db, o.id)
  if (!ships.length) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  const codes = [...new Set(ships.map((s) => s.expressCode))]
  const phones = new Map((await db.selectFrom('expressCompanies').select(['code', 'phone']).where('code', 'in', codes).execute()).map((e) => [e.code, e.phone]))
  const first = await db.selectFrom('orderItems').select(['image']).where('orderId', '=', o.id).orderBy('id').limit(1).executeTakeFirst()
  const live = trackingLive(await kuaidi100Settings(db, ctx.config))
  const parcels: LogisticsParcel[] = []
  for (const s of ships) {
    parcels.push({
      shipmentId: s.id,
      expressCode: s.expressCode,
      expressName: s.expressName,
      expressPhone: phones.get(s.expressCode) || '',
      trackingNo: s.trackingNo,
      shippedAt: Number(s.createdAt),
      trackingState: s.trackingState,
      wechatWaybill: await wechatWaybillAvailable(db, o, s.expressCode),
      traces: await readTraces(db, s),
      items: s.items.map((i) => ({ goodsName: i.goodsName, specText: i.specText, image: i.image, quantity: i.quantity })),
    })
  }
  const p = parcels[0]
  return {
    orderNo,
    orderStatus: o.status,
    expressCode: p.expressCode,
    expressName: p.expressName,
    expressPhone: p.expressPhone,
    trackingNo: p.trackingNo,
    shippedAt: p.shippedAt,
    trackingState: p.trackingState,
    live,
    wechatWaybill: p.wechatWaybill,
    receiver: {
      name: o.receiverName,
      phone: `${o.receiverPhone.slice(0, 3)}****${o.receiverPhone.slice(7)}`,
      address: receiverAddress(o),
    },
    traces: p.traces,
    image: first?.image || '',
    itemCount: o.itemCount,
    parcels,
  }
}
