import type { CentreCoupon, CouponCounts, CouponGoodsPage, MemberCouponPage, MemberCouponStatus, NewMemberCouponHint, NewMemberReceiveResponse, ReceiveResponse } from '@contract/coupon'
import { get, post, type RequestOptions } from '@/core/request'

/** Visitors get a hint too (needLogin): the popup sends them to login first. */
export const getNewMemberCouponHint = (opts?: RequestOptions) => get<NewMemberCouponHint>('/api/coupons/getNewMemberCouponHint', undefined, opts)

/** GET, as the spec lists it. */
export const receiveNewMemberCoupon = (opts?: RequestOptions) => get<NewMemberReceiveResponse>('/api/coupons/receiveNewMemberCoupon', undefined, opts)

export const getCouponCentre = (opts?: RequestOptions) => get<{ list: CentreCoupon[] }>('/api/coupons/centre', undefined, opts)

export const receiveCoupon = (couponId: number, opts?: RequestOptions) => post<ReceiveResponse>('/api/coupons/receive', { couponId }, opts)

export const getMyCoupons = (status: MemberCouponStatus, page: number, pageSize = 20, opts?: RequestOptions) => get<MemberCouponPage>('/api/coupons/mine', { status, page, pageSize }, opts)

export const getCouponCounts = (opts?: RequestOptions) => get<CouponCounts>('/api/coupons/counts', undefined, opts)

/** Goods a coupon applies to, by coupon (couponId) or by the member's coupon (memberCouponId). */
export const getCouponGoods = (q: { couponId?: number; memberCouponId?: number }, page: number, pageSize = 20, opts?: RequestOptions) =>
  get<CouponGoodsPage>('/api/coupons/goods', { ...q, page, pageSize }, opts)

/** The goods details page's 领券 row: the centre's coupons that apply to this goods, best first (visitors too). */
export const getGoodsCoupons = (goodsId: number, opts?: RequestOptions) => get<{ list: CentreCoupon[] }>('/api/coupons/forGoods', { goodsId }, opts)
