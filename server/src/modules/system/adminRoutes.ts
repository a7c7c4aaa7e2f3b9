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
import { createRole, deleteRole, listRoles, updateRole } from '../../admin/roles'
import { createStaff, staffViews } from '../../admin/staff'
import type { AdminRouteModule } from '../../admin/types'
import { auditPage, resetStaffPassword, updateStaff } from './adminService'

/** 系统: staff, roles, audit log. */
const systemAdminRoutes: AdminRouteModule = async (app, { db }) => {
  // ---------------------------------------------------------------- roles

  app.get('/system/roles', { config: { permission: 'staff.read' } }, async (): Promise<RolesReply> => ({ roles: await listRoles(db), permissions: [...PERMISSION_LIST] }))

  app.post('/system/roles', { config: { permission: 'staff.write' }, schema: { body: RoleBody } }, async (req): Promise<RoleView> =>
    audited(db, actorOf(req), async (tx, log) => {
      const role = await createRole(tx, req.body)
      log({ action: 'role.create', targetType: 'role', targetId: role.role, after: role })
      return role
    }),
  )

  app.put('/system/roles/:role', { config: { permission: 'staff.write' }, schema: { params: RoleParams, body: RoleBody } }, async (req): Promise<RoleView> =>
    audited(db, actorOf(req), async (tx, log) => {
      const { before, after } = await updateRole(tx, req.params.role, req.body)
      log({ action: 'role.update', targetType: 'role', targetId: after.role, before, after })
      return after
    }),
  )

  app.delete('/system/roles/:role', { config: { permission: 'staff.write' }, schema: { params: RoleParams } }, async (req): Promise<OkReply> =>
    audited(db, actorOf(req), async (tx, log) => {
      const before = await deleteRole(tx, req.params.role)
      log({ action: 'role.delete', targetType: 'role', targetId: before.role, before })
      return { ok: true }
    }),
  )

  // ---------------------------------------------------------------- staff

  app.get('/system/staff', { config: { permission: 'staff.read' } }, async (): Promise<StaffView[]> => staffViews(db))

  /** The owner (or whoever has staff.write) chose or saw the password: the staff changes it at the first sign-in. */
  app.post('/system/staff', { config: { permission: 'staff.write' }, schema: { body: StaffCreateBody } }, async (req): Promise<StaffCreateReply> =>
    audited(db, actorOf(req), async (tx, log) => {
      const r = await createStaff(tx, { ...req.body, mustChangePassword: true })
      log({ action: 'staff.create', targetType: 'staff', targetId: r.staff.id, after: r.staff })
      return r
    }),
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
