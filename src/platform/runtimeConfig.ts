import { DEFAULT_WX_JSSDK_URL, DEFAULT_WX_OAUTH_URL, RUNTIME_CONFIG_ELEMENT_ID, type H5RuntimeConfig } from '@contract/runtimeConfig'

// Build-time values (config/index.ts clientEnv): the mini-program's configuration, and the H5's when the page
// did not come from the shop's server (a development server without it).
declare const MAIN_HOST: string
declare const ENTRY_HOSTS: string
declare const LOGIN_REDIRECT_HOSTS: string
declare const WX_H5_APPID: string
declare const WX_JSSDK_URL: string
declare const WX_OAUTH_URL: string

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v || '').split(',')).map((s) => s.trim()).filter(Boolean)

function buildConfig(): H5RuntimeConfig {
  return {
    mainHost: typeof MAIN_HOST === 'string' ? MAIN_HOST : '',
    entryHosts: list(typeof ENTRY_HOSTS === 'string' ? ENTRY_HOSTS : ''),
    loginRedirectHosts: list(typeof LOGIN_REDIRECT_HOSTS === 'string' ? LOGIN_REDIRECT_HOSTS : ''),
    wxH5AppId: typeof WX_H5_APPID === 'string' ? WX_H5_APPID : '',
    wxJssdkUrl: (typeof WX_JSSDK_URL === 'string' && WX_JSSDK_URL) || DEFAULT_WX_JSSDK_URL,
    wxOauthUrl: (typeof WX_OAUTH_URL === 'string' && WX_OAUTH_URL) || DEFAULT_WX_OAUTH_URL,
  }
}

let served: { el: Element; cfg: H5RuntimeConfig } | null = null

/** The served page's configuration (types/runtimeConfig.ts), read once from its JSON block; null without one. */
function servedConfig(): H5RuntimeConfig | null {
  if (typeof document === 'undefined') return null
  const el = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)
  if (!el) return null
  if (served?.el === el) return served.cfg
  let raw: Record<string, unknown> = {}
  try {
    raw = JSON.parse(el.textContent || '{}') || {}
  } catch {
    raw = {}
  }
  const cfg: H5RuntimeConfig = {
    mainHost: str(raw.mainHost),
    entryHosts: list(raw.entryHosts),
    loginRedirectHosts: list(raw.loginRedirectHosts),
    wxH5AppId: str(raw.wxH5AppId),
    wxJssdkUrl: str(raw.wxJssdkUrl) || DEFAULT_WX_JSSDK_URL,
    wxOauthUrl: str(raw.wxOauthUrl) || DEFAULT_WX_OAUTH_URL,
  }
  served = { el, cfg }
  return cfg
}

/**
 * Host names and the WeChat official account: on the H5 as the shop's server gives them in the page (so
 * production changes them without a new build), else the build's values (the mini-program; an H5 page not
 * served by the shop).
 */
export function runtimeConfig(): H5RuntimeConfig {
  return (process.env.TARO_ENV === 'h5' && servedConfig()) || buildConfig()
}
