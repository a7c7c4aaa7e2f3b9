import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as coupon from './service'

/** Coupons: /api/coupons/* (the new-member pair is GET, as the spec lists them). */
export default async function couponRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/coupons/getNewMemberCouponHint', {
    config: { auth: 'optional' },
    handler: async (req) => coupon.newMemberHint(db, req.member?.id ?? null),
  })

  app.get('/api/coupons/receiveNewMemberCoupon', { handler: async (req) => coupon.receiveNewMember(db, memberId(req)) })

  app.get('/api/coupons/centre', {
    config: { auth: 'optional' },
    handler: async (req) => ({ list: await coupon.centre(db, req.member?.id ?? null) }),
  })

  app.post('/api/coupons/receive', {
    schema: { body: S.obj({ couponId: S.id() }, ['couponId']) },
    handler: async (req) => coupon.receive(db, memberId(req), (req.body as any).couponId),
  })

  app.get('/api/coupons/mine', {
    schema: { querystring: S.paging({ status: { ...S.enum(['unused', 'used', 'expired']), default: 'unused' } }) },
    handler: async (req) => {
      const q = req.query as any
      return coupon.myCoupons(db, memberId(req), q.status, q.page, q.pageSize)
    },
  })

  app.get('/api/coupons/counts', { handler: async (req) => coupon.couponCounts(db, memberId(req)) })

  app.get('/api/coupons/goods', {
    config: { auth: 'optional' },
    schema: { querystring: S.paging({ couponId: S.id(), memberCouponId: S.id() }) },
    handler: async (req) => {
      const q = req.query as any
      return coupon.couponGoods(db, { couponId: q.couponId, memberCouponId: q.memberCouponId, memberId: req.member?.id ?? null }, q.page, q.pageSize)
    },
  })
}
