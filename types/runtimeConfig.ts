/**
 * H5: configuration the server puts into every index.html it serves, so that one build runs with any host names
 * or WeChat official account (changing them needs a restart of the server, never a new build). It is a JSON
 * data block (<script type="application/json">), which the browser does not run: the Content-Security-Policy
 * needs no hash for it. The mini-program has no index.html and keeps the values of its build.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'shop-runtime-config'

export interface H5RuntimeConfig {
  /** Host gating (docs/SPEC.md §4): MAIN_HOST, ENTRY_HOSTS, LOGIN_REDIRECT_HOSTS of the server; '' / [] = off. */
  mainHost: string
  entryHosts: string[]
  loginRedirectHosts: string[]
  /** The official account's app id (WX_H5_APPID, or 设置 → 微信); '' turns WeChat OAuth off. */
  wxH5AppId: string
  /** Where the page loads WeChat's JS-SDK from (WX_JSSDK_URL). */
  wxJssdkUrl: string
  /** WeChat's OAuth address (WX_OAUTH_URL). */
  wxOauthUrl: string
}

export const DEFAULT_WX_JSSDK_URL = '/static/jweixin-1.6.0.js'
export const DEFAULT_WX_OAUTH_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize'
