/** 系统 in the console: the queries behind its routes (adminRoutes.ts is HTTP only; roles and staff rows: admin/roles.ts, admin/staff.ts). */
import { OWNER_ROLE, type OkReply, type StaffView } from '../../../../types/admin'
import {
  type AuditPage,
  type AuditQuery,
  type PasswordResetReply,
  type RoleBody,
  type RoleView,
  type StaffCreateBody,
  type StaffCreateReply,
  type StaffUpdateBody,
} from '../../../../types/adminSystem'
import { AppError, ErrorCode } from '../../errors'
import type { AuditEntry } from '../../admin/audit'
import { createRole, deleteRole, findRole, updateRole } from '../../admin/roles'
import { checkNameAndPhone, createStaff, generatePassword, setPassword, staffView } from '../../admin/staff'
import type { Db, Tx } from '../../db/types'
import { countRows, onPage, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void
const parse = (s: string | null) => (s === null ? null : JSON.parse(s))

/** 系统 → 角色 → 新建 (audited `role.create`). */
export async function addRole(tx: Tx, body: RoleBody, log: Log): Promise<RoleView> {
  const role = await createRole(tx, body)
  log({ action: 'role.create', targetType: 'role', targetId: role.role, after: role })
  return role
}

/** 系统 → 角色 → 编辑 (audited `role.update` with before and after). */
export async function changeRole(tx: Tx, code: string, body: RoleBody, log: Log): Promise<RoleView> {
  const { before, after } = await updateRole(tx, code, body)
  log({ action: 'role.update', targetType: 'role', targetId: after.role, before, after })
  return after
}

/** 系统 → 角色 → 删除 (audited `role.delete` with the role removed). */
export async function removeRole(tx: Tx, code: string, log: Log): Promise<OkReply> {
  const before = await deleteRole(tx, code)
  log({ action: 'role.delete', targetType: 'role', targetId: before.role, before })
  return { ok: true }
}

/** 系统 → 员工 → 新建: the owner (or whoever has staff.write) chose or saw the password, so the staff changes it at the first sign-in (audited `staff.create`). */
export async function addStaff(tx: Tx, body: StaffCreateBody, log: Log): Promise<StaffCreateReply> {
  const r = await createStaff(tx, { ...body, mustChangePassword: true })
  log({ action: 'staff.create', targetType: 'staff', targetId: r.staff.id, after: r.staff })
  return r
}

/** Edits a staff member (role, 停用, 姓名, phone); the shop keeps an owner who can sign in; a disabled staff is signed out. */
export async function updateStaff(tx: Tx, meId: number, id: number, body: StaffUpdateBody, log: Log): Promise<StaffView> {
  const before = await staffView(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
  const { role, disabled, realName, phone } = body
  checkNameAndPhone(body)
  if (role && role !== before.role && !(await findRole(tx, role))) throw new AppError(ErrorCode.BAD_REQUEST, '角色不存在，请刷新页面后重新选择')
  // The shop must keep an owner who can sign in: nobody demotes or disables the last one (nor themselves).
  if (before.role === OWNER_ROLE && ((role && role !== OWNER_ROLE) || disabled)) {
    if (before.id === meId) throw new AppError(ErrorCode.CONFLICT, '不能停用自己或取消自己的店主角色')
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
}

/** A new generated password; whoever reset it saw it, so the staff changes it at the next sign-in. */
export async function resetStaffPassword(tx: Tx, id: number, log: Log): Promise<PasswordResetReply> {
  const s = await tx.selectFrom('staff').select(['id']).where('id', '=', id).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
  const password = generatePassword()
  // Whoever reset it saw it: the staff changes it at the next sign-in.
  await setPassword(tx, s.id, password, { mustChange: true })
  log({ action: 'staff.password-reset', targetType: 'staff', targetId: s.id })
  return { password }
}

/** The audit log, newest first, by staff, action, target and time. */
export async function auditPage(db: Db, q: AuditQuery): Promise<AuditPage> {
  const { page, pageSize } = paged(q)
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
}
