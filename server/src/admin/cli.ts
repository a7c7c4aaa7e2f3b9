import type { AdminCommandDef } from '../modules/shopModule'
import { ROLES, type Role } from '../../../types/admin'
import { createStaff } from './staff'

const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r)

/**
 * `npm run admin -- staff add <username> <role> [password]`: creates a console account (no default account
 * exists outside the demo seed). Without a password, one is generated and printed once; STAFF_PASSWORD may
 * carry it instead of the command line (kept out of the shell history).
 */
export const staffCommand: AdminCommandDef = {
  name: 'staff',
  help: `staff add <username> <${ROLES.join('|')}> [password]   创建后台员工账号（不填密码则生成并显示一次）`,
  fn: async (args, { db, out }) => {
    const [action, username, role, password] = args
    if (action !== 'add' || !username || !role) throw new Error(`用法：staff add <username> <${ROLES.join('|')}> [password]`)
    if (!isRole(role)) throw new Error(`未知角色：${role}（可选 ${ROLES.join(', ')}）`)
    const given = password || process.env.STAFF_PASSWORD || undefined
    const r = await createStaff(db, { username, role, password: given })
    out(`已创建员工 ${r.staff.username}（${r.staff.role}）`)
    if (!given) out(`初始密码：${r.password}  （仅显示一次，请登录后修改）`)
  },
}
