import type { Seeder } from './seeder'
import { ROUTES } from '../../../types/routes'
import { DEFAULT_ARTICLE_SECTION } from '../config'
import { getSetting, setSetting } from '../modules/settings/service'
import { applyStoredSettings, SHOP_KEY, type StoredShop } from '../modules/settings/store'

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
    const stored = await getSetting<StoredShop>(ctx.db, SHOP_KEY, {})
    const next: StoredShop = { ...stored }
    if (!(s.url || s.phone || s.wechatUrl)) next.serviceUrl = ROUTES.feedback
    // The demo's article section (its home entry is seeded with the same name: demo/home.ts).
    if (!stored.articleSectionName && ctx.config.shop.articleSection === DEFAULT_ARTICLE_SECTION) next.articleSectionName = DEMO_ARTICLE_SECTION
    if (JSON.stringify(next) === JSON.stringify(stored)) return
    await setSetting(ctx.db, SHOP_KEY, next)
    await applyStoredSettings(ctx.db, ctx.config)
  },
}

/** The demo shop's article section name, as its home entry names it. */
export const DEMO_ARTICLE_SECTION = '两性学堂'
