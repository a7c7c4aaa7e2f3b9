/** WeChat shells: request / response shapes of the wechat module (docs/API.md, WeChat section). */

export type WxEnvVersion = 'release' | 'trial' | 'develop'

export interface MiniLoginRequest {
  code: string
  shareMemberId?: string | number | null
  shareBusinessId?: string | number | null
}

/** A known WeChat user gets a token; an unknown one gets needPhone + a single-use loginKey for phoneRegister. */
export type MiniLoginResponse = { token: string; needPhone: false } | { token: ''; needPhone: true; loginKey: string }

export interface WechatH5OpenIdResponse {
  openId: string
}

export interface WxACodeRequest {
  /** Mini-program page path, e.g. "goodsPages/details/details". */
  page: string
  /** The page's item id (goods id...). */
  id?: number
  /** Extra page query "a=1&b=2" (sUid / bUid are added by the server from the caller's token). */
  query?: string
  width?: number
  envVersion?: WxEnvVersion
}

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

export interface WxSchemeRequest {
  path: string
  query?: string
  envVersion?: WxEnvVersion
}

export interface WxSchemeResponse {
  /** weixin://dl/business/?t=... (valid 30 days) */
  openlink: string
  path: string
  query: string
}
