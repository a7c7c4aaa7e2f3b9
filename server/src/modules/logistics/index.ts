import { adminCommand, type ShopModule } from '../shopModule'
import { cliPaymentCtx } from '../../payments/cliContext'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { failedSubscriptions, retrySubscription, subscribeDue } from './tracking'

export const logisticsModule: ShopModule = {
  name: 'logistics',
  routes,
  adminRoutes,
  // Courier subscriptions queued by shipping (tracking.ts), sent with retries while 快递100 is set up.
  jobs: [{ name: 'courier-subscribe', everyMs: 60_000, run: (ctx) => subscribeDue(ctx) }],
  commands: [
    adminCommand('tracking', 'tracking [send | retry <orderNo>]               快递跟踪：列出需要处理的订阅；send 立即发送到期的订阅；retry 重新订阅', async (args, ctx) => {
      if (args[0] === 'send') {
        const r = await subscribeDue(cliPaymentCtx(ctx))
        ctx.out(`已订阅 ${r.done} 单，失败 ${r.failed} 单，等待授权修正 ${r.waiting} 单`)
        return
      }
      if (args[0] === 'retry') {
        if (!args[1]) throw new Error('用法：tracking retry <orderNo>')
        await retrySubscription(ctx.db, args[1])
        ctx.out(`已排队重新订阅 ${args[1]}，由后台任务发送`)
        return
      }
      const rows = await failedSubscriptions(ctx.db)
      for (const r of rows) ctx.out(`${r.orderNo}  ${r.expressName} ${r.trackingNo}  ${r.lastError}`)
      ctx.out(`需要处理 ${rows.length} 单`)
    }),
  ],
}
