import { IdParams, type OkReply } from '../../../../types/admin'
import type { IdReply } from '../../../../types/adminGoods'
import { GroupBuyActivityBody, GroupBuyEnabledBody, GroupBuyListQuery, type AdminGroupBuyActivity, type AdminGroupBuyPage } from '../../../../types/adminGroupBuy'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminActivity, adminActivityList, createActivity, setActivityEnabled, updateActivity } from './adminService'

/** 营销 · 拼团: activities (group price per SKU, size, time to fill, limit, 模拟成团, 团长优惠), on/off, live figures. */
const groupBuyAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/group-buy/activities', { config: read, schema: { querystring: GroupBuyListQuery } }, async (req): Promise<AdminGroupBuyPage> => adminActivityList(db, req.query))
  app.get('/group-buy/activities/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminGroupBuyActivity> => adminActivity(db, req.params.id))
  app.post('/group-buy/activities', { config: write, schema: { body: GroupBuyActivityBody } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createActivity(tx, req.body, log)),
  }))
  app.put('/group-buy/activities/:id', { config: write, schema: { params: IdParams, body: GroupBuyActivityBody } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updateActivity(tx, req.params.id, req.body, log))
    return { id: req.params.id }
  })
  app.post('/group-buy/activities/:id/enabled', { config: write, schema: { params: IdParams, body: GroupBuyEnabledBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => setActivityEnabled(tx, req.params.id, req.body.enabled, log))
    return { ok: true }
  })
}

export default groupBuyAdminRoutes
