import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as coupon from './service'

/** Coupons: /api/coupons/* (the new-member pair is GET, as the spec lists them). */
export default async function couponRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/coupons/getNewMemberCouponHint', { schema: { description: '`NewMemberCouponHint` `{eligible, needLogin, totalAmount, coupons: CouponRule[]}`; visitors `eligible: true, needLogin: true`; members who paid an order, registered over 30 days ago or received it already: `eligible: false, coupons: []`' },
    config: { auth: 'optional' },
    handler: async (req) => coupon.newMemberHint(db, req.member?.id ?? null),
  })

  app.get('/api/coupons/receiveNewMemberCoupon', { schema: { description: '`{received: MemberCoupon[]}` every new-member coupon once; again: 3002 您已领取过新人券; not new: 3002 新人券仅限新用户领取' }, handler: async (req) => coupon.receiveNewMember(db, memberId(req)) })

  app.get('/api/coupons/centre', { schema: { description: '`{list: CentreCoupon[]}` receivable coupons with `validText`, `perMemberLimit`, `received` (the caller\'s), `issuedPercent`, `soldOut`, `canReceive`' },
    config: { auth: 'optional' },
    handler: async (req) => ({ list: await coupon.centre(db, req.member?.id ?? null) }),
  })

  app.post('/api/coupons/receive', {
    schema: {
      description: '`{coupon: MemberCoupon, left}`; per-member limit or total reached: 3002; hidden / new-member / unknown: 404',
      body: S.obj({ couponId: S.id() }, ['couponId']) },
    handler: async (req) => coupon.receive(db, memberId(req), (req.body as any).couponId),
  })

  app.get('/api/coupons/mine', {
    schema: {
      description: '`Page<MemberCoupon>` (`id` is the member coupon id used as `couponId` at place order); unused by soonest expiry, used by use time, expired by expiry',
      querystring: S.paging({ status: { ...S.enum(['unused', 'used', 'expired']), default: 'unused' } }) },
    handler: async (req) => {
      const q = req.query as any
      return coupon.myCoupons(db, memberId(req), q.status, q.page, q.pageSize)
    },
  })

  app.get('/api/coupons/counts', { schema: { description: '`{unused, used, expired}`' }, handler: async (req) => coupon.couponCounts(db, memberId(req)) })

  app.get('/api/coupons/goods', {
    config: { auth: 'optional' },
    schema: {
      description: '`Page<GoodsCard>` + `coupon: CouponRule`: on-sale goods in the coupon\'s scope, best sellers first. Request: `couponId` or `memberCouponId` (the caller\'s), `page`, `pageSize`.',
      querystring: S.paging({ couponId: S.id(), memberCouponId: S.id() }) },
    handler: async (req) => {
      const q = req.query as any
      return coupon.couponGoods(db, { couponId: q.couponId, memberCouponId: q.memberCouponId, memberId: req.member?.id ?? null }, q.page, q.pageSize)
    },
  })
}
