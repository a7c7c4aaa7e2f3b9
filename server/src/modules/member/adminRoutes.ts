import { IdParams, type OkReply } from '../../../../types/admin'
import { AdminMemberQuery, DisableBody, PointsBody, type AdminMemberDetail, type AdminMemberPage, type PointsReply } from '../../../../types/adminMembers'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adjustMemberPoints, adminMemberDetail, adminMemberList, setAdminMemberDisabled } from './adminService'

/** 会员: list, details, points adjustment (the CLI points-grant's changePoints), disable / re-enable. */
const memberAdminRoutes: AdminRouteModule = async (app, { db }) => {
  app.get('/members', { config: { permission: 'members.read' }, schema: { querystring: AdminMemberQuery } }, async (req): Promise<AdminMemberPage> => adminMemberList(db, req.query))
  app.get('/members/:id', { config: { permission: 'members.read' }, schema: { params: IdParams } }, async (req): Promise<AdminMemberDetail> => adminMemberDetail(db, req.params.id))

  app.post('/members/:id/points', { config: { permission: 'members.write' }, schema: { params: IdParams, body: PointsBody } }, async (req): Promise<PointsReply> => ({
    balance: await audited(db, actorOf(req), (tx, log) => adjustMemberPoints(tx, req.params.id, req.body.delta, req.body.note, log)),
  }))

  // A disabled member is signed out at once and refused by the shop's auth (adminService's setAdminMemberDisabled).
  app.post('/members/:id/disable', { config: { permission: 'members.write' }, schema: { params: IdParams, body: DisableBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => setAdminMemberDisabled(tx, req.params.id, req.body.disabled, log))
    return { ok: true }
  })
}

export default memberAdminRoutes
