import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as logistics from './service'

export default async function logisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  // SPEC.md section 7: no /api in this path (still under /h5), and no token needed.
  app.get('/common/getAllExpress', { schema: { description: '`ExpressCompany[] {code, name, phone}` (no `/api`, still under `/h5`)' }, config: { auth: 'none' }, handler: async () => logistics.allExpress(db) })

  app.get('/api/logistics/trace', {
    schema: {
      description: '`LogisticsInfo {expressCode, expressName, expressPhone, trackingNo, shippedAt, receiver (phone masked), traces[] newest first, image, itemCount}`; 404 `该订单还没有发货` before shipping',
      querystring: S.obj({ orderNo: S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' }) }, ['orderNo']) },
    handler: async (req) => logistics.orderTrace(db, memberId(req), (req.query as any).orderNo),
  })
}
