import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as integral from './service'

const requestId = () => S.str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' })

/** Points: /api/integral/* (ledger, sign-in, missions, points mall). */
export default async function integralRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/integral/summary', { handler: async (req) => integral.pointsSummary(db, memberId(req)) })

  app.get('/api/integral/ledger', {
    schema: { querystring: S.paging({ type: { ...S.enum(['all', 'in', 'out']), default: 'all' } }) },
    handler: async (req) => {
      const q = req.query as any
      return integral.ledger(db, memberId(req), q.type, q.page, q.pageSize)
    },
  })

  app.post('/api/integral/signIn', { handler: async (req) => integral.signIn(db, memberId(req)) })

  app.get('/api/integral/missions', { handler: async (req) => ({ list: await integral.missions(db, memberId(req)) }) })

  app.post('/api/integral/claimMission', {
    schema: { body: S.obj({ mission: S.enum(integral.MISSION_KEYS) }, ['mission']) },
    handler: async (req) => integral.claimMission(db, memberId(req), (req.body as any).mission),
  })

  app.post('/api/integral/reportShare', {
    schema: { body: S.obj({ goodsId: S.id() }) },
    handler: async (req) => integral.reportShare(db, memberId(req)),
  })

  app.get('/api/integral/goodsList', {
    config: { auth: 'optional' },
    schema: { querystring: S.paging() },
    handler: async (req) => {
      const q = req.query as any
      return integral.mallList(db, q.page, q.pageSize)
    },
  })

  app.get('/api/integral/goodsDetail', {
    config: { auth: 'optional' },
    schema: { querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => integral.mallDetail(db, (req.query as any).id, req.member?.id ?? null),
  })

  app.post('/api/integral/preview', {
    schema: { body: S.obj({ id: S.id(), quantity: S.int(1, 99), addressId: S.id() }, ['id', 'quantity']) },
    handler: async (req) => integral.redeemPreview(db, memberId(req), req.body as any),
  })

  app.post('/api/integral/redeem', {
    schema: { body: S.obj({ id: S.id(), quantity: S.int(1, 99), addressId: S.id(), requestId: requestId(), remark: S.str(200, 0) }, ['id', 'quantity', 'requestId']) },
    handler: async (req) => integral.redeem(db, config, memberId(req), req.body as any),
  })
}
