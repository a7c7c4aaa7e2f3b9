import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { IdOnly, PagingQuery } from '../../../../types/schema'
import { CashbackTasksQuery, SubmitTaskRequest } from '../../../../types/cashback'
import { memberId } from '../../plugins/auth'
import * as cashback from './service'

/** Good-review cashback: /api/cashback/* (campaigns readable by visitors, the rest member only). */
export default async function cashbackRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/cashback/campaigns', {
    schema: { description: "`CashbackCampaign[]`: live campaigns with the caller's `state` (`login` / `buy` / `review` / `submit` / `joined` / `ineligible`), `orderNo`, `taskId`" },
    config: { auth: 'optional' },
    handler: async (req) => cashback.listCampaigns(db, req.member?.id ?? null),
  })

  app.get('/api/cashback/campaign', {
    schema: {
      description: '`CashbackCampaign`',
      querystring: IdOnly,
    },
    handler: async (req) => cashback.campaignDetail(db, memberId(req), req.query.id),
  })

  app.get('/api/cashback/balance', { schema: { description: '`{balance, totalEarned, pendingAmount, pendingCount}`' }, handler: async (req) => cashback.balance(db, memberId(req)) })

  app.get('/api/cashback/tasks', {
    schema: {
      description: '`Page<CashbackTask>`',
      querystring: CashbackTasksQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20, status } = req.query
      return cashback.listTasks(db, memberId(req), page, pageSize, status)
    },
  })

  app.get('/api/cashback/taskDetail', {
    schema: {
      description: '`CashbackTaskDetail` with `logs`, `review`, `canResubmit`',
      querystring: IdOnly,
    },
    handler: async (req) => cashback.taskDetail(db, memberId(req), req.query.id),
  })

  app.get('/api/cashback/ledger', {
    schema: {
      description: '`Page<CashbackLedgerRow>` (every change of the cashback balance)',
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20 } = req.query
      return cashback.ledger(db, memberId(req), page, pageSize)
    },
  })

  app.post('/api/cashback/submitTask', {
    schema: {
      description:
        "`{taskId, status: 'submitted', amount}`; one task per member and campaign (409), a rejected one may be submitted again. Request: `{campaignId, proofImages ≤ 9 (≥ 1 for task campaigns), proofText?}`.",
      body: SubmitTaskRequest,
    },
    handler: async (req) => {
      const b = req.body
      return cashback.submitTask(db, memberId(req), { campaignId: b.campaignId, proofImages: b.proofImages || [], proofText: b.proofText })
    },
  })
}
