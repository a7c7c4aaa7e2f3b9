// 优惠券 (server module coupon): templates, issuing, records, the new-member package.
import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminCoupon, AdminCouponPage, CouponInput, CouponQuery, CouponRecordPage, CouponRecordQuery, IssueBody, IssueReply, NewMemberPackageReply } from '@contract/adminPromotions'
import { del, get, post, put } from '../core/request'

export const coupons = (q: CouponQuery) => get<AdminCouponPage>('/coupons', q)
export const coupon = (id: number) => get<AdminCoupon>(`/coupons/${id}`)
export const createCoupon = (body: CouponInput) => post<IdReply>('/coupons', body)
export const updateCoupon = (id: number, body: CouponInput) => put<IdReply>(`/coupons/${id}`, body)
export const deleteCoupon = (id: number) => del<OkReply>(`/coupons/${id}`)
export const issueCoupon = (id: number, body: IssueBody) => post<IssueReply>(`/coupons/${id}/issue`, body)
export const couponRecords = (q: CouponRecordQuery) => get<CouponRecordPage>('/coupons/records', q)
export const newMemberPackage = () => get<NewMemberPackageReply>('/coupons/new-member-package')
export const setNewMemberPackage = (couponIds: number[]) => put<NewMemberPackageReply>('/coupons/new-member-package', { couponIds })
