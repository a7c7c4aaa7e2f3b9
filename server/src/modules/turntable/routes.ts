import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as turntable from './service'

/** Blind box / turntable: /api/turntable/* (the four calls of the spec, plus the prize pool). */
export default async function turntableRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/turntable/prizes', {
    config: { auth: 'optional' },
    handler: async (req) => turntable.prizePool(db, req.member?.id ?? null),
  })

  app.post('/api/turntable/redeemIntegral', {
    schema: { body: S.obj({ requestId: S.str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }) }) },
    handler: async (req) => turntable.draw(db, memberId(req), (req.body as any)?.requestId),
  })

  app.get('/api/turntable/recordList', {
    schema: { querystring: S.paging({ onlyWon: { type: 'boolean', default: false } }) },
    handler: async (req) => {
      const q = req.query as any
      return turntable.records(db, memberId(req), q.page, q.pageSize, q.onlyWon)
    },
  })

  app.get('/api/turntable/toReceive', {
    schema: { querystring: S.obj({ recordId: S.id() }, ['recordId']) },
    handler: async (req) => turntable.toReceive(db, memberId(req), (req.query as any).recordId),
  })

  app.post('/api/turntable/writeAddress', {
    schema: { body: S.obj({ recordId: S.id(), addressId: S.id() }, ['recordId', 'addressId']) },
    handler: async (req) => {
      const b = req.body as any
      return turntable.writeAddress(db, memberId(req), b.recordId, b.addressId)
    },
  })
}
