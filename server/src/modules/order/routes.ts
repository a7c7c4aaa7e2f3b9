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
    schema: {
      description: '`OrderPreview {lines[], address, goodsAmount, freightAmount, couponDiscount, pointsDiscount, payAmount, freeFreightThreshold, extras}`; cart: selected valid lines; freight ¥8 below ¥99 of goods, free from ¥99',
      body: S.obj(priceFields, ['from']) },
    handler: async (req) => order.previewOrder(db, input(req)),
  })

  app.post('/api/order/submit', {
    schema: {
      description: '`{orderNo, payAmount, status, expireAt, existing}`; one order per (member, requestId): a repeat answers the first order with `existing: true`; stock taken by conditional update in the same transaction (2001 when short); cart lines bought are removed; 400 `请选择收货地址` without an address. Request: preview fields + `{remark?, requestId}` (8–64 of `[A-Za-z0-9_-]`, one per page visit).',
      body: S.obj({ ...priceFields, remark: S.str(200, 0), requestId: S.str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }) }, ['from', 'requestId']) },
    handler: async (req) => order.submitOrder(db, config, input(req)),
  })

  app.get('/api/order/list', {
    schema: {
      description: '`Page<OrderSummary>`; each with `items[]` and `actions[]`',
      querystring: S.paging({ status: { ...S.enum(TABS), default: 'all' } }) },
    handler: async (req) => {
      const q = req.query as any
      return order.listOrders(db, config, memberId(req), q.status, q.page, q.pageSize)
    },
  })

  app.get('/api/order/detail', {
    schema: {
      description: '`OrderDetail` (receiver snapshot, times, shipment with latest trace, `actions[]`)',
      querystring: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.orderDetail(db, config, memberId(req), (req.query as any).orderNo),
  })

  app.get('/api/order/counts', { schema: { description: '`{unpaid, unshipped, unreceived, unreviewed, afterSale}` (afterSale: open cases)' }, handler: async (req) => order.orderCounts(db, memberId(req)) })

  app.post('/api/order/cancel', {
    schema: {
      description: '`{orderNo, status}`; unpaid only (2003); stock returns',
      body: S.obj({ orderNo: orderNo(), reason: S.str(60, 0) }, ['orderNo']) },
    handler: async (req) => {
      const b = req.body as any
      return order.cancelOrder(db, memberId(req), b.orderNo, b.reason)
    },
  })

  app.post('/api/order/confirmReceipt', {
    schema: {
      description: '`{orderNo, status: \'to_review\'}`; shipped (to_receive) only (2003)',
      body: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.confirmReceipt(db, memberId(req), (req.body as any).orderNo),
  })

  app.post('/api/order/delete', {
    schema: {
      description: '`{orderNo, deleted}`; completed or cancelled only (2003); soft delete',
      body: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.deleteOrder(db, memberId(req), (req.body as any).orderNo),
  })

  app.post('/api/order/buyAgain', {
    schema: {
      description: '`{added, skipped}`; lines back into the cart, bounded by stock; 2001 when nothing could be added',
      body: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => order.buyAgain(db, memberId(req), (req.body as any).orderNo),
  })
}
