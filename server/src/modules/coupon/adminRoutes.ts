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
import { AppError, ErrorCode } from '../../errors'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { isUniqueViolation } from '../order/service'
import { adminCouponDetail, adminCouponList, couponRecords, createCoupon, deleteCoupon, issueCoupon, issueTargets, newMemberPackage, setNewMemberPackage, updateCoupon } from './adminService'

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

  // Each member in its own transaction (with its audit row): one at its limit does not stop the others.
  app.post('/coupons/:id/issue', { config: write, schema: { params: IdParams, body: IssueBody } }, async (req): Promise<IssueReply> => {
    await adminCouponDetail(db, req.params.id)
    const targets = await issueTargets(db, req.body.memberIds, req.body.phones)
    if (!targets.length) throw new AppError(ErrorCode.BAD_REQUEST, '请填写会员编号或手机号')
    const actor = actorOf(req)
    const failed: IssueReply['failed'] = []
    let issued = 0
    for (const t of targets) {
      if (t.memberId === null) {
        failed.push({ who: t.who, msg: '会员不存在' })
        continue
      }
      const memberId = t.memberId
      try {
        await audited(db, actor, (tx, log) => issueCoupon(tx, req.params.id, memberId, log))
        issued += 1
      } catch (err) {
        if (isUniqueViolation(err)) failed.push({ who: t.who, msg: '发放太频繁，请稍后再试' })
        else if (err instanceof AppError) failed.push({ who: t.who, msg: err.message })
        else throw err
      }
    }
    return { issued, failed }
  })

  app.get('/coupons/new-member-package', { config: read }, async (): Promise<NewMemberPackageReply> => newMemberPackage(db))
  app.put('/coupons/new-member-package', { config: write, schema: { body: NewMemberPackageBody } }, async (req): Promise<NewMemberPackageReply> => {
    await audited(db, actorOf(req), (tx, log) => setNewMemberPackage(tx, req.body.couponIds, log))
    return newMemberPackage(db)
  })
}

export default couponAdminRoutes
