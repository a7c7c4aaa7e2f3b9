import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import { MissionInput, PointsGoodsInput, PointsGoodsQuery, PointsRulesBody, StatusBody, type AdminMission, type AdminPointsGoodsPage, type PointsRulesView } from '../../../../types/adminRewards'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { createMission, createPointsGoods, deleteMission, listMissions, listPointsGoods, rulesView, saveRules, setPointsGoodsStatus, updateMission, updatePointsGoods } from './adminService'

/** 营销 › 积分: earning rules, points-mall goods, the mission center's missions. */
const integralAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/points/rules', { config: read }, async (): Promise<PointsRulesView> => rulesView(db))
  app.put('/points/rules', { config: write, schema: { body: PointsRulesBody } }, async (req): Promise<PointsRulesView> => audited(db, actorOf(req), (tx, log) => saveRules(tx, req.body, log)))

  app.get('/points/goods', { config: read, schema: { querystring: PointsGoodsQuery } }, async (req): Promise<AdminPointsGoodsPage> => listPointsGoods(db, req.query))
  app.post('/points/goods', { config: write, schema: { body: PointsGoodsInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createPointsGoods(tx, req.body, log)),
  }))
  app.put('/points/goods/:id', { config: write, schema: { params: IdParams, body: PointsGoodsInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => updatePointsGoods(tx, req.params.id, req.body, log)),
  }))
  app.post('/points/goods/:id/status', { config: write, schema: { params: IdParams, body: StatusBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => setPointsGoodsStatus(tx, req.params.id, req.body.status, log))
    return { ok: true }
  })

  app.get('/points/missions', { config: read }, async (): Promise<AdminMission[]> => listMissions(db))
  app.post('/points/missions', { config: write, schema: { body: MissionInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createMission(tx, req.body, log)),
  }))
  app.put('/points/missions/:id', { config: write, schema: { params: IdParams, body: MissionInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => updateMission(tx, req.params.id, req.body, log)),
  }))
  app.delete('/points/missions/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteMission(tx, req.params.id, log))
    return { ok: true }
  })
}

export default integralAdminRoutes
