import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { CouponGoodsQuery, GoodsCouponsQuery, MyCouponsQuery, ReceiveCouponRequest } from '../../../../types/coupon'
import { memberId } from '../../plugins/auth'
import * as coupon from './service'

/** Coupons: /api/coupons/* (the new-member pair is GET, as the spec lists them). */
export default async function couponRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/coupons/getNewMemberCouponHint', {
    schema: {
      description:
        '`NewMemberCouponHint` `{eligible, needLogin, totalAmount, coupons: CouponRule[]}`; visitors `eligible: true, needLogin: true`; members who paid an order, registered over 30 days ago or received it already: `eligible: false, coupons: []`',
    },
    config: { auth: 'optional' },
    handler: async (req) => coupon.newMemberHint(db, req.member?.id ?? null),
  })

  app.get('/api/coupons/receiveNewMemberCoupon', {
    schema: { description: '`{received: MemberCoupon[]}` every new-member coupon once; again: 3002 您已领取过新人券; not new: 3002 新人券仅限新用户领取' },
    handler: async (req) => coupon.receiveNewMember(db, memberId(req)),
  })

  app.get('/api/coupons/centre', {
    schema: { description: "`{list: CentreCoupon[]}` receivable coupons with `validText`, `perMemberLimit`, `received` (the caller's), `issuedPercent`, `soldOut`, `canReceive`" },
    config: { auth: 'optional' },
    handler: async (req) => ({ list: await coupon.centre(db, req.member?.id ?? null) }),
  })

  app.get('/api/coupons/forGoods', {
    schema: {
      description:
        "`{list: CentreCoupon[]}` the centre's claimable coupons that apply to this goods (scope all, its category or its top category, or the goods itself), best first (what each takes off one unit at the goods' lowest price, then the lower threshold); with the caller's `received` / `canReceive`. Unknown goods: 404",
      querystring: GoodsCouponsQuery,
    },
    config: { auth: 'optional' },
    handler: async (req) => ({ list: await coupon.goodsCoupons(db, req.member?.id ?? null, req.query.goodsId) }),
  })

  app.post('/api/coupons/receive', {
    schema: {
      description: '`{coupon: MemberCoupon, left}`; per-member limit or total reached: 3002; hidden / new-member / unknown: 404',
      body: ReceiveCouponRequest,
    },
    handler: async (req) => coupon.receive(db, memberId(req), req.body.couponId),
  })

  app.get('/api/coupons/mine', {
    schema: {
      description: '`Page<MemberCoupon>` (`id` is the member coupon id used as `couponId` at place order); unused by soonest expiry, used by use time, expired by expiry',
      querystring: MyCouponsQuery,
    },
    handler: async (req) => {
      const { status = 'unused', page = 1, pageSize = 20 } = req.query
      return coupon.myCoupons(db, memberId(req), status, page, pageSize)
    },
  })

  app.get('/api/coupons/counts', { schema: { description: '`{unused, used, expired}`' }, handler: async (req) => coupon.couponCounts(db, memberId(req)) })

  app.get('/api/coupons/goods', {
    config: { auth: 'optional' },
    schema: {
      description: "`Page<GoodsCard>` + `coupon: CouponRule`: on-sale goods in the coupon's scope, best sellers first. Request: `couponId` or `memberCouponId` (the caller's), `page`, `pageSize`.",
      querystring: CouponGoodsQuery,
    },
    handler: async (req) => {
      const { couponId, memberCouponId, page = 1, pageSize = 20 } = req.query
      return coupon.couponGoods(db, { couponId, memberCouponId, memberId: req.member?.id ?? null }, page, pageSize)
    },
  })
}
