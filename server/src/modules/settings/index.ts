import { adminCommand, type ShopModule } from '../shopModule'
import { publicSettings, reviewMode, setReviewMode } from './service'

/** Shop settings read by the client without a new build: review mode, subscribe message templates. */
export const settingsModule: ShopModule = {
  name: 'settings',
  routes: async (app, ctx) => {
    app.get('/api/settings/public', { config: { auth: 'none' }, schema: { description: '`PublicSettings {reviewMode, h5Pay, subscribe: {placeOrder[], afterSale[], withdraw[]}}` (`types/settings.ts`)' }, handler: async () => publicSettings(ctx.db, ctx.config) })
  },
  commands: [
    adminCommand('review-mode', 'review-mode [on|off]                           小程序审核模式：开启后隐藏视频发布、盲盒、承诺奖励的分享提示（不带参数显示当前状态）', async (args, { db, out }) => {
      if (args[0] && !['on', 'off'].includes(args[0])) throw new Error('用法：review-mode [on|off]')
      if (args[0]) await setReviewMode(db, args[0] === 'on')
      out(`审核模式：${(await reviewMode(db)) ? '开启' : '关闭'}`)
    }),
  ],
}
