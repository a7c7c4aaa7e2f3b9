import type { Conn, Db } from '../../db/types'
import { inTx } from '../../db/tx'
import type { ExpressCompany, LogisticsInfo } from '../../../../types/logistics'
import { AppError, ErrorCode } from '../../errors'
import { runOrderHooks, type Operator } from '../order/hooks'
import { logOrder, ownOrder } from '../order/service'
import { logisticsProvider, recordTrace } from './provider'

export async function allExpress(db: Conn): Promise<ExpressCompany[]> {
  return db.selectFrom('expressCompanies').select(['code', 'name', 'phone']).where('enabled', '=', 1).orderBy('sort').orderBy('id').execute()
}

/**
 * Ships a paid order: to_ship → to_receive by conditional update, the shipment, its first traces
 * (through the logistics provider), the log and the 'shipped' hooks, in one transaction.
 */
export async function shipOrder(db: Db, orderNo: string, expressCode: string, trackingNo: string, operator: Operator = 'admin') {
  const code = expressCode.trim().toUpperCase()
  const no = trackingNo.trim()
  if (!/^[A-Za-z0-9-]{6,40}$/.test(no)) throw new AppError(ErrorCode.BAD_REQUEST, '运单号格式不正确')
  // In the caller's transaction when given one (the console writes its audit row in it).
  return inTx(db, async (tx) => {
    const express = await tx.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', code).where('enabled', '=', 1).executeTakeFirst()
    if (!express) throw new AppError(ErrorCode.BAD_REQUEST, `未知的快递公司：${expressCode}`)
    const o = await tx.selectFrom('orders').select(['id', 'status']).where('orderNo', '=', orderNo).executeTakeFirst()
    if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
    if (o.status !== 'to_ship') throw new AppError(ErrorCode.ORDER_STATE, o.status === 'unpaid' ? '订单未支付，不能发货' : '订单不是待发货状态')
    const t = Date.now()
    const res = await tx.updateTable('orders').set({ status: 'to_receive', shippedAt: t, updatedAt: t }).where('id', '=', o.id).where('status', '=', 'to_ship').executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化')
    const s = await tx.insertInto('shipments').values({ orderId: o.id, expressCode: express.code, expressName: express.name, trackingNo: no, createdAt: t }).returning('id').executeTakeFirstOrThrow()
    await logisticsProvider().subscribe(tx, { id: s.id, orderId: o.id, expressCode: express.code, expressName: express.name, trackingNo: no })
    await logOrder(tx, o.id, 'to_ship', 'to_receive', 'ship', operator, `${express.name} ${no}`)
    await runOrderHooks(tx, 'shipped', o.id, operator)
    return { orderNo, expressCode: express.code, expressName: express.name, trackingNo: no }
  })
}

/** Adds a tracking event to a shipped order (the operator, or a tracking service's callback). */
export async function addTrace(db: Db, orderNo: string, text: string, time = Date.now()) {
  const body = text.trim()
  if (!body) throw new AppError(ErrorCode.BAD_REQUEST, '物流信息不能为空')
  const s = await db.selectFrom('shipments as s').innerJoin('orders as o', 'o.id', 's.orderId').select(['s.id']).where('o.orderNo', '=', orderNo).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  await recordTrace(db, s.id, { time, text: body })
  return { orderNo, time, text: body }
}

/** The member's own order's shipment and traces, newest first. */
export async function orderTrace(db: Conn, memberId: number, orderNo: string): Promise<LogisticsInfo> {
  const o = await ownOrder(db, memberId, orderNo)
  const s = await db.selectFrom('shipments').selectAll().where('orderId', '=', o.id).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  const express = await db.selectFrom('expressCompanies').select(['phone']).where('code', '=', s.expressCode).executeTakeFirst()
  const first = await db.selectFrom('orderItems').select(['image']).where('orderId', '=', o.id).orderBy('id').limit(1).executeTakeFirst()
  const traces = await logisticsProvider().traces(db, s)
  return {
    orderNo,
    orderStatus: o.status,
    expressCode: s.expressCode,
    expressName: s.expressName,
    expressPhone: express?.phone || '',
    trackingNo: s.trackingNo,
    shippedAt: s.createdAt,
    receiver: {
      name: o.receiverName,
      phone: `${o.receiverPhone.slice(0, 3)}****${o.receiverPhone.slice(7)}`,
      address: `${o.receiverProvince}${o.receiverCity}${o.receiverDistrict}${o.receiverDetail}`,
    },
    traces,
    image: first?.image || '',
    itemCount: o.itemCount,
  }
}
