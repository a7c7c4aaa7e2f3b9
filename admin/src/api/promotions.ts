import type { IdReply, OkReply } from '@contract/admin'
import type {
  ActivityInput,
  ActivityQuery,
  AdminActivity,
  AdminActivityPage,
  AdminCoupon,
  AdminCouponPage,
  AdminSeckillSessionDetail,
  AdminSeckillSessionPage,
  CouponInput,
  CouponQuery,
  CouponRecordPage,
  CouponRecordQuery,
  IssueBody,
  IssueReply,
  NewMemberPackageReply,
  SeckillLiveReply,
  SeckillSessionInput,
  SeckillSessionQuery,
  SkuOption,
} from '@contract/adminPromotions'
import { del, get, post, put } from '../core/request'

// 秒杀
export const seckillSessions = (q: SeckillSessionQuery) => get<AdminSeckillSessionPage>('/marketing/seckill/sessions', q)
export const seckillSession = (id: number) => get<AdminSeckillSessionDetail>(`/marketing/seckill/sessions/${id}`)
export const seckillLive = (id: number) => get<SeckillLiveReply>(`/marketing/seckill/sessions/${id}/live`)
export const seckillSkus = (keyword: string) => get<SkuOption[]>('/marketing/seckill/skus', { keyword })
export const createSeckill = (body: SeckillSessionInput) => post<IdReply>('/marketing/seckill/sessions', body)
export const updateSeckill = (id: number, body: SeckillSessionInput) => put<IdReply>(`/marketing/seckill/sessions/${id}`, body)
export const deleteSeckill = (id: number) => del<OkReply>(`/marketing/seckill/sessions/${id}`)

// 优惠券
export const coupons = (q: CouponQuery) => get<AdminCouponPage>('/marketing/coupons', q)
export const coupon = (id: number) => get<AdminCoupon>(`/marketing/coupons/${id}`)
export const createCoupon = (body: CouponInput) => post<IdReply>('/marketing/coupons', body)
export const updateCoupon = (id: number, body: CouponInput) => put<IdReply>(`/marketing/coupons/${id}`, body)
export const deleteCoupon = (id: number) => del<OkReply>(`/marketing/coupons/${id}`)
export const issueCoupon = (id: number, body: IssueBody) => post<IssueReply>(`/marketing/coupons/${id}/issue`, body)
export const couponRecords = (q: CouponRecordQuery) => get<CouponRecordPage>('/marketing/coupons/records', q)
export const newMemberPackage = () => get<NewMemberPackageReply>('/marketing/new-member-package')
export const setNewMemberPackage = (couponIds: number[]) => put<NewMemberPackageReply>('/marketing/new-member-package', { couponIds })

// 活动 (内容)
export const activities = (q: ActivityQuery) => get<AdminActivityPage>('/content/activities', q)
export const activity = (id: number) => get<AdminActivity>(`/content/activities/${id}`)
export const createActivity = (body: ActivityInput) => post<IdReply>('/content/activities', body)
export const updateActivity = (id: number, body: ActivityInput) => put<IdReply>(`/content/activities/${id}`, body)
export const deleteActivity = (id: number) => del<OkReply>(`/content/activities/${id}`)
