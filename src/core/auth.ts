import Taro from '@tarojs/taro'
import { ROUTES } from '@/routes'
import { useUserStore, isLoggedIn } from '@/stores/user'
import { rememberSharer } from '@/stores/session'
import { storage } from '@/platform/storage'
import { gatingEnabled, pickEntryHost } from '@/platform/hosts'
import { getMemberInfo, getWechatH5OpenId } from '@/api/member'
import { withScene } from '@/platform/scene'
import { recordLaunchVisit } from '@/api/agent'
import { onUnauthorized } from './request'
import { isTabPath, navigateTo, reLaunch, redirectTo, switchTab, withQuery, currentTarget, type Query } from './nav'

export const VERSION_MARKER = '1.0.0'
export const VERSION_KEY = 'version'
export const APP_VERSION = '1.0.0'
export const APP_VERSION_CODE = 100

/** Where login returns to: a path plus its options, carried in the login page's "redirect" query. */
export interface RedirectTarget {
  path: string
  options?: Record<string, string>
}

export const encodeTarget = (t: RedirectTarget) => withQuery(t.path, t.options)

/** Opens the login page with a redirect target (default: the current page). */
export function goLogin(target: RedirectTarget = currentTarget()) {
  const redirect = encodeTarget(target)
  return navigateTo(ROUTES.login, { redirect: redirect === ROUTES.login ? undefined : redirect })
}

/** True when logged in; otherwise opens login (with this page as target) and returns false. */
export function requireLogin(target?: RedirectTarget): boolean {
  if (isLoggedIn()) return true
  goLogin(target)
  return false
}

/** Clears token and user info and opens login. */
export function logout() {
  useUserStore.getState().clear()
  reLaunch(ROUTES.login)
}
onUnauthorized(logout)

/** Loads member info into the store; returns it. */
export async function loadMemberInfo() {
  const info = await getMemberInfo()
  useUserStore.getState().setUserInfo(info)
  return info
}

/** SPEC.md section 4, after login: fetch user info, then go to the redirect target (or home), or to an entry host with the token. */
export async function afterLogin(token: string, redirect?: string) {
  useUserStore.getState().setToken(token)
  await loadMemberInfo()
  if (process.env.TARO_ENV === 'h5' && gatingEnabled() && typeof window !== 'undefined') {
    const host = pickEntryHost()
    if (host && host !== window.location.host) {
      const target = redirect || ROUTES.home
      const sep = target.includes('?') ? '&' : '?'
      window.location.href = `${window.location.protocol}//${host}${target}${sep}token=${encodeURIComponent(token)}`
      return
    }
  }
  const target = redirect ? decodeURIComponent(redirect) : ''
  if (!target) return reLaunch(ROUTES.home)
  if (isTabPath(target)) return switchTab(target)
  // The page that sent us to login is right below: go back to it (it refreshes on show) instead of stacking a copy.
  const pages = Taro.getCurrentPages()
  const previous = pages.length >= 2 ? (pages[pages.length - 2] as any) : null
  if (
    previous &&
    `/${
      String(previous.route || previous.path || '')
        .replace(/^\//, '')
        .split('?')[0]
    }` === target.split('?')[0]
  )
    return Taro.navigateBack({ delta: 1 })
  return redirectTo(target)
}

function resetVersion() {
  if (storage.get(VERSION_KEY) !== VERSION_MARKER) {
    storage.set(VERSION_KEY, VERSION_MARKER)
    useUserStore.getState().clear()
    storage.set('user', JSON.stringify({ state: { token: '', userInfo: {} }, version: 0 }))
  }
}

/** sUid / bUid of a login redirect target ("/goodsPages/details/details?id=13&sUid=1&bUid=1"), '' when absent. */
export function sharerOfRedirect(redirect?: string): { sUid: string; bUid: string } {
  const query = (redirect || '').split('?')[1] || ''
  const params = new URLSearchParams(query.split('#')[0])
  return { sUid: params.get('sUid') || '', bUid: params.get('bUid') || '' }
}

/**
 * App start (SPEC.md section 4): version marker, sharer id, token in the address.
 * `query` is the launch query (mini-program) or the address's search params (H5).
 */
export async function appStart(query: Query = {}) {
  resetVersion()
  const q: Record<string, string> = {}
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q[k] = String(v)
  if (process.env.TARO_ENV === 'h5' && typeof window !== 'undefined') {
    new URLSearchParams(window.location.search).forEach((v, k) => (q[k] = v))
  }
  // A mini-program code's scene carries sUid / bUid (and the page's id): decode it like a link's query.
  if (q.scene) Object.assign(q, await withScene(q))
  // The login page carries the page it returns to (with its sUid / bUid) in "redirect": a reload of the login page
  // (pull-to-refresh, WeChat restoring the web view) keeps the sharer, so the new member is still bound to them.
  const returning = sharerOfRedirect(q.redirect)
  rememberSharer(q.sUid || returning.sUid, q.bUid || returning.bUid)
  if (q.bUid || returning.bUid) useUserStore.getState().setSBusinessId(q.bUid || returning.bUid)
  if (q.bUid) recordLaunchVisit(q)
  if (!q.token) return
  useUserStore.getState().setToken(q.token)
  await loadMemberInfo()
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return
  const url = new URL(window.location.href)
  if (q.code) {
    await getWechatH5OpenId(q.code).catch(() => undefined)
    url.searchParams.delete('code')
    url.searchParams.delete('state')
    if (gatingEnabled()) {
      const host = pickEntryHost()
      url.host = host
      url.searchParams.set('token', q.token)
      window.location.replace(url.toString())
      return
    }
  }
  url.searchParams.delete('token')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

export { isLoggedIn }
export const launchQuery = (): Query => (Taro.getLaunchOptionsSync?.()?.query as Query) || {}
