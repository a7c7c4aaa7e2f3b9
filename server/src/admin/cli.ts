import type { AdminCommandDef } from '../modules/shopModule'
import { ROLES } from '../../../types/admin'
import { findRole } from './roles'
import { createStaff, unlockStaff } from './staff'

const USAGE = [
  `staff add <username> <${ROLES.join('|')}|角色名称> [password]   创建后台员工账号（不填密码则生成并显示一次，首次登录须修改）`,
  'staff unlock <username>   解除该账号因登录失败过多造成的锁定（所有地址）',
  'staff reset-2fa <username>   关闭该账号的两步验证（手机和恢复码都丢失时），并让其所有登录失效',
]

/**
 * `npm run admin -- staff add <username> <role> [password]`: creates a console account (no default account
 * exists outside the demo seed); the role is a role's code (owner, operator, service, finance, or a custom
 * role's) or its Chinese name (店主, or one the owner made). Without a password, one is generated and printed
 * once, and must be changed at the first sign-in; STAFF_PASSWORD may carry it instead of the command line
 * (kept out of the shell history).
 * `staff unlock <username>`: forgets the sign-in failures of the name from every address.
 * `staff reset-2fa <username>`: turns off two-factor sign-in (the owner's own way back in) and ends its sessions.
 */
export const staffCommand: AdminCommandDef = {
  name: 'staff',
  help: USAGE.join('\n  '),
  fn: async (args, { db, out }) => {
    const [action, username, role, password] = args
    if (action === 'unlock' && username) {
      const exists = await db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirst()
      if (!exists) throw new Error(`没有员工账号 ${username}`)
      const n = await unlockStaff(db, username)
      out(n ? `已解除 ${username} 的登录锁定（${n} 个地址的失败记录已清除）` : `${username} 没有被锁定`)
      return
    }
    if (action === 'reset-2fa' && username) {
      const s = await db.selectFrom('staff').select(['id', 'totpSecret']).where('username', '=', username).executeTakeFirst()
      if (!s) throw new Error(`没有员工账号 ${username}`)
      if (!s.totpSecret) {
        out(`${username} 未开启两步验证`)
        return
      }
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('staff').set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: Date.now() }).where('id', '=', s.id).execute()
        await tx.deleteFrom('staffRecoveryCodes').where('staffId', '=', s.id).execute()
        await tx.deleteFrom('staffSessions').where('staffId', '=', s.id).execute()
      })
      out(`已关闭 ${username} 的两步验证；其登录已全部失效，请用密码登录后重新设置`)
      return
    }
    if (action !== 'add' || !username || !role) throw new Error(`用法：\n  ${USAGE.join('\n  ')}`)
    const found = await findRole(db, role)
    if (!found) {
      const all = await db.selectFrom('staffRoles').select(['code', 'name']).orderBy('id').execute()
      throw new Error(`未知角色：${role}（可选 ${all.map((r) => `${r.code}（${r.name}）`).join(', ')}）`)
    }
    const given = password || process.env.STAFF_PASSWORD || undefined
    const r = await createStaff(db, { username, role: found.code, password: given })
    out(`已创建员工 ${r.staff.username}（${r.staff.roleName}）`)
    if (!given) out(`初始密码：${r.password}  （仅显示一次，请登录后修改）`)
  },
}
