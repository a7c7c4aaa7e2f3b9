import {
  AuditQuery,
  IdParams,
  OWNER_ROLE,
  RoleBody,
  RoleParams,
  StaffCreateBody,
  StaffUpdateBody,
  type AuditPage,
  type OkReply,
  type PasswordResetReply,
  type RolesReply,
  type RoleView,
  type StaffCreateReply,
  type StaffView,
} from '../../../../types/admin'
import { AppError, ErrorCode } from '../../errors'
import { audited, actorOf, staffOf } from '../../admin/audit'
import { PERMISSION_LIST } from '../../admin/permissions'
import { createRole, deleteRole, findRole, listRoles, updateRole } from '../../admin/roles'
import { checkNameAndPhone, createStaff, generatePassword, setPassword, staffView, staffViews } from '../../admin/staff'
import type { AdminRouteModule } from '../../admin/types'
import { onPage, countRows } from '../../db/paging'

const parse = (s: string | null) => (s === null ? null : JSON.parse(s))

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
    return audited(db, actorOf(req), async (tx, log) => {
      const before = await staffView(tx, req.params.id)
      if (!before) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
      const { role, disabled, realName, phone } = req.body
      checkNameAndPhone(req.body)
      if (role && role !== before.role && !(await findRole(tx, role))) throw new AppError(ErrorCode.BAD_REQUEST, '角色不存在，请刷新页面后重新选择')
      // The shop must keep an owner who can sign in: nobody demotes or disables the last one (nor themselves).
      if (before.role === OWNER_ROLE && ((role && role !== OWNER_ROLE) || disabled)) {
        if (before.id === me.id) throw new AppError(ErrorCode.CONFLICT, '不能停用自己或取消自己的店主角色')
        const owners = await tx
          .selectFrom('staff')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', OWNER_ROLE)
          .where('disabled', '=', 0)
          .executeTakeFirstOrThrow()
        if (Number(owners.n) <= 1) throw new AppError(ErrorCode.CONFLICT, '至少保留一名启用的店主')
      }
      await tx
        .updateTable('staff')
        .set({
          ...(role ? { role } : {}),
          ...(disabled === undefined ? {} : { disabled: disabled ? 1 : 0 }),
          ...(realName === undefined ? {} : { realName: realName.trim() }),
          ...(phone === undefined ? {} : { phone }),
          updatedAt: Date.now(),
        })
        .where('id', '=', before.id)
        .execute()
      const after = await staffView(tx, before.id)
      // A disabled staff is signed out everywhere.
      if (after.disabled) await tx.deleteFrom('staffSessions').where('staffId', '=', after.id).execute()
      log({ action: role && role !== before.role ? 'staff.role' : 'staff.update', targetType: 'staff', targetId: after.id, before, after })
      return after
    })
  })

  app.post('/system/staff/:id/password', { config: { permission: 'staff.write' }, schema: { params: IdParams } }, async (req): Promise<PasswordResetReply> =>
    audited(db, actorOf(req), async (tx, log) => {
      const s = await tx.selectFrom('staff').select(['id']).where('id', '=', req.params.id).executeTakeFirst()
      if (!s) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
      const password = generatePassword()
      // Whoever reset it saw it: the staff changes it at the next sign-in.
      await setPassword(tx, s.id, password, { mustChange: true })
      log({ action: 'staff.password-reset', targetType: 'staff', targetId: s.id })
      return { password }
    }),
  )

  app.get('/system/audit', { config: { permission: 'audit.read' }, schema: { querystring: AuditQuery } }, async (req): Promise<AuditPage> => {
    const q = req.query
    const page = q.page ?? 1
    const pageSize = q.pageSize ?? 20
    let b = db.selectFrom('auditLogs as a')
    if (q.staffId) b = b.where('a.staffId', '=', q.staffId)
    if (q.action) b = b.where('a.action', '=', q.action)
    if (q.targetType) b = b.where('a.targetType', '=', q.targetType)
    if (q.targetId) b = b.where('a.targetId', '=', q.targetId)
    if (q.from !== undefined) b = b.where('a.at', '>=', q.from)
    if (q.to !== undefined) b = b.where('a.at', '<', q.to)
    const [rows, total] = await Promise.all([
      b.leftJoin('staff as s', 's.id', 'a.staffId').selectAll('a').select('s.realName').orderBy('a.at', 'desc').orderBy('a.id', 'desc').$call(onPage(page, pageSize)).execute(),
      countRows(b),
    ])
    return {
      list: rows.map((r) => ({
        id: r.id,
        staffId: r.staffId,
        staffName: r.staffName,
        staffRealName: r.realName ?? '',
        at: Number(r.at),
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: parse(r.beforeJson),
        after: parse(r.afterJson),
        ip: r.ip,
      })),
      total,
      page,
      pageSize,
    }
  })
}

export default systemAdminRoutes
