import { adminCommand, type AdminCommandDef } from '../shopModule'
import { adminFeedback } from './service'
import { chinaMinute } from '../../services/chinaTime'

/** The feedback module's operator CLI commands (listed in modules/index.ts). */
export const feedbackCommands: AdminCommandDef[] = [
  adminCommand('feedback', 'feedback list [new] [limit]                     列出意见反馈（new：只看未读；列出后标记为已读）', async (args, { db, out }) => {
    const [action, ...rest] = args
    if (action !== 'list') throw new Error('用法：feedback list [new] [limit]')
    const onlyNew = rest[0] === 'new'
    const limit = Number(onlyNew ? rest[1] : rest[0]) || 50
    const rows = await adminFeedback(db, { onlyNew, limit })
    for (const r of rows) {
      out(`#${r.id} [${r.typeText}]${r.status === 'new' ? ' 新' : ''} ${chinaMinute(r.createdAt)} 会员${r.memberId} ${r.nickname || ''} ${r.phone || ''}${r.contact ? ` 联系方式：${r.contact}` : ''}`)
      out(`    ${r.content.replace(/\s+/g, ' ')}`)
      if (r.images.length) out(`    图片：${r.images.join(' ')}`)
    }
    out(`共 ${rows.length} 条`)
  }),
]
