import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import {
  CouponInput,
  CouponQuery,
  CouponRecordQuery,
  IssueBody,
  NewMemberPackageBody,
  type AdminCoupon,
  type AdminCouponPage,
  type CouponRecordPage,
  type IssueReply,
  type NewMemberPackageReply,
} from '../../../../types/adminPromotions'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminCouponDetail, adminCouponList, couponRecords, createCoupon, deleteCoupon, issueCouponToMembers, newMemberPackage, setNewMemberPackage, updateCoupon } from './adminService'

/** 营销 · 优惠券: templates, issue to members, claim and use records, the new-member package. */
const couponAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/coupons', { config: read, schema: { querystring: CouponQuery } }, async (req): Promise<AdminCouponPage> => adminCouponList(db, req.query))
  app.get('/coupons/records', { config: read, schema: { querystring: CouponRecordQuery } }, async (req): Promise<CouponRecordPage> => couponRecords(db, req.query))
  app.get('/coupons/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminCoupon> => adminCouponDetail(db, req.params.id))

  app.post('/coupons', { config: write, schema: { body: CouponInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createCoupon(tx, req.body, log)),
  }))
  app.put('/coupons/:id', { config: write, schema: { params: IdParams, body: CouponInput } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updateCoupon(tx, req.params.id, req.body, log))
    return { id: req.params.id }
  })
  app.delete('/coupons/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteCoupon(tx, req.params.id, log))
    return { ok: true }
  })

  // Each member in its own audited transaction: one at its limit does not stop the others (adminService.ts).
  app.post('/coupons/:id/issue', { config: write, schema: { params: IdParams, body: IssueBody } }, async (req): Promise<IssueReply> => issueCouponToMembers(db, actorOf(req), req.params.id, req.body))

  app.get('/coupons/new-member-package', { config: read }, async (): Promise<NewMemberPackageReply> => newMemberPackage(db))
  app.put('/coupons/new-member-package', { config: write, schema: { body: NewMemberPackageBody } }, async (req): Promise<NewMemberPackageReply> => {
    await audited(db, actorOf(req), (tx, log) => setNewMemberPackage(tx, req.body.couponIds, log))
    return newMemberPackage(db)
  })
}

export default couponAdminRoutes
