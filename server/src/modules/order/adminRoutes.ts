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
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { allExpress } from '../logistics/service'
import { exportPickingCsv, printSheets, shipBatch, shipTemplateCsv } from './shipBatch'
import { sendCsv } from '../../admin/csv'
import { changeOrderPrice } from './priceChange'
import { adminCancel, adminCorrectWaybill, adminOrderDetail, adminOrderList, adminRemark, adminShip, adminTrace, exportOrdersCsv } from './adminService'
import { chinaDay } from '../../services/chinaTime'
import { createPickupPoint, deletePickupPoint, lookupPickup, pickupPointsAdmin, updatePickupPoint, verifyPickup } from './pickup'

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

  // 导出拣货单: one row per order line and parcel; filled in, it goes back into 批量发货 (order/shipBatch.ts).
  app.get('/orders/picking-list', { config: read, schema: { querystring: AdminOrderQuery } }, async (req, reply) => {
    const { page: _p, pageSize: _s, ...filters } = req.query
    return sendCsv(reply, 'picking-list', exportPickingCsv(db, filters))
  })

  // 批量发货 (order/shipBatch.ts): each parcel in its own audited transaction; a bad one is reported, the others ship.
  app.post('/orders/ship-batch', { config: write, schema: { body: BatchShipBody } }, async (req): Promise<BatchShipReply> => shipBatch(db, modules, actorOf(req), req.body.csv))

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
    await changeOrderPrice(ctx, actorOf(req), req.params.orderNo, req.body)
    return { ok: true }
  })
}

export default orderAdminRoutes
