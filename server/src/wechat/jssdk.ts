import crypto from 'node:crypto'

/** A random nonce of letters and digits (WeChat accepts up to 32 characters). */
export function nonceStr(length = 16): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.randomBytes(length)
  let s = ''
  for (let i = 0; i < length; i++) s += chars[bytes[i] % chars.length]
  return s
}

/** The page address WeChat signs: everything before '#'. */
export const signableUrl = (url: string): string => url.split('#')[0]

/**
 * JS-SDK wx.config signature: SHA1 (lowercase hex) of
 * jsapi_ticket=..&noncestr=..&timestamp=..&url=.. (keys in ASCII order, raw values, url without '#...').
 */
export function jssdkSignature(p: { ticket: string; nonceStr: string; timestamp: number | string; url: string }): string {
  const s = `jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${signableUrl(p.url)}`
  return crypto.createHash('sha1').update(s, 'utf8').digest('hex')
}

/** The wx.config payload for a page address: { appId, timestamp (seconds), nonceStr, signature }. */
export function wxConfigFor(appId: string, ticket: string, url: string, now = Date.now(), nonce = nonceStr()) {
  const timestamp = Math.floor(now / 1000)
  return { appId, timestamp, nonceStr: nonce, signature: jssdkSignature({ ticket, nonceStr: nonce, timestamp, url }) }
}
