import type { ShopApp } from '../shopModule'
import type { AppContext } from '../../context'
import { cachedSelfList } from './service'
import { readCache } from '../../services/readCache'

export default async function homeRoutes(app: ShopApp, ctx: AppContext) {
  const cache = readCache(ctx.db, ctx.config.readCacheMs)
  app.get('/api/home/selfList', {
    schema: {
      description:
        '`HomeSelfList` `{banners[], navs[], notices[], sections[], categories[], hotWords[]}`: banners and icons link to in-app page paths; notices are the latest 5 that are on, top ones first; sections 热销榜单 (by sales), 新品上架 (newest), 品牌专享 (exclusive brands and their best sellers), 6 goods each',
    },
    config: { auth: 'optional' },
    // The same for everyone: one computation serves every caller until a write (services/readCache.ts).
    handler: async () => cachedSelfList(ctx.db, cache),
  })
}
