import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as turntable from './service'

/** Blind box / turntable: /api/turntable/* (the four calls of the spec, plus the prize pool). */
export default async function turntableRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/turntable/prizes', { schema: { description: '`PrizePool` `{cost (points per draw), balance (null for visitors), prizes: [{id, name, image, kind (points|coupon|goods|none), probability (%), inStock}]}`' },
    config: { auth: 'optional' },
    handler: async (req) => turntable.prizePool(db, req.member?.id ?? null),
  })

  app.post('/api/turntable/redeemIntegral', {
    schema: {
      description: '`{record: DrawRecord, index (in prizes), balance}`; points 3003; nothing left 2001; a repeated `requestId` answers the first draw',
      body: S.obj({ requestId: S.str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }) }) },
    handler: async (req) => turntable.draw(db, memberId(req), (req.body as any)?.requestId),
  })

  app.get('/api/turntable/recordList', {
    schema: {
      description: '`Page<DrawRecord>` `{id, prizeId, prizeName, prizeImage, kind, cost, status, statusText, receiver, shipment, createdAt, claimedAt}` newest first',
      querystring: S.paging({ onlyWon: { type: 'boolean', default: false } }) },
    handler: async (req) => {
      const q = req.query as any
      return turntable.records(db, memberId(req), q.page, q.pageSize, q.onlyWon)
    },
  })

  app.get('/api/turntable/toReceive', {
    schema: {
      description: '`{record, needAddress}`: points and coupons credited (已领取), goods → 待填写地址 (`needAddress: true`); again: the record as it is; no prize: 409',
      querystring: S.obj({ recordId: S.id() }, ['recordId']) },
    handler: async (req) => turntable.toReceive(db, memberId(req), (req.query as any).recordId),
  })

  app.post('/api/turntable/writeAddress', {
    schema: {
      description: '`DrawRecord` (待发货, the address copied); not a goods prize or already written: 409',
      body: S.obj({ recordId: S.id(), addressId: S.id() }, ['recordId', 'addressId']) },
    handler: async (req) => {
      const b = req.body as any
      return turntable.writeAddress(db, memberId(req), b.recordId, b.addressId)
    },
  })
}
