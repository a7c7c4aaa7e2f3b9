/** WeChat shells: request / response shapes of the wechat module (docs/API.md, WeChat section). */

import { Id, Int, Obj, Opt, Str, Enum, type Static } from './schema'
import { ShareIds } from './member'

export const WX_ENV_VERSIONS = ['release', 'trial', 'develop'] as const
export type WxEnvVersion = (typeof WX_ENV_VERSIONS)[number]
/** A WeChat code (OAuth, Taro.login). */
const WxCode = () => Str(128, 1, { pattern: '^[A-Za-z0-9_-]+$' })

/** POST /api/member/miniLogin: the code of Taro.login and the sharer of the link the app was opened from. */
export const MiniLoginRequest = Obj({ code: WxCode(), ...ShareIds })
export type MiniLoginRequest = Static<typeof MiniLoginRequest>
/** POST /api/member/miniPhoneLogin: miniLogin's loginKey and the code of the getPhoneNumber button (single use). */
export const MiniPhoneLoginRequest = Obj({ loginKey: Str(64, 16, { pattern: '^[A-Za-z0-9_-]+$' }), code: WxCode() })
export type MiniPhoneLoginRequest = Static<typeof MiniPhoneLoginRequest>

/** GET /api/member/getWxConfig: the page address (`#...` ignored). */
export const WxConfigQuery = Obj({ url: Str(1024, 1) })
export type WxConfigQuery = Static<typeof WxConfigQuery>
/** GET /api/member/getWechatH5OpenId: the OAuth code (snsapi_base). */
export const WechatH5OpenIdQuery = Obj({ code: WxCode() })
export type WechatH5OpenIdQuery = Static<typeof WechatH5OpenIdQuery>
/** GET /api/wxMiniApp/getWxACodeParam: the scene (raw or URL-encoded). */
export const WxACodeParamQuery = Obj({ scene: Str(128, 1) })
export type WxACodeParamQuery = Static<typeof WxACodeParamQuery>
/** GET /api/wechat/shareCard.png: a shop picture (/media/...). */
export const ShareCardQuery = Obj({ src: Str(256, 1) })
export type ShareCardQuery = Static<typeof ShareCardQuery>

/** A known WeChat user gets a token; an unknown one gets needPhone + a single-use loginKey for phoneRegister. */
export type MiniLoginResponse = { token: string; needPhone: false } | { token: ''; needPhone: true; loginKey: string }

export interface WechatH5OpenIdResponse {
  openId: string
}

/**
 * GET /api/wxMiniApp/getWxACode. page: mini-program page path, e.g. "goodsPages/details/details"; id: the page's item id
 * (goods id...); query: extra page query "a=1&b=2" (sUid / bUid are added by the server from the caller's token).
 */
export const WxACodeRequest = Obj({ page: Str(128, 1), id: Opt(Id()), query: Opt(Str(256)), width: Opt(Int(280, 1280)), envVersion: Opt(Enum(WX_ENV_VERSIONS)) })
export type WxACodeRequest = Static<typeof WxACodeRequest>

export interface WxACodeResponse {
  page: string
  /** The scene in the code: "s=<sUid36>&b=<bUid36>[&i=<id36>]" or "k=<stored key>" (at most 32 characters). */
  scene: string
  query: Record<string, string>
  /** data:image/png;base64,... */
  image: string
}

/** getWxACodeParam: a scene back to its page query. */
export type WxACodeParamResponse = Record<string, string> & { sUid?: string; bUid?: string }

/** GET /api/wxMiniApp/getWxSchemeUrl. */
export const WxSchemeRequest = Obj({ path: Str(128, 1), query: Opt(Str(512)), envVersion: Opt(Enum(WX_ENV_VERSIONS)) })
export type WxSchemeRequest = Static<typeof WxSchemeRequest>

export interface WxSchemeResponse {
  /** weixin://dl/business/?t=... (valid 30 days) */
  openlink: string
  path: string
  query: string
}
