import {
  AuditQuery,
  IdParams,
  ROLE_NAMES,
  ROLES,
  StaffCreateBody,
  StaffUpdateBody,
  type AuditPage,
  type PasswordResetReply,
  type RoleView,
  type StaffCreateReply,
  type StaffView,
} from '../../../../types/admin'
import { AppError, ErrorCode } from '../../errors'
import { audited, actorOf, staffOf } from '../../admin/audit'
import { createStaff, generatePassword, permissionsOf, setPassword, toStaffView } from '../../admin/staff'
import type { AdminRouteModule } from '../../admin/types'

const parse = (s: string | null) => (s === null ? null : JSON.parse(s))

/** 系统: staff, roles, audit log. */
const systemAdminRoutes: AdminRouteModule = async (app, { db }) => {
  app.get('/system/roles', { config: { permission: 'staff.read' } }, async (): Promise<RoleView[]> => ROLES.map((role) => ({ role, name: ROLE_NAMES[role], permissions: permissionsOf(role) })))

  app.get('/system/staff', { config: { permission: 'staff.read' } }, async (): Promise<StaffView[]> => {
    const rows = await db.selectFrom('staff').selectAll().orderBy('id').execute()
    return rows.map(toStaffView)
  })

  app.post('/system/staff', { config: { permission: 'staff.write' }, schema: { body: StaffCreateBody } }, async (req): Promise<StaffCreateReply> =>
    audited(db, actorOf(req), async (tx, log) => {
      const r = await createStaff(tx, req.body)
      log({ action: 'staff.create', targetType: 'staff', targetId: r.staff.id, after: r.staff })
      return r
    }),
  )

  app.put('/system/staff/:id', { config: { permission: 'staff.write' }, schema: { params: IdParams, body: StaffUpdateBody } }, async (req): Promise<StaffView> => {
    const me = staffOf(req)
    return audited(db, actorOf(req), async (tx, log) => {
      const before = await tx.selectFrom('staff').selectAll().where('id', '=', req.params.id).executeTakeFirst()
      if (!before) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
      const { role, disabled } = req.body
      // The shop must keep an owner who can sign in: nobody demotes or disables the last one (nor themselves).
      if (before.role === 'owner' && ((role && role !== 'owner') || disabled)) {
        if (before.id === me.id) throw new AppError(ErrorCode.CONFLICT, '不能停用自己或取消自己的店主角色')
        const owners = await tx
          .selectFrom('staff')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'owner')
          .where('disabled', '=', 0)
          .executeTakeFirstOrThrow()
        if (Number(owners.n) <= 1) throw new AppError(ErrorCode.CONFLICT, '至少保留一名启用的店主')
      }
      const after = await tx
        .updateTable('staff')
        .set({ ...(role ? { role } : {}), ...(disabled === undefined ? {} : { disabled: disabled ? 1 : 0 }), updatedAt: Date.now() })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      // A disabled staff is signed out everywhere.
      if (after.disabled) await tx.deleteFrom('staffSessions').where('staffId', '=', after.id).execute()
      log({ action: role && role !== before.role ? 'staff.role' : 'staff.update', targetType: 'staff', targetId: after.id, before: toStaffView(before), after: toStaffView(after) })
      return toStaffView(after)
    })
  })

  app.post('/system/staff/:id/password', { config: { permission: 'staff.write' }, schema: { params: IdParams } }, async (req): Promise<PasswordResetReply> =>
    audited(db, actorOf(req), async (tx, log) => {
      const s = await tx.selectFrom('staff').select(['id']).where('id', '=', req.params.id).executeTakeFirst()
      if (!s) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
      const password = generatePassword()
      await setPassword(tx, s.id, password)
      log({ action: 'staff.password-reset', targetType: 'staff', targetId: s.id })
      return { password }
    }),
  )

  app.get('/system/audit', { config: { permission: 'audit.read' }, schema: { querystring: AuditQuery } }, async (req): Promise<AuditPage> => {
    const q = req.query
    const page = q.page ?? 1
    const pageSize = q.pageSize ?? 20
    let b = db.selectFrom('auditLogs')
    if (q.staffId) b = b.where('staffId', '=', q.staffId)
    if (q.action) b = b.where('action', '=', q.action)
    if (q.targetType) b = b.where('targetType', '=', q.targetType)
    if (q.targetId) b = b.where('targetId', '=', q.targetId)
    if (q.from !== undefined) b = b.where('at', '>=', q.from)
    if (q.to !== undefined) b = b.where('at', '<', q.to)
    const [rows, total] = await Promise.all([
      b
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return {
      list: rows.map((r) => ({
        id: r.id,
        staffId: r.staffId,
        staffName: r.staffName,
        at: Number(r.at),
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: parse(r.beforeJson),
        after: parse(r.afterJson),
        ip: r.ip,
      })),
      total: Number(total.n),
      page,
      pageSize,
    }
  })
}

export default systemAdminRoutes
