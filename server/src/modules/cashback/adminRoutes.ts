import { IdParams } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import { ReasonBody } from '../../../../types/adminOrders'
import { CampaignInput, CampaignQuery, CashbackTaskQuery, type AdminCampaignPage, type AdminCashbackTaskPage, type CashbackDecisionReply } from '../../../../types/adminRewards'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { approve, createCampaign, listCampaigns, listTasks, refuse, updateCampaign } from './adminService'

/** 营销 › 好评返现: the rules per goods (campaigns) and the review of submitted tasks. */
const cashbackAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/cashback/campaigns', { config: read, schema: { querystring: CampaignQuery } }, async (req): Promise<AdminCampaignPage> => listCampaigns(db, req.query))
  app.post('/cashback/campaigns', { config: write, schema: { body: CampaignInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createCampaign(tx, req.body, log)),
  }))
  app.put('/cashback/campaigns/:id', { config: write, schema: { params: IdParams, body: CampaignInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => updateCampaign(tx, req.params.id, req.body, log)),
  }))

  app.get('/cashback/tasks', { config: read, schema: { querystring: CashbackTaskQuery } }, async (req): Promise<AdminCashbackTaskPage> => listTasks(db, req.query))
  app.post('/cashback/tasks/:id/approve', { config: write, schema: { params: IdParams } }, async (req): Promise<CashbackDecisionReply> =>
    audited(db, actorOf(req), (tx, log) => approve(tx, req.params.id, log)),
  )
  app.post('/cashback/tasks/:id/refuse', { config: write, schema: { params: IdParams, body: ReasonBody } }, async (req): Promise<CashbackDecisionReply> =>
    audited(db, actorOf(req), (tx, log) => refuse(tx, req.params.id, req.body.reason, log)),
  )
}

export default cashbackAdminRoutes
