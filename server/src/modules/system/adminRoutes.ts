import { IdParams, type OkReply, type StaffView } from '../../../../types/admin'
import {
  AuditQuery,
  RoleBody,
  RoleParams,
  StaffCreateBody,
  StaffUpdateBody,
  type AuditPage,
  type PasswordResetReply,
  type RolesReply,
  type RoleView,
  type StaffCreateReply,
} from '../../../../types/adminSystem'
import { audited, actorOf, staffOf } from '../../admin/audit'
import { PERMISSION_LIST } from '../../admin/permissions'
import { listRoles } from '../../admin/roles'
import { staffViews } from '../../admin/staff'
import type { AdminRouteModule } from '../../admin/types'
import { addRole, addStaff, auditPage, changeRole, removeRole, resetStaffPassword, updateStaff } from './adminService'

/** 系统: staff, roles, audit log. */
const systemAdminRoutes: AdminRouteModule = async (app, { db }) => {
  // ---------------------------------------------------------------- roles

  app.get('/system/roles', { config: { permission: 'staff.read' } }, async (): Promise<RolesReply> => ({ roles: await listRoles(db), permissions: [...PERMISSION_LIST] }))

  app.post('/system/roles', { config: { permission: 'staff.write' }, schema: { body: RoleBody } }, async (req): Promise<RoleView> => audited(db, actorOf(req), (tx, log) => addRole(tx, req.body, log)))

  app.put('/system/roles/:role', { config: { permission: 'staff.write' }, schema: { params: RoleParams, body: RoleBody } }, async (req): Promise<RoleView> =>
    audited(db, actorOf(req), (tx, log) => changeRole(tx, req.params.role, req.body, log)),
  )

  app.delete('/system/roles/:role', { config: { permission: 'staff.write' }, schema: { params: RoleParams } }, async (req): Promise<OkReply> =>
    audited(db, actorOf(req), (tx, log) => removeRole(tx, req.params.role, log)),
  )

  // ---------------------------------------------------------------- staff

  app.get('/system/staff', { config: { permission: 'staff.read' } }, async (): Promise<StaffView[]> => staffViews(db))

  // The staff member changes the password chosen here at the first sign-in (adminService.ts addStaff).
  app.post('/system/staff', { config: { permission: 'staff.write' }, schema: { body: StaffCreateBody } }, async (req): Promise<StaffCreateReply> =>
    audited(db, actorOf(req), (tx, log) => addStaff(tx, req.body, log)),
  )

  app.put('/system/staff/:id', { config: { permission: 'staff.write' }, schema: { params: IdParams, body: StaffUpdateBody } }, async (req): Promise<StaffView> => {
    const me = staffOf(req)
    return audited(db, actorOf(req), (tx, log) => updateStaff(tx, me.id, req.params.id, req.body, log))
  })

  app.post('/system/staff/:id/password', { config: { permission: 'staff.write' }, schema: { params: IdParams } }, async (req): Promise<PasswordResetReply> =>
    audited(db, actorOf(req), (tx, log) => resetStaffPassword(tx, req.params.id, log)),
  )

  app.get('/system/audit', { config: { permission: 'audit.read' }, schema: { querystring: AuditQuery } }, async (req): Promise<AuditPage> => auditPage(db, req.query))
}

export default systemAdminRoutes
