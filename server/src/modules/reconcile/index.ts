import { adminCommand, type ShopModule } from '../shopModule'
import { cliPaymentCtx } from '../../payments/cliContext'
import { chinaYesterday, reconcileDay, reconcileYesterday } from './service'
import adminRoutes from './adminRoutes'

const yuan = (fen: number | null) => (fen === null ? '—' : (fen / 100).toFixed(2))
const ISSUE_TEXT = { missing_ours: '我方缺少', missing_wechat: '微信缺少', amount_differs: '金额不一致' } as const

/** Daily reconciliation of the gateway's trade bill with our payments and refunds. */
export const reconcileModule: ShopModule = {
  name: 'reconcile',
  adminRoutes,
  jobs: [{ name: 'reconcile-daily', everyMs: 30 * 60_000, run: (ctx) => reconcileYesterday(ctx) }],
  commands: [
    adminCommand('reconcile', 'reconcile [YYYY-MM-DD]                         对账：下载该日（默认昨天）交易账单，与我方支付、退款逐笔比对并保存差异', async (args, ctx) => {
      const r = await reconcileDay(cliPaymentCtx(ctx), args[0] || chinaYesterday())
      ctx.out(`${r.date} 对账（${r.provider}）：账单支付 ${r.payments} 笔，退款 ${r.refunds} 笔，差异 ${r.differences.length} 条`)
      for (const d of r.differences) ctx.out(`  ${d.kind === 'payment' ? '支付' : '退款'} ${d.refNo}  ${ISSUE_TEXT[d.issue]}  我方 ¥${yuan(d.ours)}  微信 ¥${yuan(d.theirs)}`)
    }),
  ],
}
