declare const API_ORIGIN: string

/**
 * The address a web-view page was given (query "url", URL-encoded), made absolute: a path on the shop
 * ("/media/...") is resolved against the page's origin on H5 and against the API origin in the mini-program.
 * Returns '' for anything that is not http(s).
 */
export function resolveWebUrl(raw: string | undefined | null, pageOrigin?: string): string {
  let s = String(raw ?? '').trim()
  if (!s) return ''
  // Taro hands over query values still encoded on some shells; decode once when it looks encoded.
  if (/^https?%3A/i.test(s) || /^%2F/i.test(s)) {
    try {
      s = decodeURIComponent(s)
    } catch {
      return ''
    }
  }
  if (s.startsWith('/') && !s.startsWith('//')) {
    // The mini-program has no page origin of its own (Taro's stand-in window answers https://taro.com): there a
    // path is on the configured shop origin only.
    const h5Origin = process.env.TARO_ENV === 'h5' && typeof window !== 'undefined' && window.location ? window.location.origin : ''
    const origin = pageOrigin ?? (typeof API_ORIGIN === 'string' && API_ORIGIN ? API_ORIGIN : h5Origin)
    return origin ? `${origin}${s}` : ''
  }
  return /^https?:\/\//i.test(s) ? s : ''
}

/** The in-app page that opens an activity's link. */
export const activityWebKind = (linkType: string): 'activityWeb' | 'activityCustomize' | null => (linkType === 'web' ? 'activityWeb' : linkType === 'customize' ? 'activityCustomize' : null)
