// End-to-end harness: the real server (fresh SQLite, seeded) serving the H5 build, and Debian's Chromium at 375x812.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { before, after } from 'node:test'
import { chromium } from 'playwright-core'

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..')
export const H5_DIR = process.env.E2E_H5_DIR || path.join(ROOT, 'dist', 'h5-e2e')
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
export const SHOTS = path.join(ROOT, 'test', 'e2e', 'screens')

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/**
 * Node's arguments for the server (`main`) or the operator CLI (`admin`): the bundles run.mjs built for this run
 * (E2E_SERVER_BUNDLE, serverBundle.mjs), else the TypeScript sources through tsx (a spec started on its own).
 */
function serverCommand(entry) {
  const bundle = process.env.E2E_SERVER_BUNDLE && path.join(process.env.E2E_SERVER_BUNDLE, `${entry}.cjs`)
  if (bundle && fs.existsSync(bundle)) return ['--enable-source-maps', bundle]
  return [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'server', 'src', `${entry}.ts`)]
}

/** Starts the shop on a free port (or env.PORT, for builds that name their host:port) with its own data folder; resolves when it answers. */
export async function startShop(env = {}) {
  const port = Number(env.PORT) || (await freePort())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-e2e-'))
  const log = []
  const child = spawn(process.execPath, serverCommand('main'), {
    cwd: ROOT,
    // PORT last: the port waited for is the one the server is given (an empty PORT in env means "any").
    env: { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, H5_DIR, LOG_LEVEL: 'info', DATABASE_URL: '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => log.push(d.toString()))
  child.stderr.on('data', (d) => log.push(d.toString()))
  const base = `http://127.0.0.1:${port}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log.join('')}`)
    try {
      const r = await fetch(`${base}/h5/api/member/loginStatus?p=4`)
      if (r.ok) break
    } catch {}
    // E2E_START_MS: a longer wait on a busy machine (the server compiles its TypeScript on start; two specs start theirs at once).
    if (Date.now() - started > (Number(process.env.E2E_START_MS) || 120_000)) {
      child.kill('SIGKILL') // else the spec's process waits for it forever
      throw new Error(`server did not start: ${log.join('')}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    base,
    port,
    dataDir,
    log,
    /** The last verification code the server "sent" to a phone (the log SMS provider). */
    async smsCode(phone) {
      for (let i = 0; i < 40; i++) {
        const m = [...log.join('').matchAll(new RegExp(`sms code (\\d{6}) for ${phone}`, 'g'))]
        if (m.length) return m[m.length - 1][1]
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no sms code for ${phone}`)
    },
    /** Logs in through the API (for tests that start logged in); returns the token. */
    async apiLogin(phone) {
      await fetch(`${base}/h5/api/member/getVerificationCode?p=4&phone=${phone}`)
      const code = await this.smsCode(phone)
      const r = await fetch(`${base}/h5/api/member/phoneRegister?p=3`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, verificationCode: code }) })
      return (await r.json()).data.token
    },
    async api(method, url, body, token) {
      const sep = url.includes('?') ? '&' : '?'
      const r = await fetch(`${base}/h5${url}${sep}p=${method === 'GET' ? 4 : 3}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: method === 'GET' ? undefined : JSON.stringify(body || {}),
      })
      return r.json()
    },
    /** Runs the operator CLI against this shop's database, with the shop's configuration (its outside services too). */
    admin(...args) {
      return new Promise((resolve, reject) => {
        const c = spawn(process.execPath, [...serverCommand('admin'), ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: '', ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        })
        let out = ''
        c.stdout.on('data', (d) => (out += d))
        c.stderr.on('data', (d) => (out += d))
        c.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin ${args.join(' ')} failed: ${out}`))))
      })
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Every page path of the route list (types/routes.ts, which src/routes.ts re-exports), without the leading slash (main package, then each subpackage). */
export function allPagePaths() {
  const src = fs.readFileSync(path.join(ROOT, 'types', 'routes.ts'), 'utf8')
  const main = [...src.matchAll(/'(pages\/[A-Za-z_]+\/[A-Za-z_]+)'/g)].map((m) => m[1])
  const subs = [...src.matchAll(/root: '(\w+)',\s*pages: \[([^\]]*)\]/g)].flatMap((m) => [...m[2].matchAll(/'([^']+)'/g)].map((p) => `${m[1]}/${p[1]}`))
  return [...new Set([...main, ...subs])]
}

/** The id of the first record anywhere in an answer (lists come as data.list, data.records or data itself). */
function firstId(json) {
  const queue = [json?.data]
  while (queue.length) {
    const v = queue.shift()
    if (Array.isArray(v)) {
      if (v[0] && typeof v[0] === 'object' && v[0].id !== undefined) return v[0].id
      queue.push(...v)
    } else if (v && typeof v === 'object') queue.push(...Object.values(v))
  }
  return undefined
}

/**
 * The demo seed's 拼团 (server/src/demo/groupBuy.ts: the demo agent's paid open group on a goods with a live activity): the goods,
 * the activity and the group, found through the agent's 我的拼团 — with `token` when the caller is already signed in as
 * the demo agent (a second sign-in within a minute meets the SMS code's cooldown), else signing the agent in. Once per shop.
 */
export function seededGroupBuy(shop, token) {
  if (!seededGroups.has(shop)) seededGroups.set(shop, findSeededGroupBuy(shop, token))
  return seededGroups.get(shop)
}
const seededGroups = new WeakMap()
async function findSeededGroupBuy(shop, token) {
  const mineOf = async (t) => (await fetch(`${shop.base}/h5/api/groupBuy/mine?p=4`, { headers: { token: t } })).json()
  let auth = token
  let mine = auth ? await mineOf(auth) : null
  if (!Array.isArray(mine?.data) || !mine.data.some((g) => g.state === 'open')) {
    auth = await shop.apiLogin('13900139000')
    mine = await mineOf(auth)
  }
  if (!Array.isArray(mine.data)) throw new Error(`the demo agent's 我的拼团: ${mine.msg}`)
  const open = mine.data.find((g) => g.state === 'open')
  if (!open) return null
  const api = async (url) => (await fetch(`${shop.base}/h5/api${url}&p=4`, { headers: { token: auth } })).json()
  const group = (await api(`/groupBuy/group?groupId=${open.groupId}`)).data
  const goods = (await api(`/groupBuy/goods?goodsId=${group.goodsId}`)).data
  return goods?.activity ? { goodsId: group.goodsId, activity: goods.activity, groupId: open.groupId } : null
}

/** Each page's query (`?id=…`): a real record of the seed for the pages that show one (the first of its list), else none (the bench and the large-text spec). */
export async function pageQueries(shop, token) {
  const api = async (url, auth) => (await fetch(`${shop.base}/h5/api${url}${url.includes('?') ? '&' : '?'}p=4`, { headers: auth ? { token: auth } : {} })).json()
  const goods = firstId(await api(`/goods/search?keyword=${encodeURIComponent('连衣')}&page=1&pageSize=1`)) ?? firstId(await api('/home/selfList'))
  const order = firstId(await api('/order/list?page=1&pageSize=1', token))
  const article = firstId(await api('/article/list?page=1&pageSize=1'))
  const notice = firstId(await api('/content/noticeList?page=1&pageSize=1'))
  const activity = firstId(await api('/content/activityList?page=1&pageSize=1'))
  const integral = firstId(await api('/integral/goodsList?page=1&pageSize=1', token))
  const address = firstId(await api('/memberAddress/list', token))
  const group = (await seededGroupBuy(shop, token))?.groupId
  const ids = {
    'goodsPages/details/': goods,
    'myOrder/details': order,
    'myOrder/evaluate': order,
    'myOrder/follow-up': order,
    'afterSales/apply': order,
    seeLogistics: order,
    'genderSchool/details': article,
    'notice/details': notice,
    'activity/details': activity,
    'myIntegral/goodsDetails': integral,
    'myIntegral/placeAnOrder': integral,
    'shippingAddress/operate': address,
    'goodsPages/group/index': group === undefined ? undefined : `?groupId=${group}`,
  }
  const found = Object.entries(ids).filter(([, id]) => id !== undefined)
  return (p) => {
    const hit = found.find(([k]) => p.includes(k))
    return hit ? (String(hit[1]).startsWith('?') ? hit[1] : `?id=${hit[1]}`) : ''
  }
}

/** A phone-sized browser page (`args`: extra Chromium flags, e.g. --host-resolver-rules). */
export async function openBrowser({ dark = false, userAgent, args = [] } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...args] })
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: dark ? 'dark' : 'light',
    locale: 'zh-CN',
    ...(userAgent ? { userAgent } : {}),
  })
  const page = await context.newPage()
  return { browser, context, page, errors: collectErrors(page) }
}

/** The errors `page` throws from now on, in the returned array; `errors.stop()` stops collecting. */
export function collectErrors(page) {
  const errors = []
  const onError = (e) => errors.push(String(e))
  // A script, style or frame the Content-Security-Policy refused is an error too (the server's policy must fit the build).
  const onConsole = (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(`CSP: ${m.text()}`)
  }
  page.on('pageerror', onError)
  page.on('console', onConsole)
  // Not enumerable: specs compare the array itself with [].
  Object.defineProperty(errors, 'stop', {
    value: () => {
      page.off('pageerror', onError)
      page.off('console', onConsole)
    },
  })
  return errors
}

/**
 * Opens the shop in `page` logged in as the member of `token`, as a shared link does, and waits until the member's
 * info is stored. The app asks for it after its first draw (the tab bar shows before it): a page loaded before then
 * finds a token without member info, which is not logged in (isLoggedIn in src/stores/user.ts), and opens login.
 */
export async function shopAs(page, shop, token) {
  await page.goto(`${shop.base}/?token=${token}`)
  await page.waitForFunction(() => /id\\*":\d+/.test(localStorage.getItem('user') || ''))
}

/**
 * A spec's shop and phone-sized browser (openBrowser's options: suite.page, .context, .errors), started before its
 * tests and closed after them. With `member`, that phone logs in through the API (suite.token); `setup(suite)` runs
 * last in the same hook (Node starts a root before hook as it is registered: a spec's own would run beside this one).
 */
export function useShopSuite({ env, member, browser, setup } = {}) {
  const suite = {
    shop: null,
    token: null,
    /** Opens the shop in the suite's page as the logged-in member (the token in the address, as a shared link does). */
    signIn: () => shopAs(suite.page, suite.shop, suite.token),
  }
  before(async () => {
    suite.shop = await startShop(env)
    Object.assign(suite, await openBrowser(browser))
    if (member) suite.token = await suite.shop.apiLogin(member)
    await setup?.(suite)
  })
  after(async () => {
    await suite.browser?.close()
    await suite.shop?.stop()
  })
  return suite
}

/**
 * Runs `visit(page, item)` for every item in `tabs` pages of the suite's context at once (the suite's page and
 * tabs - 1 more, closed after). For walks over every route whose time is spent waiting for pages to settle:
 * the waits overlap. Results keep the items' order.
 */
export async function inTabs(suite, items, visit, { tabs = 2 } = {}) {
  const extra = await Promise.all(Array.from({ length: tabs - 1 }, () => suite.context.newPage()))
  const results = new Array(items.length)
  let next = 0
  try {
    await Promise.all(
      [suite.page, ...extra].map(async (page) => {
        while (next < items.length) {
          const i = next++
          results[i] = await visit(page, items[i])
        }
      }),
    )
  } finally {
    await Promise.all(extra.map((p) => p.close()))
  }
  return results
}

/** The home page's new-member gift popup would cover the page: closed for today in this context, as a member would. */
export function dismissNewMemberGift(context) {
  return context.addInitScript(() => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    localStorage.setItem('newMemberCouponDismissed', JSON.stringify({ data: today }))
  })
}

export async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

/** Only what the member sees: Taro keeps the pages below the current one in the DOM, hidden. */
export const shown = (page, selector, options) => page.locator(`${selector}:visible`, options)
/** Scrolls down the way a visitor would until `selector` is drawn (pages that draw what is below as it comes near). */
export async function scrollUntilShown(page, selector, { steps = 20 } = {}) {
  const target = shown(page, selector).first()
  const { width, height } = page.viewportSize()
  await page.mouse.move(width / 2, height / 2)
  for (let i = 0; i < steps && !(await target.isVisible()); i++) {
    await page.mouse.wheel(0, height / 2)
    await page.waitForTimeout(150)
  }
  await target.waitFor()
  return target
}

/** A NutUI button by its text (the button element takes the click). */
export const button = (page, text) => shown(page, 'taro-button-core, button.nut-button', { hasText: text }).first()
/** A Taro toast with this text (its wrapper has no box of its own: the text is what shows). */
export const toastShown = (page, text) => shown(page, '.taro__toast p', { hasText: text }).waitFor()
/** Waits for the page transition to end (Taro slides pages in and out) and for the pictures on screen, then takes the screenshot. */
export async function shot(page, name) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.taro_page')].every((p) => p.classList.contains('taro_page_shade') || p.classList.contains('taro_page_stationed') || getComputedStyle(p).display === 'none'),
  )
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('img')].every((img) => {
          const r = img.getBoundingClientRect()
          const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth
          return !onScreen || (img.complete && img.naturalWidth > 0)
        }),
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined)
  await screenshot(page, name)
}
/** In the page: a page of the app is shown with some text in it. */
export const pageDrawn = () => [...document.querySelectorAll('.taro_page')].some((el) => el.offsetParent !== null && el.innerText.trim().length > 0)

/**
 * Opens `url` and waits for the state a check of the page needs instead of a fixed time: the page drawn
 * (pageDrawn) and its calls to the server over (no fetch/XHR in flight for `quietMs`). At most `timeout`:
 * a page that never gets there is left to the caller's own checks (nothing drawn, calls in a loop).
 */
export async function gotoSettled(page, url, { quietMs = 300, timeout = 15_000 } = {}) {
  const inFlight = new Set()
  let lastChange = Date.now()
  const isCall = (r) => r.resourceType() === 'fetch' || r.resourceType() === 'xhr'
  const started = (r) => isCall(r) && inFlight.add(r) && (lastChange = Date.now())
  const ended = (r) => inFlight.delete(r) && (lastChange = Date.now())
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const end = Date.now() + timeout
    await page.goto(url)
    await page.waitForFunction(pageDrawn, null, { timeout }).catch(() => undefined)
    while (Date.now() < end && (inFlight.size > 0 || Date.now() - lastChange < quietMs)) await new Promise((r) => setTimeout(r, 50))
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/** In the page: resolves once no CSS transition is running (a theme switch's colours have reached their end). */
export const transitionsOver = () => document.getAnimations().every((a) => !(a instanceof window.CSSTransition) || a.playState !== 'running')

/** How many times the page's DOM changes in `ms` while nobody touches it (a render loop changes it thousands of times). */
export const idleChanges = (page, ms) =>
  page.evaluate(
    (wait) =>
      new Promise((resolve) => {
        let n = 0
        const o = new MutationObserver((m) => (n += m.length))
        o.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
        setTimeout(() => (o.disconnect(), resolve(n)), wait)
      }),
    ms,
  )

/** Types into a Taro/NutUI input found by its placeholder. */
export async function fill(page, placeholder, value) {
  const input = page.locator(`input[placeholder="${placeholder}"], textarea[placeholder="${placeholder}"]`).first()
  await input.click()
  await input.fill(value)
}

export const unique = (() => {
  let n = 0
  return () => `${Date.now() % 100000}${n++}`.slice(-8)
})()
/** A fresh valid mainland mobile number. */
export const newPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
