import { type OkReply, IdParams } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import {
  AdminOrderQuery,
  BatchShipBody,
  OrderNoParams,
  OrderPrintQuery,
  PickupCodeBody,
  PriceChangeBody,
  ReasonBody,
  RemarkBody,
  ShipBody,
  TraceBody,
  WaybillBody,
  type AdminOrderDetail,
  type AdminOrderPage,
  type BatchShipReply,
  type OrderPrintSheet,
  type PickupLookup,
} from '../../../../types/adminOrders'
import { PickupPointInput, type AdminPickupPoint } from '../../../../types/adminSettings'
import type { ExpressCompany } from '../../../../types/logistics'
import { AppError, ErrorCode } from '../../errors'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { allExpress } from '../logistics/service'
import { expressResolver, printSheets, shipTemplateCsv } from './shipBatch'
import { sendCsv } from '../../admin/csv'
import { changeOrderPriceTx, closePaymentsBeforePriceChange } from './priceChange'
import {
  adminCancel,
  adminCorrectWaybill,
  adminOrderDetail,
  adminOrderList,
  adminRemark,
  adminShip,
  adminTrace,
  exportOrdersCsv,
  exportPickingCsv,
  parsePickingCsv,
  parseShipCsv,
  shipBatchParcel,
} from './adminService'
import { chinaDay } from '../../services/chinaTime'
import { createPickupPoint, deletePickupPoint, lookupPickup, pickupPointsAdmin, updatePickupPoint, verifyPickup } from './pickup'

export const BATCH_SHIP_MAX = 1000

/** 订单: list, export, details, ship (single and batch), traces, remarks, cancel, 改价. */
const orderAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db, modules } = ctx
  const read = { permission: 'orders.read' as const }
  const write = { permission: 'orders.write' as const }

  app.get('/orders', { config: read, schema: { querystring: AdminOrderQuery } }, async (req): Promise<AdminOrderPage> => adminOrderList(db, req.query))

  app.get('/orders/export', { config: read, schema: { querystring: AdminOrderQuery } }, async (req, reply) => {
    const { page: _p, pageSize: _s, ...filters } = req.query
    const day = chinaDay()
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="orders-${day}.csv"`).header('Cache-Control', 'no-store').send(exportOrdersCsv(db, filters))
  })

  // 批量发货's template: the orders waiting to ship, 快递公司 and 运单号 to fill (order/shipBatch.ts).
  app.get('/orders/ship-template', { config: read }, async (_req, reply) => sendCsv(reply, 'ship-template', shipTemplateCsv(db)))
  // 打印发货单 / 拣货单 for the orders chosen in the list (order/shipBatch.ts).
  app.get('/orders/print', { config: read, schema: { querystring: OrderPrintQuery } }, async (req): Promise<OrderPrintSheet[]> => printSheets(db, req.query.orderNos.split(',')))
  app.get('/orders/express', { config: read }, async (): Promise<ExpressCompany[]> => allExpress(db))
  // 自提核销 (docs/orders.md "Self-pickup"): the order behind a code first, then the verification (audited).
  app.get('/orders/pickup', { config: read, schema: { querystring: PickupCodeBody } }, async (req): Promise<PickupLookup> => lookupPickup(db, req.query.code))
  app.post('/orders/pickup/verify', { config: write, schema: { body: PickupCodeBody } }, async (req) =>
    audited(db, actorOf(req), (tx, log) => verifyPickup(tx, modules, req.body.code, actorOf(req).username, log)),
  )

  // 设置 → 自提点 (settings.read to read, settings.write to change; audited).
  app.get('/pickup-points', { config: { permission: 'settings.read' } }, async (): Promise<AdminPickupPoint[]> => pickupPointsAdmin(db))
  app.post('/pickup-points', { config: { permission: 'settings.write' }, schema: { body: PickupPointInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createPickupPoint(tx, req.body, log)),
  }))
  app.put('/pickup-points/:id', { config: { permission: 'settings.write' }, schema: { params: IdParams, body: PickupPointInput } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updatePickupPoint(tx, req.params.id, req.body, log))
    return { id: req.params.id }
  })
  app.delete('/pickup-points/:id', { config: { permission: 'settings.write' }, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deletePickupPoint(tx, req.params.id, log))
    return { ok: true }
  })

  app.get('/orders/:orderNo', { config: read, schema: { params: OrderNoParams } }, async (req): Promise<AdminOrderDetail> => adminOrderDetail(db, req.params.orderNo))

  app.post('/orders/:orderNo/ship', { config: write, schema: { params: OrderNoParams, body: ShipBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminShip(tx, modules, req.params.orderNo, req.body.expressCode, req.body.trackingNo, log, req.body.items))
    return { ok: true }
  })

  // 导出拣货单: one row per order line and parcel; filled in, it goes back into 批量发货 (order/adminService.ts).
  app.get('/orders/picking-list', { config: read, schema: { querystring: AdminOrderQuery } }, async (req, reply) => {
    const { page: _p, pageSize: _s, ...filters } = req.query
    return sendCsv(reply, 'picking-list', exportPickingCsv(db, filters))
  })

  // Each parcel ships in its own transaction: a bad one is reported and the others still ship.
  app.post('/orders/ship-batch', { config: write, schema: { body: BatchShipBody } }, async (req): Promise<BatchShipReply> => {
    const picking = parsePickingCsv(req.body.csv)
    const parcels = picking ? picking.parcels : parseShipCsv(req.body.csv)
    const failed: BatchShipReply['failed'] = picking ? [...picking.bad] : []
    if (!parcels.length && !failed.length) throw new AppError(400, 'CSV 中没有发货数据（每行：订单号,快递公司,运单号；或填好快递公司和快递单号的拣货单）')
    if (parcels.length > BATCH_SHIP_MAX) throw new AppError(400, `一次最多发货 ${BATCH_SHIP_MAX} 单`)
    const actor = actorOf(req)
    const courier = await expressResolver(db)
    const skipped: BatchShipReply['skipped'] = []
    let shipped = 0
    for (const l of parcels) {
      try {
        if (!l.orderNo || !l.expressCode || !l.trackingNo) throw new AppError(400, '缺少订单号、快递公司或运单号')
        const code = courier(l.expressCode)
        if (!code) throw new AppError(400, `快递公司「${l.expressCode}」不在可选的快递公司中：请填写名称（如 圆通速递）或编码`)
        const r = await audited(db, actor, (tx, log) => shipBatchParcel(tx, modules, { ...l, expressCode: code }, log))
        if (r === 'already') skipped.push({ line: l.line, orderNo: l.orderNo, msg: `运单号 ${l.trackingNo} 已发货，未重复发货` })
        else shipped += 1
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        failed.push({ line: l.line, orderNo: l.orderNo, msg: err.message })
      }
    }
    failed.sort((a, b) => a.line - b.line)
    return { shipped, skipped, failed }
  })

  app.post('/orders/:orderNo/waybill', { config: write, schema: { params: OrderNoParams, body: WaybillBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminCorrectWaybill(tx, req.params.orderNo, req.body.expressCode, req.body.trackingNo, log, req.body.shipmentId))
    return { ok: true }
  })
  app.post('/orders/:orderNo/trace', { config: write, schema: { params: OrderNoParams, body: TraceBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminTrace(tx, req.params.orderNo, req.body.text, log, req.body.shipmentId))
    return { ok: true }
  })
  app.post('/orders/:orderNo/remark', { config: write, schema: { params: OrderNoParams, body: RemarkBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminRemark(tx, req.params.orderNo, req.body.remark, log))
    return { ok: true }
  })
  app.post('/orders/:orderNo/cancel', { config: write, schema: { params: OrderNoParams, body: ReasonBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => adminCancel(tx, modules, req.params.orderNo, req.body.reason, log))
    return { ok: true }
  })
  // 改价: payments made before the change are closed at the gateway first (or the change is refused), then one audited transaction.
  app.post('/orders/:orderNo/price', { config: write, schema: { params: OrderNoParams, body: PriceChangeBody } }, async (req): Promise<OkReply> => {
    const o = await db.selectFrom('orders').select(['id', 'status']).where('orderNo', '=', req.params.orderNo).executeTakeFirst()
    if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
    if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, '只有待付款的订单可以改价')
    await closePaymentsBeforePriceChange(ctx, o.id)
    await audited(db, actorOf(req), (tx, log) => changeOrderPriceTx(tx, req.params.orderNo, req.body, log))
    return { ok: true }
  })
}

export default orderAdminRoutes
