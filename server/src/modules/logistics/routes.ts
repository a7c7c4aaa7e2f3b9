import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { OrderNoQuery } from '../../../../types/order'
import { memberId } from '../../plugins/auth'
import * as logistics from './service'

export default async function logisticsRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  // SPEC.md section 7: no /api in this path (still under /h5), and no token needed.
  app.get('/common/getAllExpress', {
    schema: { description: '`ExpressCompany[] {code, name, phone}` (no `/api`, still under `/h5`)' },
    config: { auth: 'none' },
    handler: async () => logistics.allExpress(db),
  })

  app.get('/api/logistics/trace', {
    schema: {
      description:
        '`LogisticsInfo {expressCode, expressName, expressPhone, trackingNo, shippedAt, receiver (phone masked), traces[] newest first, image, itemCount}`; 404 `该订单还没有发货` before shipping',
      querystring: OrderNoQuery,
    },
    handler: async (req) => logistics.orderTrace(db, memberId(req), req.query.orderNo),
  })
}
