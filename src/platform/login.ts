import Taro from '@tarojs/taro'
import { getWechatH5OpenId, miniLogin } from '@/api/wechat'
import { ROUTES } from '@/routes'
import { getSharerBusinessId, getSharerId } from '@/stores/session'
import { useUserStore } from '@/stores/user'
import { browser } from './browser'
import { currentShell } from './env'
import { runtimeConfig } from './runtimeConfig'
import type { LoginAdapter, SilentLoginResult } from './types'

/** The official account's app id (the server's WX_H5_APPID, given in the page; platform/runtimeConfig.ts); '' turns WeChat OAuth off. */
export const wxH5AppId = (): string => runtimeConfig().wxH5AppId

/** WeChat OAuth (snsapi_base) address for the current page. */
export function oauthUrl(appId: string, redirectUri: string, state = 'base'): string {
  const base = runtimeConfig().wxOauthUrl
  return `${base}?appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${state}#wechat_redirect`
}

/** Removes the single-use OAuth `code` and its `state` from the address bar (history.replaceState, no reload). */
export function stripOAuthParams() {
  if (typeof window === 'undefined') return
  const url = new URL(window.location.href)
  if (!url.searchParams.has('code') && !url.searchParams.has('state')) return
  url.searchParams.delete('code')
  url.searchParams.delete('state')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

/* The mini-program's WeChat identity waiting for the phone step: miniLogin's loginKey, in memory only. */
let pendingLoginKey = ''
/** The loginKey the login page sends with phoneRegister (weapp, after needPhone); '' when there is none. */
export const getPendingLoginKey = () => pendingLoginKey
export const clearPendingLoginKey = () => {
  pendingLoginKey = ''
}

async function weappSilentLogin(): Promise<SilentLoginResult> {
  const { code } = await Taro.login()
  const res = await miniLogin({ code, shareMemberId: getSharerId() || null, shareBusinessId: getSharerBusinessId() || null })
  if (res.needPhone) {
    pendingLoginKey = res.loginKey
    return { needPhone: true, loginKey: res.loginKey }
  }
  pendingLoginKey = ''
  return { token: res.token }
}

/**
 * WeChat's browser: back from OAuth (a `code` in the address), a logged-in member's openid is stored with
 * getWechatH5OpenId and the code is stripped; without a code, the page goes to WeChat's OAuth (base scope).
 */
async function wechatH5SilentLogin(): Promise<SilentLoginResult> {
  const appId = wxH5AppId()
  if (!appId || typeof window === 'undefined') return {}
  const url = new URL(window.location.href)
  const code = url.searchParams.get('code')
  if (code) {
    // A code is single-use: strip it whatever happens, so a reload never sends it again (errcode 40163).
    stripOAuthParams()
    if (!useUserStore.getState().token) return {}
    try {
      await getWechatH5OpenId(code)
      return { openIdBound: true }
    } catch {
      return {}
    }
  }
  url.searchParams.delete('state')
  browser.go(oauthUrl(appId, url.toString()))
  return { redirected: true }
}

export const loginAdapter: LoginAdapter = {
  async silentLogin() {
    const shell = currentShell()
    if (shell === 'weapp') return weappSilentLogin()
    if (shell === 'wechat-h5') return wechatH5SilentLogin()
    return {}
  },
}

/**
 * For the login page, right after phoneRegister answered a token. In WeChat's browser (with WX_H5_APPID set)
 * the base-scope authorise step comes first (SPEC.md section 4): the page leaves for WeChat's OAuth and comes
 * back to the redirect target (or home) with `token` and `code`; app start then saves the token, loads the
 * member, calls getWechatH5OpenId and strips the parameters. Returns true when the page is leaving (the login
 * page stops there); false elsewhere (the login page goes on with afterLogin).
 */
export function completeWechatH5Login(token: string, redirect?: string): boolean {
  const appId = wxH5AppId()
  if (currentShell() !== 'wechat-h5' || !appId || !token || typeof window === 'undefined') return false
  let target = ROUTES.home as string
  if (redirect) {
    try {
      target = decodeURIComponent(redirect)
    } catch {
      target = redirect
    }
  }
  // Only a path of this site: never an absolute address from the query.
  if (!target.startsWith('/') || target.startsWith('//')) target = ROUTES.home
  const back = new URL(target, window.location.origin)
  back.searchParams.delete('code')
  back.searchParams.delete('state')
  back.searchParams.set('token', token)
  browser.go(oauthUrl(appId, back.toString()))
  return true
}
