import crypto from 'node:crypto'
import type { Conn } from '../db/types'
import { AppError, ErrorCode } from '../errors'
import { OWNER_ROLE, PERMISSIONS } from '../../../types/admin'
import { type RoleBody, type RoleView } from '../../../types/adminSystem'
import { isPermission, PERMISSION_LIST } from './permissions'
import './tables'

/**
 * Roles (table staff_roles, migration 092): the built-in 店主 / 运营 / 客服 / 财务 and the owner's own. A staff's
 * permissions are read from its role's row on every console request (staffForCookie), so a change to a role
 * applies to signed-in staff on their next request. 店主 always has every declared permission (its row's list is
 * not read) and is never edited; built-in roles are never deleted; a role some staff hold is not deleted either.
 */

/** The permissions of a role row: every declared one for 店主, else its stored list (strings no longer declared are left out). */
export function rolePermissions(row: { code: string; permissions: string }): string[] {
  if (row.code === OWNER_ROLE) return [...PERMISSIONS]
  let list: unknown
  try {
    list = JSON.parse(row.permissions)
  } catch {
    list = []
  }
  return Array.isArray(list) ? PERMISSIONS.filter((p) => list.includes(p)) : []
}

/** The role of a code, or (the CLI) of a Chinese name. */
export async function findRole(db: Conn, codeOrName: string) {
  const key = codeOrName.trim()
  return db
    .selectFrom('staffRoles')
    .selectAll()
    .where((eb) => eb.or([eb('code', '=', key), eb('name', '=', key)]))
    .executeTakeFirst()
}

export async function listRoles(db: Conn): Promise<RoleView[]> {
  const [roles, counts] = await Promise.all([
    db.selectFrom('staffRoles').selectAll().orderBy('builtIn', 'desc').orderBy('id').execute(),
    db
      .selectFrom('staff')
      .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('role')
      .execute(),
  ])
  const held = new Map(counts.map((c) => [c.role, Number(c.n)]))
  return roles.map((r) => toRoleView(r, held.get(r.code) || 0))
}

type RoleRow = { code: string; name: string; permissions: string; builtIn: number }
export const toRoleView = (r: RoleRow, staffCount = 0): RoleView => ({
  role: r.code,
  name: r.name,
  permissions: rolePermissions(r),
  builtIn: !!r.builtIn,
  owner: r.code === OWNER_ROLE,
  staffCount,
})

/** The body's permissions: only declared ones, each once, in the declared order. */
function checkBody(body: RoleBody): { name: string; permissions: string } {
  const name = body.name.trim()
  if (!name) throw new AppError(ErrorCode.BAD_REQUEST, '请填写角色名称')
  const unknown = body.permissions.find((p) => !isPermission(p))
  if (unknown !== undefined) throw new AppError(ErrorCode.BAD_REQUEST, '权限无效，请刷新页面后重新勾选')
  if (!body.permissions.length) throw new AppError(ErrorCode.BAD_REQUEST, '请至少勾选一项权限')
  const permissions = PERMISSION_LIST.map((p) => p.permission).filter((p) => body.permissions.includes(p))
  return { name, permissions: JSON.stringify(permissions) }
}

async function checkNameFree(db: Conn, name: string, exceptCode?: string) {
  let q = db.selectFrom('staffRoles').select('code').where('name', '=', name)
  if (exceptCode) q = q.where('code', '!=', exceptCode)
  if (await q.executeTakeFirst()) throw new AppError(ErrorCode.CONFLICT, `已有名为「${name}」的角色`)
}

/** A new role of the owner's; its code is made here (r + 8 hex characters). */
export async function createRole(db: Conn, body: RoleBody): Promise<RoleView> {
  const v = checkBody(body)
  await checkNameFree(db, v.name)
  const t = Date.now()
  const row = await db
    .insertInto('staffRoles')
    .values({ code: `r${crypto.randomBytes(4).toString('hex')}`, ...v, builtIn: 0, createdAt: t, updatedAt: t })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toRoleView(row)
}

const roleOrThrow = async (db: Conn, code: string) => {
  const row = await db.selectFrom('staffRoles').selectAll().where('code', '=', code).executeTakeFirst()
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '角色不存在')
  return row
}
const heldBy = async (db: Conn, code: string) =>
  Number(
    (
      await db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', code)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Renames a role or changes its permissions (店主 never): answers the role before and after. */
export async function updateRole(db: Conn, code: string, body: RoleBody): Promise<{ before: RoleView; after: RoleView }> {
  const row = await roleOrThrow(db, code)
  if (row.code === OWNER_ROLE) throw new AppError(ErrorCode.CONFLICT, '店主角色拥有全部权限，不能修改')
  const v = checkBody(body)
  await checkNameFree(db, v.name, code)
  const after = await db
    .updateTable('staffRoles')
    .set({ ...v, updatedAt: Date.now() })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirstOrThrow()
  const n = await heldBy(db, code)
  return { before: toRoleView(row, n), after: toRoleView(after, n) }
}

/** Deletes an owner's role that nobody holds; answers it as it was. */
export async function deleteRole(db: Conn, code: string): Promise<RoleView> {
  const row = await roleOrThrow(db, code)
  if (row.builtIn) throw new AppError(ErrorCode.CONFLICT, '系统自带的角色不能删除')
  const n = await heldBy(db, code)
  if (n) throw new AppError(ErrorCode.CONFLICT, `还有 ${n} 名员工使用「${row.name}」角色，请先为他们更换角色再删除`)
  // Conditional: a staff given this role meanwhile keeps it.
  const r = await db
    .deleteFrom('staffRoles')
    .where('code', '=', code)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('staff').select('staff.id').where('staff.role', '=', code))))
    .executeTakeFirst()
  if (Number(r.numDeletedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, `还有员工使用「${row.name}」角色，请先为他们更换角色再删除`)
  return toRoleView(row)
}
