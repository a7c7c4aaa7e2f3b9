import { BUILT_IN_ROLES } from '../db/migrations/092_staff_roles'
import { GRANTS } from '../db/migrations/104_balance_permission'
import { PERMISSION_LIST } from './permissions'

export const TABLE_START = '<!-- permission-table: written by `npx tsx scripts/permission-table.ts` from server/src/admin/permissions.ts -->'
export const TABLE_END = '<!-- /permission-table -->'

/** docs/console.md's table: every declared permission by menu, and which built-in role has it as seeded (092, and later grants such as 104's; 店主: all). */
export function permissionTable(): string {
  const head = `| 菜单 | permission | 名称 | ${BUILT_IN_ROLES.map(([code, name]) => `${code} ${name}`).join(' | ')} |`
  const rule = `|${'---|'.repeat(3 + BUILT_IN_ROLES.length)}`
  const rows = PERMISSION_LIST.map(
    (p) =>
      `| ${p.group} | ${p.permission} | ${p.name} | ${BUILT_IN_ROLES.map(([code, , granted]) => (code === 'owner' || granted.includes(p.permission) || GRANTS.some(([r, q]) => r === code && q === p.permission) ? '✓' : '')).join(' | ')} |`,
  )
  return [TABLE_START, '', head, rule, ...rows, '', TABLE_END].join('\n')
}

/** The document with its table block replaced (or unchanged when it has none). */
export const withPermissionTable = (doc: string) => {
  const a = doc.indexOf(TABLE_START)
  const b = doc.indexOf(TABLE_END)
  return a < 0 || b < a ? doc : doc.slice(0, a) + permissionTable() + doc.slice(b + TABLE_END.length)
}
