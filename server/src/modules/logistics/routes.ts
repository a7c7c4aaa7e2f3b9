import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as logistics from './service'

export default async function logisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  // SPEC.md section 7: no /api in this path (still under /h5), and no token needed.
  app.get('/common/getAllExpress', { config: { auth: 'none' }, handler: async () => logistics.allExpress(db) })

  app.get('/api/logistics/trace', {
    schema: { querystring: S.obj({ orderNo: S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' }) }, ['orderNo']) },
    handler: async (req) => logistics.orderTrace(db, memberId(req), (req.query as any).orderNo),
  })
}
