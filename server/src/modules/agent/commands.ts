import { adminCommand, type AdminCommandDef } from '../shopModule'
import { WITHDRAW_METHOD_TEXT, WITHDRAW_STATUS_TEXT } from '../../../../types/agent'
import { approveApplication, rejectApplication } from './service'
import { payWithdrawal, rejectWithdrawal } from './account'
import { startTransfer } from './payout'
import { cliPaymentCtx } from '../../payments/cliContext'
import { releaseDueCommissions } from './commission'
import { maskIdCard } from './util'
import { chinaMinute } from '../../services/chinaTime'

const yuan = (fen: number) => (Number(fen) / 100).toFixed(2)
const id = (v: string | undefined, usage: string) => {
  if (!v || !/^\d+$/.test(v)) throw new Error(`用法：${usage}`)
  return Number(v)
}

/** The agent module's operator CLI commands (listed in modules/index.ts). */
export const agentCommands: AdminCommandDef[] = [
  adminCommand('agent', 'agent list [pending|approved|rejected] | agent approve <applicationId> | agent reject <applicationId> <reason...>   代理申请：列出、通过、驳回', async (args, { db, out }) => {
    const [sub, ...rest] = args
    if (sub === 'approve') {
      const r = await approveApplication(db, id(rest[0], 'agent approve <applicationId>'))
      out(`已通过：店铺「${r.shopName}」（店铺 ID ${r.shopId}，会员 ${r.memberId}）`)
      return
    }
    if (sub === 'reject') {
      const appId = id(rest[0], 'agent reject <applicationId> <reason>')
      const reason = rest.slice(1).join(' ')
      if (!reason.trim()) throw new Error('用法：agent reject <applicationId> <reason>')
      await rejectApplication(db, appId, reason)
      out(`已驳回申请 ${appId}：${reason}`)
      return
    }
    if (sub === 'list' || !sub) {
      const status = rest[0]
      if (status && !['pending', 'approved', 'rejected'].includes(status)) throw new Error('状态可选 pending | approved | rejected')
      let q = db.selectFrom('agentApplications').selectAll()
      if (status) q = q.where('status', '=', status as any)
      const rows = await q.orderBy('createdAt', 'desc').limit(100).execute()
      for (const r of rows)
        out(
          [
            String(r.id).padStart(5),
            r.status.padEnd(8),
            r.shopName,
            r.realName,
            r.phone,
            maskIdCard(r.idCard),
            chinaMinute(r.createdAt),
            r.reason,
            r.rejectReason ? `驳回：${r.rejectReason}` : '',
          ].join('  '),
        )
      out(`共 ${rows.length} 条`)
      return
    }
    throw new Error(`未知子命令：${sub}（list / approve / reject）`)
  }),

  adminCommand(
    'withdraw',
    'withdraw list [pending|paid|rejected] | withdraw pay <id|withdrawNo> | withdraw transfer <id|withdrawNo> | withdraw reject <id|withdrawNo> <reason...>   代理提现：列出、确认打款、发起微信商家转账、驳回（金额退回可提现余额）',
    async (args, ctx) => {
      const { db, out } = ctx
      const [sub, ref, ...rest] = args
      if (sub === 'pay') {
        if (!ref) throw new Error('用法：withdraw pay <id|withdrawNo>')
        const w = await payWithdrawal(db, ref)
        out(`已打款 ${w.withdrawNo}：到账¥${yuan(w.actualAmount)}（手续费¥${yuan(w.fee)}）`)
        return
      }
      if (sub === 'transfer') {
        if (!ref) throw new Error('用法：withdraw transfer <id|withdrawNo>')
        const w = await startTransfer(cliPaymentCtx(ctx), ref)
        out(`已发起微信转账 ${w.withdrawNo}：¥${yuan(w.actualAmount)}，状态 ${w.transferState}${w.transferState === 'WAIT_USER_CONFIRM' ? '（等待代理在微信中确认收款）' : ''}`)
        return
      }
      if (sub === 'reject') {
        const reason = rest.join(' ')
        if (!ref || !reason.trim()) throw new Error('用法：withdraw reject <id|withdrawNo> <reason>')
        const w = await rejectWithdrawal(db, ref, reason)
        out(`已驳回 ${w.withdrawNo}，¥${yuan(w.amount)} 已退回可提现余额`)
        return
      }
      if (sub === 'list' || !sub) {
        const status = ref
        if (status && !['pending', 'paid', 'rejected'].includes(status)) throw new Error('状态可选 pending | paid | rejected')
        let q = db.selectFrom('withdrawals as w').innerJoin('agentShops as s', 's.id', 'w.shopId').selectAll('w').select('s.shopName')
        if (status) q = q.where('w.status', '=', status as any)
        const rows = await q.orderBy('w.createdAt', 'desc').limit(100).execute()
        for (const r of rows)
          out(
            [
              String(r.id).padStart(5),
              r.withdrawNo,
              WITHDRAW_STATUS_TEXT[r.status],
              r.shopName,
              `¥${yuan(r.amount)}`,
              `到账¥${yuan(r.actualAmount)}`,
              WITHDRAW_METHOD_TEXT[r.method],
              r.accountName,
              r.method === 'bank' ? `${r.bankName} ${r.accountNo}` : r.accountNo,
              chinaMinute(r.createdAt),
            ].join('  '),
          )
        out(`共 ${rows.length} 条`)
        return
      }
      throw new Error(`未知子命令：${sub}（list / pay / reject）`)
    },
  ),

  adminCommand('commission', 'commission release                              立即结算售后期已满的冻结佣金（定时任务每 5 分钟也会执行）', async (args, { db, out }) => {
    if (args[0] !== 'release') throw new Error('用法：commission release')
    out(`已结算 ${await releaseDueCommissions(db)} 笔佣金`)
  }),
]
