import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { MiniLoginRequest, MiniPhoneLoginRequest, ShareCardQuery, WechatH5OpenIdQuery, WxACodeParamQuery, WxACodeRequest, WxConfigQuery, WxSchemeRequest } from '../../../../types/wechat'
import { memberId } from '../../plugins/auth'
import { hit } from '../../services/rateLimit'
import { createTokenStore } from '../../wechat/tokens'
import * as wechat from './service'
import { miniPhoneLogin } from '../member/service'
import { shareCard } from './shareCard'

/** WeChat shells: JS-SDK config, OAuth openid, mini-program login, mini-program codes and URL schemes. */
export default async function wechatRoutes(app: ShopApp, ctx: AppContext) {
  // One token store per instance: one in-flight refresh here, the cached values shared through ctx.cache.
  const tokens = createTokenStore(ctx)
  const { db } = ctx

  // The mini-program's share card: one of the shop's pictures as a 5:4 PNG (WeChat fetches it, no token).
  app.get('/api/wechat/shareCard.png', {
    config: { auth: 'none' },
    schema: {
      description: 'PNG (not enveloped): the shop picture `src` (`/media/...`) drawn as a 500x400 share image, cropped to fill, cached a day (docs/wechat.md)',
      querystring: ShareCardQuery,
    },
    handler: async (req, reply) => {
      const png = shareCard(ctx.config, req.query.src)
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png)
    },
  })

  app.get('/api/member/getWxConfig', {
    config: { auth: 'none' },
    schema: {
      description:
        '`{appId, timestamp, nonceStr, signature}` for `wx.config`; only pages of the request host, `MAIN_HOST`, `ENTRY_HOSTS`, `LOGIN_REDIRECT_HOSTS` (else 7004); jsapi_ticket cached 7200 − 300 s. Request: `url` (≤ 1024, the page address; `#...` ignored).',
      querystring: WxConfigQuery,
    },
    handler: async (req) => wechat.getWxConfig(ctx, tokens, req.query.url, req.hostname),
  })

  app.get('/api/member/getWechatH5OpenId', {
    schema: {
      description: '`{openId}`; stores `openid_h5` on the caller; reused / invalid code 7002. Request: `code` (OAuth snsapi_base).',
      querystring: WechatH5OpenIdQuery,
    },
    handler: async (req) => wechat.bindWechatH5OpenId(ctx, memberId(req), req.query.code),
  })

  app.post('/api/member/miniLogin', {
    config: { auth: 'none' },
    schema: {
      description:
        "`{token, needPhone: false}` for a known openid, else `{token: '', needPhone: true, loginKey}` (15 min, single use) for `phoneRegister`; 60 per IP a minute. Request: `{code, shareMemberId?, shareBusinessId?}` (code of `Taro.login`).",
      body: MiniLoginRequest,
    },
    handler: async (req) => {
      await hit(db, `miniLogin:${req.ip}`, 60, 60_000)
      return wechat.miniLogin(ctx, req.body)
    },
  })

  app.post('/api/member/miniPhoneLogin', {
    config: { auth: 'none' },
    schema: {
      description:
        '`{token, isNew}`; signs up or in with the mini-program\'s phone-number button: `code` of `open-type="getPhoneNumber"` (single use) goes to WeChat\'s `getuserphonenumber` (watermark appid checked), the pending `loginKey` of miniLogin gives the sharer / agent shop and its openid is bound, as with phoneRegister. 7002 code invalid or used, 1001 too frequent, 7001 WeChat busy, 7005 loginKey expired, 7007 phone sign-in unavailable (quota, permission, not a mainland number): the page shows the SMS form; 30 per IP a minute.',
      body: MiniPhoneLoginRequest,
    },
    handler: async (req) => {
      await hit(db, `miniPhoneLogin:${req.ip}`, 30, 60_000)
      return miniPhoneLogin(ctx, tokens, req.body)
    },
  })

  app.get('/api/wxMiniApp/getWxACode', {
    config: { auth: 'optional' },
    schema: {
      description:
        "`{page, scene, query, image}`: `image` is a `data:image/png;base64,...` URL; the scene carries the caller's sUid / bUid (≤ 32 characters, or `k=<key>` stored in `share_scenes`); cached 30 days; 60 per IP a minute. Request: `page` (a page of `src/routes.ts`), `id?`, `query?` (`a=1&b=2`), `width?` (280–1280, default 430), `envVersion?` (`release` / `trial` / `develop`).",

      querystring: WxACodeRequest,
    },
    handler: async (req) => {
      await hit(db, `wxacode:${req.ip}`, 60, 60_000)
      return wechat.getWxACode(ctx, tokens, req.member?.id ?? null, req.query)
    },
  })

  app.get('/api/wxMiniApp/getWxACodeParam', {
    config: { auth: 'none' },
    schema: {
      description: "the scene's query `{sUid?, bUid?, id?, ...}`; unknown stored key 404 `小程序码已失效`",
      querystring: WxACodeParamQuery,
    },
    handler: async (req) => wechat.decodeScene(db, req.query.scene),
  })

  app.get('/api/wxMiniApp/getWxSchemeUrl', {
    config: { auth: 'optional' },
    schema: {
      description:
        "`{openlink, path, query}`: `weixin://dl/business/?t=...` valid 30 days (cached 29), query with the caller's sUid / bUid; 30 per IP a minute. Request: `path` (a page), `query?`, `envVersion?`.",
      querystring: WxSchemeRequest,
    },
    handler: async (req) => {
      await hit(db, `wxscheme:${req.ip}`, 30, 60_000)
      return wechat.getWxSchemeUrl(ctx, tokens, req.member?.id ?? null, req.query)
    },
  })
}
