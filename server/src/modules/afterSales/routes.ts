import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { AfterSaleApplyInfoQuery, AfterSaleApplyRequest, AfterSaleListQuery, AfterSaleNoQuery, AfterSaleQuoteRequest, ReturnShipRequest } from '../../../../types/afterSales'
import * as afterSales from './service'

/** After-sales: /api/afterSales/* (member only, the caller's own orders and cases). The operator works through the CLI. */
export default async function afterSalesRoutes(app: ShopApp, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/afterSales/applyInfo', {
    schema: {
      description: '`AfterSaleApplyInfo`: allowed `types`, lines with `refundableQuantity` / `refundableAmount`, `refundableFreight`, `openAfterSaleNo`',
      querystring: AfterSaleApplyInfoQuery,
    },
    handler: async (req) => afterSales.applyInfo(db, config, memberId(req), req.query.orderNo),
  })

  app.post('/api/afterSales/quote', {
    schema: {
      description: '`{maxAmount, goodsAmount, freightAmount}`: the refund limit for that selection',
      body: AfterSaleQuoteRequest,
    },
    handler: async (req) => {
      const b = req.body
      return afterSales.quoteFor(db, memberId(req), b.orderNo, b.items)
    },
  })

  app.post('/api/afterSales/apply', {
    schema: {
      description:
        "`{afterSaleNo, status: 'applied', amount, maxAmount}`; 4003 over the limit, 4002 when a case is open, 2003 when the order state does not allow it. Request: `{orderNo, type: 'refund' | 'return_refund', items, reason (from the list), description?, images ≤ 9, amount (fen)}`.",

      body: AfterSaleApplyRequest,
    },
    handler: async (req) => {
      const b = req.body
      return afterSales.applyAfterSale(db, config, memberId(req), { ...b, images: b.images || [] })
    },
  })

  app.get('/api/afterSales/list', {
    schema: {
      description: '`Page<AfterSaleSummary>`',
      querystring: AfterSaleListQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20, orderNo } = req.query
      return afterSales.listAfterSales(db, memberId(req), page, pageSize, orderNo)
    },
  })

  app.get('/api/afterSales/detail', {
    schema: {
      description: '`AfterSaleDetail`: status, timeline (`logs`), return address, return parcel, `actions` (`cancel`, `fillTracking`)',
      querystring: AfterSaleNoQuery,
    },
    handler: async (req) => afterSales.afterSaleDetail(db, memberId(req), req.query.afterSaleNo),
  })

  app.post('/api/afterSales/cancel', {
    schema: {
      description: "`{afterSaleNo, status: 'cancelled'}`; only applied or approved (4002)",
      body: AfterSaleNoQuery,
    },
    handler: async (req) => afterSales.cancelAfterSale(db, memberId(req), req.body.afterSaleNo),
  })

  app.post('/api/afterSales/returnShip', {
    schema: {
      description: "`{afterSaleNo, status: 'returned'}`; approved returns only",
      body: ReturnShipRequest,
    },
    handler: async (req) => afterSales.fillReturnShipment(db, memberId(req), req.body),
  })
}
