import type { Seeder } from '../shopModule'
import { ROUTES } from '../../../../types/routes'
import { getSetting, setSetting } from './service'
import { applyStoredSettings, SHOP_KEY, type StoredShop } from './store'

/**
 * The demo's 客服: where the environment sets no customer-service channel (SERVICE_WECHAT_URL, SERVICE_URL,
 * SERVICE_PHONE), the 客服 entries open the shop's own 意见反馈 page, a channel that works end to end without
 * outside accounts: the shopper writes, the shop answers in the console (内容 → 意见反馈), the shopper reads the
 * answer on the same page. The merchant changes it in 设置 → 店铺 (a 微信客服 link, a phone, another link).
 */
export const serviceSeeder: Seeder = {
  name: 'settings',
  async run(ctx) {
    const s = ctx.config.service
    if (s.url || s.phone || s.wechatUrl) return
    const stored = await getSetting<StoredShop>(ctx.db, SHOP_KEY, {})
    await setSetting(ctx.db, SHOP_KEY, { ...stored, serviceUrl: ROUTES.feedback })
    await applyStoredSettings(ctx.db, ctx.config)
  },
}
