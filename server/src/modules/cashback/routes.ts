import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as cashback from './service'

/** Good-review cashback: /api/cashback/* (campaigns readable by visitors, the rest member only). */
export default async function cashbackRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/cashback/campaigns', { schema: { description: '`CashbackCampaign[]`: live campaigns with the caller\'s `state` (`login` / `buy` / `review` / `submit` / `joined` / `ineligible`), `orderNo`, `taskId`' },
    config: { auth: 'optional' },
    handler: async (req) => cashback.listCampaigns(db, req.member?.id ?? null),
  })

  app.get('/api/cashback/campaign', {
    schema: {
      description: '`CashbackCampaign`',
      querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => cashback.campaignDetail(db, memberId(req), (req.query as any).id),
  })

  app.get('/api/cashback/balance', { schema: { description: '`{balance, totalEarned, pendingAmount, pendingCount}`' }, handler: async (req) => cashback.balance(db, memberId(req)) })

  app.get('/api/cashback/tasks', {
    schema: {
      description: '`Page<CashbackTask>`',
      querystring: S.paging({ status: S.enum(['submitted', 'approved', 'rejected', 'paid']) }) },
    handler: async (req) => {
      const q = req.query as any
      return cashback.listTasks(db, memberId(req), q.page, q.pageSize, q.status)
    },
  })

  app.get('/api/cashback/taskDetail', {
    schema: {
      description: '`CashbackTaskDetail` with `logs`, `review`, `canResubmit`',
      querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => cashback.taskDetail(db, memberId(req), (req.query as any).id),
  })

  app.get('/api/cashback/ledger', {
    schema: {
      description: '`Page<CashbackLedgerRow>` (every change of the cashback balance)',
      querystring: S.paging() },
    handler: async (req) => {
      const q = req.query as any
      return cashback.ledger(db, memberId(req), q.page, q.pageSize)
    },
  })

  app.post('/api/cashback/submitTask', {
    schema: {
      description: '`{taskId, status: \'submitted\', amount}`; one task per member and campaign (409), a rejected one may be submitted again. Request: `{campaignId, proofImages ≤ 9 (≥ 1 for task campaigns), proofText?}`.',
      body: S.obj({ campaignId: S.id(), proofImages: S.arr(S.str(256, 1), cashback.PROOF_MAX_IMAGES), proofText: S.str(600, 0) }, ['campaignId']) },
    handler: async (req) => {
      const b = req.body as any
      return cashback.submitTask(db, memberId(req), { campaignId: b.campaignId, proofImages: b.proofImages || [], proofText: b.proofText })
    },
  })
}
