import { adminCommand, type ShopModule } from '../shopModule'
import { publicSettings, reviewMode, setReviewMode } from './service'
import { cliPaymentCtx } from '../../payments/cliContext'
import settingsAdminRoutes from './adminRoutes'
import { doctorLines, runDoctor } from './doctor'

/**
 * Shop settings read by the client without a new build (review mode, subscribe message templates), and the console's
 * 设置 (adminRoutes.ts: shop profile, freight, WeChat, messages, setup check; 财务 → 对账; 工作台 → 待处理异常).
 */
export const settingsModule: ShopModule = {
  name: 'settings',
  adminRoutes: settingsAdminRoutes,
  routes: async (app, ctx) => {
    app.get('/api/settings/public', {
      config: { auth: 'none' },
      schema: { description: '`PublicSettings {reviewMode, h5Pay, subscribe: {placeOrder[], afterSale[], withdraw[], groupBuy[]}}` (`types/settings.ts`)' },
      handler: async () => publicSettings(ctx.db, ctx.config),
    })
  },
  commands: [
    adminCommand('review-mode', 'review-mode [on|off]                           小程序审核模式：开启后隐藏视频发布、盲盒、承诺奖励的分享提示（不带参数显示当前状态）', async (args, { db, out }) => {
      if (args[0] && !['on', 'off'].includes(args[0])) throw new Error('用法：review-mode [on|off]')
      if (args[0]) await setReviewMode(db, args[0] === 'on')
      out(`审核模式：${(await reviewMode(db)) ? '开启' : '关闭'}`)
    }),
    adminCommand('doctor', 'doctor                                         设置检查：逐项检查公众号、小程序、微信支付、通知地址与域名，并用中文说明问题', async (_args, ctx) => {
      const r = await runDoctor(cliPaymentCtx(ctx))
      for (const line of doctorLines(r)) ctx.out(line)
      if (r.checks.some((c) => c.status === 'error')) throw new Error('设置检查未通过')
    }),
  ],
}
