import type { Conn, Db } from '../../db/types'
import type { Contributions } from '../contributions'
import { inTx } from '../../db/tx'
import type { ExpressCompany, LogisticsInfo } from '../../../../types/logistics'
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

/**
 * Ships a paid order: to_ship → to_receive by conditional update, the shipment, its courier subscription queued
 * (tracking.ts: the job sends it, never from inside this transaction), the log and the 'shipped' hooks, in one
 * transaction. No tracking event is written: the courier reports its own.
 */
export async function shipOrder(db: Db, modules: Contributions, orderNo: string, expressCode: string, trackingNo: string, operator: Operator = 'admin') {
  const code = expressCode.trim().toUpperCase()
  const no = trackingNo.trim()
  if (!/^[A-Za-z0-9-]{6,40}$/.test(no)) throw new AppError(ErrorCode.BAD_REQUEST, '运单号格式不正确')
  // In the caller's transaction when given one (the console writes its audit row in it).
  return inTx(db, async (tx) => {
    const express = await tx.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', code).where('enabled', '=', 1).executeTakeFirst()
    if (!express) throw new AppError(ErrorCode.BAD_REQUEST, `未知的快递公司：${expressCode}`)
    const o = await tx.selectFrom('orders').select(['id', 'status', 'deliveryType']).where('orderNo', '=', orderNo).executeTakeFirst()
    if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
    if (o.deliveryType === 'pickup') throw new AppError(ErrorCode.ORDER_STATE, '到店自提订单不需要发货：买家到店出示提货码后，在「订单 → 自提核销」核销')
    if (o.status !== 'to_ship') throw new AppError(ErrorCode.ORDER_STATE, o.status === 'unpaid' ? '订单未支付，不能发货' : '订单不是待发货状态')
    const t = Date.now()
    const res = await tx.updateTable('orders').set({ status: 'to_receive', shippedAt: t, updatedAt: t }).where('id', '=', o.id).where('status', '=', 'to_ship').executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化')
    const s = await tx.insertInto('shipments').values({ orderId: o.id, expressCode: express.code, expressName: express.name, trackingNo: no, createdAt: t }).returning('id').executeTakeFirstOrThrow()
    await queueSubscription(tx, s.id, t)
    await logOrder(tx, o.id, 'to_ship', 'to_receive', 'ship', operator, `${express.name} ${no}`)
    await runOrderHooks(tx, modules, 'shipped', o.id, operator)
    return { orderNo, expressCode: express.code, expressName: express.name, trackingNo: no }
  })
}

/**
 * 更正运单号: a shipped order's company and number put right (staff, audited by the caller). The courier's events of
 * the wrong waybill and its state are dropped, typed ones kept, and the waybill is subscribed again by the job.
 */
export async function correctWaybill(tx: Conn, orderNo: string, expressCode: string, trackingNo: string) {
  const code = expressCode.trim().toUpperCase()
  const no = trackingNo.trim()
  if (!/^[A-Za-z0-9-]{6,40}$/.test(no)) throw new AppError(ErrorCode.BAD_REQUEST, '运单号格式不正确')
  const express = await tx.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', code).where('enabled', '=', 1).executeTakeFirst()
  if (!express) throw new AppError(ErrorCode.BAD_REQUEST, `未知的快递公司：${expressCode}`)
  const s = await tx
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.id', 's.expressCode', 's.expressName', 's.trackingNo', 'o.id as orderId', 'o.status'])
    .where('o.orderNo', '=', orderNo)
    .executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  if (s.status !== 'to_receive') throw new AppError(ErrorCode.ORDER_STATE, '只有待收货的订单可以更正运单号')
  if (s.expressCode === express.code && s.trackingNo === no) throw new AppError(ErrorCode.BAD_REQUEST, '快递公司和运单号都没有变化')
  await tx.updateTable('shipments').set({ expressCode: express.code, expressName: express.name, trackingNo: no, trackingState: '', trackingAt: null, signedAt: null }).where('id', '=', s.id).execute()
  await tx.deleteFrom('logisticsTraces').where('shipmentId', '=', s.id).where('source', '=', 'courier').execute()
  await queueSubscription(tx, s.id)
  await logOrder(tx, s.orderId, 'to_receive', 'to_receive', 'waybill', 'admin', `更正运单号：${s.expressName} ${s.trackingNo} → ${express.name} ${no}`)
  return { before: { expressCode: s.expressCode, expressName: s.expressName, trackingNo: s.trackingNo }, after: { expressCode: express.code, expressName: express.name, trackingNo: no } }
}

/** Adds a typed tracking event to a shipped order (staff in the console, the CLI, the demo seed); shown as typed. */
export async function addTrace(db: Db, orderNo: string, text: string, time = Date.now()) {
  const body = text.trim()
  if (!body) throw new AppError(ErrorCode.BAD_REQUEST, '物流信息不能为空')
  const s = await db.selectFrom('shipments as s').innerJoin('orders as o', 'o.id', 's.orderId').select(['s.id']).where('o.orderNo', '=', orderNo).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  await recordTrace(db, s.id, { time, text: body })
  return { orderNo, time, text: body }
}

/** The shopper's 刷新: a real-time query of the courier when allowed (tracking.ts backFill), then the page's data. */
export async function refreshTrace(ctx: TrackingCtx, memberId: number, orderNo: string): Promise<LogisticsInfo> {
  const o = await ownOrder(ctx.db, memberId, orderNo)
  const s = await ctx.db.selectFrom('shipments').select('id').where('orderId', '=', o.id).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  await backFill(ctx, s.id)
  return orderTrace(ctx, memberId, orderNo)
}

/** The member's own order's shipment and traces, newest first. */
export async function orderTrace(ctx: Pick<TrackingCtx, 'db' | 'config'>, memberId: number, orderNo: string): Promise<LogisticsInfo> {
  const { db } = ctx
  const o = await ownOrder(db, memberId, orderNo)
  const s = await db.selectFrom('shipments').selectAll().where('orderId', '=', o.id).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  const express = await db.selectFrom('expressCompanies').select(['phone']).where('code', '=', s.expressCode).executeTakeFirst()
  const first = await db.selectFrom('orderItems').select(['image']).where('orderId', '=', o.id).orderBy('id').limit(1).executeTakeFirst()
  const traces = await readTraces(db, s)
  const live = trackingLive(await kuaidi100Settings(db, ctx.config))
  return {
    orderNo,
    orderStatus: o.status,
    expressCode: s.expressCode,
    expressName: s.expressName,
    expressPhone: express?.phone || '',
    trackingNo: s.trackingNo,
    shippedAt: Number(s.createdAt),
    trackingState: s.trackingState,
    live,
    wechatWaybill: await wechatWaybillAvailable(db, o, s.expressCode),
    receiver: {
      name: o.receiverName,
      phone: `${o.receiverPhone.slice(0, 3)}****${o.receiverPhone.slice(7)}`,
      address: receiverAddress(o),
    },
    traces,
    image: first?.image || '',
    itemCount: o.itemCount,
  }
}
