// Developer text on a screen a merchant or shopper reads (issue 33): the text of a page in, the tokens that look like
// code out. The walks (devText.spec.mjs for the shop; consoleWalk.spec.mjs for every console page and
// consoleDevText.spec.mjs for records with their history) run it over every page's visible text; admin/test/devText.test.ts proves it catches each kind.
//
// Kinds: `snake` (order_reward, SETTINGS_KEY, apiclient_key.pem), `dotted` (order.ship, settings.message.official),
// `camel` (agentRules, targetType), `json` ({"status": …}), `english` (a Latin word outside the allow-list: submit,
// sandbox, member, gateway, admin).
//
// What is not developer text and is left alone: web addresses (a link the merchant typed or must open, shown as it
// is), e-mail addresses, host names (mp.weixin.qq.com: what the WeChat back office asks for), and codes that carry a
// digit (order, waybill and transaction numbers, SKU codes, H5).

/**
 * Latin words a Chinese merchant or shopper reads as Chinese text: brand and product names, and the few
 * abbreviations Chinese software writes in Latin letters. Keep it short: every entry needs its reason.
 */
export const ALLOWED_WORDS = new Set([
  // Brands and products people know by these names.
  'WeChat', // 微信's own Latin name in its payment and developer back offices
  'QQ', // the messenger
  'iPhone', // a signed-in device (账号安全)
  'iPad',
  'Android',
  'Windows',
  'Mac',
  'macOS',
  'Chrome',
  'Safari',
  'Edge',
  'Firefox',
  'Linux',
  // Abbreviations written in Latin in Chinese software.
  'App', // 手机 App
  'ID', // 会员 ID, AppID
  'AppID', // WeChat's own field name in its back office (公众号 / 小程序 → 开发设置)
  'AppSecret', // the same back office's field name
  'APIv3', // 微信支付商户平台's key name (API安全 → APIv3密钥)
  'SKU', // goods' stock-keeping unit, the term sellers use
  'CSV', // the export format
  'IP', // a sign-in's address
  'URL',
  'VIP',
  'Logo', // 店铺 Logo
  'OK',
  'PC',
  'KB', // picture size limits
  'MB',
  'MOV', // a video file format the upload accepts, written as Chinese software writes it (支持 MP4 / MOV), like CSV
  'HDR', // a screen feature in the demo catalogue's goods names (HDR 屏): the shop's data
  'LED', // lamps and screens in the demo catalogue's goods names (LED吸顶灯, Mini LED电视): the shop's data; the flash-sale list shows them at some hours of the day (the seed adds a session running now between its slots)
  'Mini', // the same screens' name (Mini LED电视)
])

const URL_RE = /\b(?:https?|weixin|otpauth):\/\/[^\s，。；）)」]+/g
const EMAIL_RE = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g
const HOST_RE = /\b(?:[a-z0-9-]+\.)+(?:com|cn|net|org|io|top|xyz|info|me|cc|co)\b(?::\d+)?(?:\/[^\s，。；）)」]*)?/gi
const JSON_RE = /[{[]\s*"[^"\n]{1,60}"\s*:/g
const SNAKE_RE = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:\.[A-Za-z0-9_]+)*\b/g
const DOTTED_RE = /\b[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9-]*)+\b/g
const WORD_RE = /[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*/g

/**
 * The developer-looking tokens of a text, each once: `[{ kind, token }]`. Empty for plain text. `data`: words that
 * are the shop's own data on that screen (the signed-in staff member's username), not text of the product.
 */
export function devTokens(text, { data = [] } = {}) {
  const found = []
  const seen = new Set()
  const add = (kind, token) => {
    const key = `${kind}:${token}`
    if (seen.has(key)) return
    found.push({ kind, token })
    seen.add(key)
  }
  let rest = String(text || '')
  for (const w of data) rest = rest.replaceAll(new RegExp(`(?<![A-Za-z0-9_.])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`, 'g'), ' ')
  for (const m of rest.matchAll(JSON_RE)) add('json', m[0])
  rest = rest.replace(URL_RE, ' ').replace(EMAIL_RE, ' ')
  for (const m of rest.matchAll(SNAKE_RE)) add('snake', m[0])
  rest = rest.replace(SNAKE_RE, ' ')
  // A host name is a dotted token ending in a top-level domain: what the merchant types or copies, not code.
  rest = rest.replace(HOST_RE, ' ')
  for (const m of rest.matchAll(DOTTED_RE)) add('dotted', m[0])
  rest = rest.replace(DOTTED_RE, ' ')
  for (const m of rest.matchAll(WORD_RE)) {
    const w = m[0]
    if (/\d/.test(w)) continue // a code: order and waybill numbers, SKU codes, H5, 4G
    if (ALLOWED_WORDS.has(w)) continue
    if (w.length < 2) continue // a single letter: 套餐 A, S 码
    if (/[a-z][A-Z]/.test(w)) add('camel', w)
    else if (/^[A-Z]{2,5}$/.test(w) && /^(?:XS|S|M|L|XL|XXL|XXXL)$/.test(w))
      continue // clothing sizes
    else add('english', w)
  }
  return found
}

/** `devTokens` as lines for an assertion message: `kind token`. */
export const describeTokens = (tokens) => tokens.map((t) => `${t.kind} ${t.token}`)

/** What the merchant or shopper reads on the page: its visible text and the placeholders of its inputs. */
export const pageText = (page) =>
  page.evaluate(() => [document.body.innerText, ...[...document.querySelectorAll('input[placeholder], textarea[placeholder]')].map((e) => e.getAttribute('placeholder'))].join('\n'))
