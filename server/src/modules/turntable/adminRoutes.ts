import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import { ShipBody } from '../../../../types/adminOrders'
import { BlindBoxSettingsBody, DrawRecordQuery, PoolBody, PrizeInput, type AdminDrawRecordPage, type BlindBoxView } from '../../../../types/adminRewards'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { blindBoxView, createPrize, drawRecords, saveCost, savePool, shipRecord, updatePrize } from './adminService'

/** 营销 › 盲盒: prizes with stock and odds, the cost of a draw, draw records and shipping physical prizes. */
const turntableAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/blind-box', { config: read }, async (): Promise<BlindBoxView> => blindBoxView(db))
  app.put('/blind-box/settings', { config: write, schema: { body: BlindBoxSettingsBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => saveCost(tx, req.body.cost, log))
    return { ok: true }
  })
  app.put('/blind-box/pool', { config: write, schema: { body: PoolBody } }, async (req): Promise<BlindBoxView> => audited(db, actorOf(req), (tx, log) => savePool(tx, req.body, log)))
  app.post('/blind-box/prizes', { config: write, schema: { body: PrizeInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createPrize(tx, req.body, log)),
  }))
  app.put('/blind-box/prizes/:id', { config: write, schema: { params: IdParams, body: PrizeInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => updatePrize(tx, req.params.id, req.body, log)),
  }))

  app.get('/blind-box/records', { config: read, schema: { querystring: DrawRecordQuery } }, async (req): Promise<AdminDrawRecordPage> => drawRecords(db, req.query))
  app.post('/blind-box/records/:id/ship', { config: write, schema: { params: IdParams, body: ShipBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => shipRecord(tx, req.params.id, req.body.expressCode, req.body.trackingNo, log))
    return { ok: true }
  })
}

export default turntableAdminRoutes
