/** The 角色 page's logic: the server's declared permissions grouped by menu, and a staff's display name. */
import type { PermissionInfo, RoleView } from '@contract/adminSystem'

export interface PermissionGroup {
  group: string
  permissions: PermissionInfo[]
}

/** The declared list (already in menu order) as groups in the order they first appear. */
export function groupPermissions(list: readonly PermissionInfo[]): PermissionGroup[] {
  const groups: PermissionGroup[] = []
  for (const p of list) {
    const last = groups.find((g) => g.group === p.group)
    if (last) last.permissions.push(p)
    else groups.push({ group: p.group, permissions: [p] })
  }
  return groups
}

/** One matrix row per permission; the first row of each menu carries the menu cell's height (rowSpan), the others 0. */
export function matrixRows(list: readonly PermissionInfo[]): Array<PermissionInfo & { span: number }> {
  return groupPermissions(list).flatMap((g) => g.permissions.map((p, i) => ({ ...p, span: i === 0 ? g.permissions.length : 0 })))
}

/** Whether a group is ticked fully, partly or not at all in a selection (its header checkbox). */
export function groupState(group: PermissionGroup, selected: readonly string[]): 'all' | 'some' | 'none' {
  const n = group.permissions.filter((p) => selected.includes(p.permission)).length
  return n === 0 ? 'none' : n === group.permissions.length ? 'all' : 'some'
}

/** The selection with a whole group ticked (on) or cleared (off), kept in the declared order. */
export function toggleGroup(list: readonly PermissionInfo[], group: PermissionGroup, selected: readonly string[], on: boolean): string[] {
  const inGroup = new Set(group.permissions.map((p) => p.permission))
  return list.map((p) => p.permission).filter((p) => (inGroup.has(p) ? on : selected.includes(p)))
}

/** The roles a staff can be given in a select: every role by its Chinese name. */
export const roleOptions = (roles: readonly RoleView[]) => roles.map((r) => ({ value: r.role, label: r.name }))

/** 姓名（用户名）, or the username alone when no name was given. */
export const staffLabel = (realName: string, username: string) => (realName ? `${realName}（${username}）` : username)
