import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import { ActivityInput, ActivityQuery, type AdminActivity, type AdminActivityPage } from '../../../../types/adminPromotions'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminActivityDetail, adminActivityList, createActivity, deleteActivity, updateActivity } from './activityAdmin'

/** 内容 · 活动: activities with their banner, rules, dates and the claimable coupons they offer. */
const activityAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'content.read' as const }
  const write = { permission: 'content.write' as const }

  app.get('/content/activities', { config: read, schema: { querystring: ActivityQuery } }, async (req): Promise<AdminActivityPage> => adminActivityList(db, req.query))
  app.get('/content/activities/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminActivity> => adminActivityDetail(db, req.params.id))
  app.post('/content/activities', { config: write, schema: { body: ActivityInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createActivity(tx, req.body, log)),
  }))
  app.put('/content/activities/:id', { config: write, schema: { params: IdParams, body: ActivityInput } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updateActivity(tx, req.params.id, req.body, log))
    return { id: req.params.id }
  })
  app.delete('/content/activities/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteActivity(tx, req.params.id, log))
    return { ok: true }
  })
}

export default activityAdminRoutes
