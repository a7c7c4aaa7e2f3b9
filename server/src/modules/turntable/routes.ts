import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { DrawRecordQuery, DrawRecordsQuery, DrawRequest, WriteAddressRequest } from '../../../../types/turntable'
import { memberId } from '../../plugins/auth'
import * as turntable from './service'

/** The blind box (盲盒), under the original app's paths /api/turntable/* (the four calls of the spec, plus the prize pool). */
export default async function turntableRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/turntable/prizes', {
    schema: { description: '`PrizePool` `{cost (points per draw), balance (null for visitors), prizes: [{id, name, image, kind (points|coupon|goods|none), probability (%), inStock}]}`' },
    config: { auth: 'optional' },
    handler: async (req) => turntable.prizePool(db, req.member?.id ?? null),
  })

  app.post('/api/turntable/redeemIntegral', {
    schema: {
      description: '`{record: DrawRecord, index (in prizes), balance}`; points 3003; nothing left 2001; a repeated `requestId` answers the first draw',
      body: DrawRequest,
    },
    handler: async (req) => turntable.draw(db, memberId(req), req.body?.requestId),
  })

  app.get('/api/turntable/recordList', {
    schema: {
      description: '`Page<DrawRecord>` `{id, prizeId, prizeName, prizeImage, kind, cost, status, statusText, receiver, shipment, createdAt, claimedAt}` newest first',
      querystring: DrawRecordsQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20, onlyWon = false } = req.query
      return turntable.records(db, memberId(req), page, pageSize, onlyWon)
    },
  })

  app.get('/api/turntable/toReceive', {
    schema: {
      description: '`{record, needAddress}`: points and coupons credited (已领取), goods → 待填写地址 (`needAddress: true`); again: the record as it is; no prize: 409',
      querystring: DrawRecordQuery,
    },
    handler: async (req) => turntable.toReceive(db, memberId(req), req.query.recordId),
  })

  app.post('/api/turntable/writeAddress', {
    schema: {
      description: '`DrawRecord` (待发货, the address copied); not a goods prize or already written: 409',
      body: WriteAddressRequest,
    },
    handler: async (req) => {
      const b = req.body
      return turntable.writeAddress(db, memberId(req), b.recordId, b.addressId)
    },
  })
}
