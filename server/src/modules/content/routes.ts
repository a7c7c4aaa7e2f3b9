import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { paged } from '../../plugins/schema'
import { IdOnly, PagingQuery } from '../../../../types/schema'
import { ActivityListQuery, CheckWebUrlQuery, DocumentQuery } from '../../../../types/content'
import * as content from './service'
import { allowList } from './webviewHosts'

/** Notices, activities, the shop's documents, its customer-service contact and the web-view address check. */
export default async function contentRoutes(app: ShopApp, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/content/noticeList', {
    config: { auth: 'none' },
    schema: {
      description: '`Page<NoticeItem>` `{id, title, summary, isTop, views, createdAt}` pinned first, then newest',
      querystring: PagingQuery,
    },
    handler: async (req) => content.noticeList(db, paged(req.query)),
  })

  app.get('/api/content/noticeDetail', {
    config: { auth: 'none' },
    schema: {
      description: '`NoticeDetail` (+ `contentHtml`); counts a view',
      querystring: IdOnly,
    },
    handler: async (req) => content.noticeDetail(db, req.query.id),
  })

  app.get('/api/content/activityList', {
    config: { auth: 'none' },
    schema: {
      description: '`Page<ActivityItem>` `{id, title, cover, summary, startAt, endAt, status, linkType (none | web | customize), linkUrl}`; `all` lists ongoing, then upcoming, then ended',
      querystring: ActivityListQuery,
    },
    handler: async (req) => content.activityList(db, paged(req.query)),
  })

  app.get('/api/content/activityDetail', {
    config: { auth: 'none' },
    schema: {
      description: '`ActivityDetail` (+ `contentHtml`); hidden activities 404',
      querystring: IdOnly,
    },
    handler: async (req) => content.activityDetail(db, req.query.id),
  })

  // Auth optional: a visitor sees the coupons, a member also what is left to claim.
  app.get('/api/content/activityCoupons', {
    config: { auth: 'optional' },
    schema: {
      description:
        "`{list: CentreCoupon[]}`: the claimable coupons the console linked to the activity, in order, with the member's `received` / `canReceive` (not claimable outside the activity's dates); claim with `/api/coupons/receive`; hidden activities 404",
      querystring: IdOnly,
    },
    handler: async (req) => content.activityCoupons(db, req.query.id, req.member?.id ?? null),
  })

  // Auth optional: the token is appended for activity pages only when it belongs to a valid member.
  app.get('/api/content/checkWebUrl', {
    config: { auth: 'optional' },
    schema: {
      description:
        '`{allowed, url}`: allowed only for http(s) hosts on `WEBVIEW_ALLOW_LIST` or added in the console (内容 · 网页链接); for the two activity kinds and a valid token, `url` carries `token=<token>`; a `token` already in the address is always removed. Request: `url` (absolute), `kind` = `common` | `activityWeb` | `activityCustomize`.',
      querystring: CheckWebUrlQuery,
    },
    handler: async (req) => {
      const { url, kind = 'common' } = req.query
      const token = req.member ? String(req.headers.token || '') : null
      return content.checkWebUrl(await allowList(db, config), url, kind, token)
    },
  })

  app.get('/api/content/document', {
    config: { auth: 'none' },
    schema: {
      description:
        "`ContentDocument` `{key, title, contentHtml, updatedAt}`: the login page's documents, kept in the `documents` table (migration 022 inserts the first texts; the merchant console edits them)",
      querystring: DocumentQuery,
    },
    handler: async (req) => content.documentByKey(db, req.query.key),
  })

  app.get('/api/common/shopInfo', {
    schema: {
      description:
        "`ShopInfo` `{serviceUrl, servicePhone, serviceWechatUrl, shopName, shopLogo, articleSectionName}`: the H5's customer-service channels (a link: https or a page of the shop; a phone; a 微信客服 link), the shop's name and logo, and the article section's name (console 设置 → 店铺, defaults `SERVICE_URL` / `SERVICE_PHONE` / `SERVICE_WECHAT_URL` / `SHOP_NAME` / `SHOP_LOGO` / `ARTICLE_SECTION_NAME` or 文章) (`''` when not set; with none the 客服 entries are hidden on H5, with several the shopper picks one). The mini-program's 客服 is WeChat's contact button",
    },
    config: { auth: 'none' },
    handler: async () => content.shopInfo(config),
  })
}
