import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { MAX_BUY_QUANTITY } from './pricing'
import * as order from './service'

const priceFields = {
  from: S.enum(['cart', 'buyNow']),
  skuId: S.id(),
  quantity: S.int(1, MAX_BUY_QUANTITY),
  addressId: S.id(),
  couponId: S.int(0), // a member coupon id; 0 = no coupon; absent = the best one (promotions)
  usePoints: S.bool(),
}
const orderNo = () => S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' })
const TABS = ['all', 'unpaid', 'unshipped', 'unreceived', 'unreviewed', 'afterSale'] as const

/** Orders: /api/order/* (member only; every order number is scoped to the caller's own orders). */
export default async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx
  const input = (req: any) => ({ ...req.body, memberId: memberId(req) })

  app.post('/api/order/preview', {
    schema: { body: S.obj(priceFields, ['from']) },
    handler: async (req) => order.previewOrder(db, input(req)),
  })

  app.post('/api/order/submit', {
    schema: { body: S.obj({ ...priceFields, remark: S.str(200, 0), requestId: S.str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }) }, ['from', 'requestId']) },
    handler: async (req) => order.submitOrder(db, config, input(req)),
  })

  app.get('/api/order/list', {
    schema: { querystring: S.paging({ status: { ...S.enum(TABS), default: 'all' } }) },
    handler: async (req) => {
      const q = req.query as any
      return order.listOrders(db, config, memberId(req), q.status, q.page, q.pageSize)
    },
  })

  app.get('/api/order/detail', {
    schema: { querystring: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.orderDetail(db, config, memberId(req), (req.query as any).orderNo),
  })

  app.get('/api/order/counts', { handler: async (req) => order.orderCounts(db, memberId(req)) })

  app.post('/api/order/cancel', {
    schema: { body: S.obj({ orderNo: orderNo(), reason: S.str(60, 0) }, ['orderNo']) },
    handler: async (req) => {
      const b = req.body as any
      return order.cancelOrder(db, memberId(req), b.orderNo, b.reason)
    },
  })

  app.post('/api/order/confirmReceipt', {
    schema: { body: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.confirmReceipt(db, memberId(req), (req.body as any).orderNo),
  })

  app.post('/api/order/delete', {
    schema: { body: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.deleteOrder(db, memberId(req), (req.body as any).orderNo),
  })

  app.post('/api/order/buyAgain', {
    schema: { body: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.buyAgain(db, memberId(req), (req.body as any).orderNo),
  })
}
