import Taro, { useRouter } from '@tarojs/taro'
import { ROUTES, TAB_PATHS } from '@/routes'
import { useCommonStore } from '@/stores/common'

export type Query = Record<string, string | number | boolean | null | undefined>

/** path + query string (empty values dropped). */
export function withQuery(path: string, query?: Query): string {
  const parts = Object.entries(query || {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length ? `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}` : path
}

const normalise = (path: string) => (path === '/' ? ROUTES.home : path.startsWith('/') ? path : `/${path}`)
export const isTabPath = (path: string) => TAB_PATHS.includes(normalise(path.split('?')[0]))

/** Opens a page; a tab page is opened with switchTab (a tab cannot be pushed). */
export function navigateTo(path: string, query?: Query) {
  const p = normalise(path)
  if (isTabPath(p)) return switchTab(p)
  return Taro.navigateTo({ url: withQuery(p, query) })
}

export function redirectTo(path: string, query?: Query) {
  const p = normalise(path)
  if (isTabPath(p)) return switchTab(p)
  return Taro.redirectTo({ url: withQuery(p, query) })
}

export const reLaunch = (path: string, query?: Query) => Taro.reLaunch({ url: withQuery(normalise(path), query) })

export const switchTab = (path: string) => Taro.switchTab({ url: normalise(path.split('?')[0]) })

/** Back; with no previous page, go home (SPEC.md section 2). */
export function back(delta = 1) {
  const pages = Taro.getCurrentPages()
  if (pages.length > delta) return Taro.navigateBack({ delta })
  return reLaunch(ROUTES.home)
}

/** Sets the page title in the store (our nav bars read it), the native bar, and document.title on H5. */
export function setTitle(title: string, style?: Record<string, string>) {
  useCommonStore.getState().setPageTitle(title, style)
  Taro.setNavigationBarTitle({ title }).catch(() => {})
  if (process.env.TARO_ENV === 'h5' && typeof document !== 'undefined') document.title = title
}

/** Keys Taro's H5 router adds to a page's parameters (not the page's own query). */
const ROUTER_KEYS = new Set(['stamp', '$taroTimestamp'])

/**
 * The current page path and its options, as a login redirect target. The mini-program gives a page its query as
 * `options`; Taro's H5 router keeps the query (still URL-encoded) in `$taroParams` with its own `stamp` and
 * `$taroTimestamp`, and its `options` empty or unset: without it a shared `details?id=13&sUid=1&bUid=1` came back
 * from login as `details` with no id.
 */
export function currentTarget(): { path: string; options: Record<string, string> } {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1] as any
  const path = page
    ? `/${
        String(page.route || page.path || '')
          .replace(/^\//, '')
          .split('?')[0]
      }`
    : ROUTES.home
  const options: Record<string, string> = {}
  // Both, merged: the H5 router sets `options` to its own (empty) route params on the entry page.
  for (const [k, v] of Object.entries({ ...(page?.$taroParams || {}), ...(page?.options || {}) } as Record<string, unknown>)) {
    if (ROUTER_KEYS.has(k) || v === undefined || v === null || v === '') continue
    try {
      options[k] = decodeURIComponent(String(v))
    } catch {
      options[k] = String(v)
    }
  }
  return { path, options }
}

/** The page's query parameters (decoded), {} when there are none. */
export function usePageParams<T extends Record<string, string> = Record<string, string>>(): Partial<T> {
  const router = useRouter()
  const params = (router?.params || {}) as Record<string, string>
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(params)) {
    if (k === '$taroTimestamp' || v === undefined) continue
    try {
      out[k] = decodeURIComponent(String(v))
    } catch {
      out[k] = String(v)
    }
  }
  return out as Partial<T>
}
