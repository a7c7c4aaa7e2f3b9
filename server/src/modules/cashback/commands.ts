import { adminCommand, type AdminCommandDef } from '../shopModule'
import { CASHBACK_TASK_STATUS_TEXT } from '../../../../types/cashback'
import type { CashbackTaskStatusValue } from '../../db/afterSalesTables'
import { approveTask, rejectTask } from './service'
import { chinaMinute } from '../../services/chinaTime'

const yuan = (fen: number) => (fen / 100).toFixed(2)
const STATUSES = Object.keys(CASHBACK_TASK_STATUS_TEXT) as CashbackTaskStatusValue[]
const USAGE = '用法：cashback approve <taskId> | cashback reject <taskId> [原因] | cashback list [status]'

const taskId = (v: string | undefined) => {
  if (!v || !/^\d{1,10}$/.test(v)) throw new Error(USAGE)
  return Number(v)
}

/** The cashback module's operator CLI commands (listed in modules/index.ts). */
export const cashbackCommands: AdminCommandDef[] = [
  adminCommand(
    'cashback',
    `cashback approve|reject <taskId> [原因] | list [${STATUSES.join('|')}]   好评返现任务：审核通过（返现到余额，每个任务只发一次）、驳回（附原因）、列出任务`,
    async (args, { db, out }) => {
      const [action, id, ...rest] = args
      if (action === 'approve') {
        const r = await approveTask(db, taskId(id))
        out(`任务 #${r.taskId} 已通过，¥${yuan(r.amount)} 已存入会员 ${r.memberId} 的余额（余额 ¥${yuan(r.balance)}）`)
        return
      }
      if (action === 'reject') {
        const r = await rejectTask(db, taskId(id), rest.join(' '))
        out(`任务 #${r.taskId} 已驳回：${r.reason}`)
        return
      }
      if (action === 'list') {
        const status = id as CashbackTaskStatusValue | undefined
        if (status && !STATUSES.includes(status)) throw new Error(`未知状态：${status}（可选 ${STATUSES.join(', ')}）`)
        let q = db
          .selectFrom('cashbackTasks as t')
          .innerJoin('cashbackCampaigns as c', 'c.id', 't.campaignId')
          .leftJoin('members as m', 'm.id', 't.memberId')
          .select(['t.id', 't.status', 't.amount', 't.proofImages', 't.rejectReason', 't.submittedAt', 'c.title', 'm.phone'])
        if (status) q = q.where('t.status', '=', status)
        const rows = await q.orderBy('t.submittedAt', 'desc').orderBy('t.id', 'desc').limit(100).execute()
        for (const r of rows) {
          out(
            [
              `#${r.id}`.padEnd(6),
              CASHBACK_TASK_STATUS_TEXT[r.status].padEnd(4),
              `¥${yuan(r.amount)}`.padStart(9),
              r.title,
              r.phone || '',
              chinaMinute(r.submittedAt),
              r.proofImages !== '[]' ? `凭证 ${r.proofImages}` : '',
              r.rejectReason,
            ]
              .filter(Boolean)
              .join('  '),
          )
        }
        out(`共 ${rows.length} 条`)
        return
      }
      throw new Error(USAGE)
    },
  ),
]
