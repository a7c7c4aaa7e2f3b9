import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { memberId } from '../../plugins/auth'
import * as account from './service'

/** Account logoff: /api/member/agentLogoffHint, /api/member/logoff, /api/member/cancelLogoff (member only). */
export default async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/member/agentLogoffHint', { handler: async (req) => account.logoffHint(db, config, memberId(req)) })

  app.post('/api/member/logoff', { handler: async (req) => account.applyLogoff(db, config, memberId(req)) })

  app.get('/api/member/cancelLogoff', { handler: async (req) => account.cancelLogoff(db, memberId(req)) })
}
