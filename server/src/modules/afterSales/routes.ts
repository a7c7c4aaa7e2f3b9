import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { AFTER_SALE_MAX_IMAGES } from '../../../../types/afterSales'
import * as afterSales from './service'

const orderNo = () => S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' })
const afterSaleNo = () => S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' })
const selection = () => S.arr(S.obj({ orderItemId: S.id(), quantity: S.int(1, 100000) }, ['orderItemId', 'quantity']), 50, 1)

/** After-sales: /api/afterSales/* (member only, the caller's own orders and cases). The operator works through the CLI. */
export default async function afterSalesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/afterSales/applyInfo', {
    schema: {
      description: '`AfterSaleApplyInfo`: allowed `types`, lines with `refundableQuantity` / `refundableAmount`, `refundableFreight`, `openAfterSaleNo`',
      querystring: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => afterSales.applyInfo(db, config, memberId(req), (req.query as any).orderNo),
  })

  app.post('/api/afterSales/quote', {
    schema: {
      description: '`{maxAmount, goodsAmount, freightAmount}`: the refund limit for that selection',
      body: S.obj({ orderNo: orderNo(), items: selection() }, ['orderNo', 'items']) },
    handler: async (req) => {
      const b = req.body as any
      return afterSales.quoteFor(db, memberId(req), b.orderNo, b.items)
    },
  })

  app.post('/api/afterSales/apply', {
    schema: {
      description: '`{afterSaleNo, status: \'applied\', amount, maxAmount}`; 4003 over the limit, 4002 when a case is open, 2003 when the order state does not allow it. Request: `{orderNo, type: \'refund\' | \'return_refund\', items, reason (from the list), description?, images ≤ 9, amount (fen)}`.',
     
      body: S.obj(
        {
          orderNo: orderNo(),
          type: S.enum(['refund', 'return_refund']),
          items: selection(),
          reason: S.str(32, 1),
          description: S.str(800, 0),
          images: S.arr(S.str(256, 1), AFTER_SALE_MAX_IMAGES),
          amount: S.int(1, 100_000_000),
        },
        ['orderNo', 'type', 'items', 'reason', 'amount'],
      ),
    },
    handler: async (req) => {
      const b = req.body as any
      return afterSales.applyAfterSale(db, config, memberId(req), { ...b, images: b.images || [] })
    },
  })

  app.get('/api/afterSales/list', {
    schema: {
      description: '`Page<AfterSaleSummary>`',
      querystring: S.paging({ orderNo: orderNo() }) },
    handler: async (req) => {
      const q = req.query as any
      return afterSales.listAfterSales(db, memberId(req), q.page, q.pageSize, q.orderNo)
    },
  })

  app.get('/api/afterSales/detail', {
    schema: {
      description: '`AfterSaleDetail`: status, timeline (`logs`), return address, return parcel, `actions` (`cancel`, `fillTracking`)',
      querystring: S.obj({ afterSaleNo: afterSaleNo() }, ['afterSaleNo']) },
    handler: async (req) => afterSales.afterSaleDetail(db, memberId(req), (req.query as any).afterSaleNo),
  })

  app.post('/api/afterSales/cancel', {
    schema: {
      description: '`{afterSaleNo, status: \'cancelled\'}`; only applied or approved (4002)',
      body: S.obj({ afterSaleNo: afterSaleNo() }, ['afterSaleNo']) },
    handler: async (req) => afterSales.cancelAfterSale(db, memberId(req), (req.body as any).afterSaleNo),
  })

  app.post('/api/afterSales/returnShip', {
    schema: {
      description: '`{afterSaleNo, status: \'returned\'}`; approved returns only',
      body: S.obj({ afterSaleNo: afterSaleNo(), expressCode: S.str(16, 1), trackingNo: S.str(40, 1) }, ['afterSaleNo', 'expressCode', 'trackingNo']) },
    handler: async (req) => afterSales.fillReturnShipment(db, memberId(req), req.body as any),
  })
}
