/**
 * H5: stands in for the `platform` package (42 KB) that Taro's getSystemInfo reads its brand, model, system
 * and platform from. The shop only needs the OS family and version, read from the user agent here.
 */
const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent

function detectOs(): { family: string; version: string } | undefined {
  let m: RegExpMatchArray | null
  if ((m = ua.match(/OS (\d+[_.]\d+(?:[_.]\d+)?) like Mac OS X/))) return { family: 'iOS', version: m[1].replace(/_/g, '.') }
  if ((m = ua.match(/Android[ /]?([\d.]+)?/))) return { family: 'Android', version: m[1] || '' }
  if ((m = ua.match(/Windows NT ([\d.]+)/))) return { family: 'Windows', version: m[1] }
  if ((m = ua.match(/Mac OS X ([\d_.]+)/))) return { family: 'OS X', version: m[1].replace(/_/g, '.') }
  if (/Linux/.test(ua)) return { family: 'Linux', version: '' }
  return undefined
}

const detected = detectOs()
const os = detected && { ...detected, toString: () => `${detected.family}${detected.version ? ` ${detected.version}` : ''}` }

export default { os, manufacturer: undefined as string | undefined, product: undefined as string | undefined, ua }
