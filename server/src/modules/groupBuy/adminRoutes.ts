import { IdParams, type OkReply } from '../../../../types/admin'
import type { IdReply } from '../../../../types/adminGoods'
import {
  GroupBuyActivityBody,
  GroupBuyEnabledBody,
  GroupBuyGroupsQuery,
  GroupBuyListQuery,
  type AdminGroupBuyActivity,
  type AdminGroupBuyGroupPage,
  type AdminGroupBuyPage,
} from '../../../../types/adminGroupBuy'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminActivity, adminActivityList, adminGroups, createActivity, setActivityEnabled, updateActivity } from './adminService'

/** 营销 · 拼团: activities (group price per SKU, size, time to fill, limit, 模拟成团, 团长优惠), on/off, live figures, their groups. */
const groupBuyAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/group-buy/activities', { config: read, schema: { querystring: GroupBuyListQuery } }, async (req): Promise<AdminGroupBuyPage> => adminActivityList(db, req.query))
  app.get('/group-buy/activities/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminGroupBuyActivity> => adminActivity(db, req.params.id))
  // 查看团: who is in which group and how it ended (staff answering "why was I refunded").
  app.get('/group-buy/activities/:id/groups', { config: read, schema: { params: IdParams, querystring: GroupBuyGroupsQuery } }, async (req): Promise<AdminGroupBuyGroupPage> =>
    adminGroups(db, req.params.id, req.query),
  )
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
