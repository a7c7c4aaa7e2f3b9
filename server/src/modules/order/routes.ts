import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { GoodsFreightQuery, OrderCancelRequest, OrderListQuery, OrderNoBody, OrderNoQuery, OrderPreviewRequest, OrderSubmitRequest } from '../../../../types/order'
import * as order from './service'
import { goodsFreight } from './freight'
import { AppError, ErrorCode } from '../../errors'
import { readCache } from '../../services/readCache'

/** Orders: /api/order/* (member only; every order number is scoped to the caller's own orders). */
export default async function orderRoutes(app: ShopApp, ctx: AppContext) {
  const { db, config, modules } = ctx
  const cache = readCache(db, config.readCacheMs)

  app.get('/api/order/goodsFreight', {
    schema: {
      description:
        "`GoodsFreight {free, fee, freeThreshold, text}`: the goods details page's 运费 row, from the goods' freight template (console 设置 → 运费) and its lowest price; `fee` is what the checkout charges for one unit to a province without an extra fee, `text` 「包邮」 only when that is 0 everywhere, else e.g. 「运费 ¥8，满 ¥99 包邮」. Unknown goods: 404",
      querystring: GoodsFreightQuery,
    },
    config: { auth: 'none' },
    handler: async (req) => {
      const f = await cache.get(`order:goodsFreight:${req.query.goodsId}`, () => goodsFreight(db, req.query.goodsId))
      if (!f) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
      return f
    },
  })

  app.post('/api/order/preview', {
    schema: {
      description:
        "`OrderPreview {lines[], address, goodsAmount, freightAmount, couponDiscount, pointsDiscount, payAmount, freeFreightThreshold, extras}`; cart: selected valid lines; freight by the goods' freight templates (console 设置 → 运费; the default starts as ¥8 below ¥99, free from ¥99), `freeFreightThreshold` the order's template's threshold (0 when never free or several templates); `deliveryType` and `pickup {points, point, contactName, contactPhone}`: 到店自提 while a pickup point is enabled (`deliveryType: 'pickup'`, `pickupPointId?`: no address, freight 0; docs/orders.md \"Self-pickup\")",
      body: OrderPreviewRequest,
    },
    handler: async (req) => order.previewOrder(db, modules, { ...req.body, memberId: memberId(req) }),
  })

  app.post('/api/order/submit', {
    schema: {
      description:
        '`{orderNo, payAmount, status, expireAt, existing}`; one order per (member, requestId): a repeat answers the first order with `existing: true`; stock taken by conditional update in the same transaction (2001 when short); cart lines bought are removed; 400 `请选择收货地址` without an address. Request: preview fields + `{remark?, requestId}` (8–64 of `[A-Za-z0-9_-]`, one per page visit); a pickup order also `pickupPointId`, `receiverName`, `receiverPhone` (no address, freight 0, an 8-digit pickup code).',
      body: OrderSubmitRequest,
    },
    handler: async (req) => order.submitOrder(db, config, modules, { ...req.body, memberId: memberId(req) }),
  })

  app.get('/api/order/list', {
    schema: {
      description: '`Page<OrderSummary>`; each with `items[]` and `actions[]`',
      querystring: OrderListQuery,
    },
    handler: async (req) => {
      const { status = 'all', page = 1, pageSize = 20 } = req.query // the schema's defaults, already applied
      return order.listOrders(db, config, memberId(req), status, page, pageSize)
    },
  })

  app.get('/api/order/detail', {
    schema: {
      description: '`OrderDetail` (receiver snapshot, times, shipment with latest trace, `actions[]`)',
      querystring: OrderNoQuery,
    },
    handler: async (req) => order.orderDetail(db, config, memberId(req), req.query.orderNo),
  })

  app.get('/api/order/counts', {
    schema: { description: '`{unpaid, unshipped, unreceived, unreviewed, afterSale}` (afterSale: open cases)' },
    handler: async (req) => order.orderCounts(db, memberId(req)),
  })

  app.post('/api/order/cancel', {
    schema: {
      description: '`{orderNo, status}`; unpaid only (2003); stock returns',
      body: OrderCancelRequest,
    },
    handler: async (req) => {
      const b = req.body
      return order.cancelOrder(db, modules, memberId(req), b.orderNo, b.reason)
    },
  })

  app.post('/api/order/confirmReceipt', {
    schema: {
      description: "`{orderNo, status: 'to_review'}`; shipped (to_receive) only (2003)",
      body: OrderNoBody,
    },
    handler: async (req) => order.confirmReceipt(db, modules, memberId(req), req.body.orderNo),
  })

  app.post('/api/order/delete', {
    schema: {
      description: '`{orderNo, deleted}`; completed or cancelled only (2003); soft delete',
      body: OrderNoBody,
    },
    handler: async (req) => order.deleteOrder(db, memberId(req), req.body.orderNo),
  })

  app.post('/api/order/buyAgain', {
    schema: {
      description: '`{added, skipped}`; lines back into the cart, bounded by stock; 2001 when nothing could be added',
      body: OrderNoBody,
    },
    handler: async (req) => order.buyAgain(db, memberId(req), req.body.orderNo),
  })
}
