// What the console's end-to-end specs share: the suite's setup (console build when older than its sources, a shop,
// Chromium, windows closed at the end), its route list, a sized browser window with its page errors collected,
// antd's spaced button labels, and the demo owner's sign-in.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ROOT, startShop } from './harness.mjs'
export { shopAs } from './harness.mjs'

export const ADMIN_DIST = path.join(ROOT, 'admin', 'dist')

function newest(dir) {
  let t = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)
  }
  return t
}

/** Builds admin/dist when it is missing or older than admin/src, types/ or the Vite config. */
export function buildConsole() {
  const index = path.join(ADMIN_DIST, 'index.html')
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0
  const sources = Math.max(newest(path.join(ROOT, 'admin', 'src')), newest(path.join(ROOT, 'types')), fs.statSync(path.join(ROOT, 'admin', 'vite.config.ts')).mtimeMs)
  if (built && built > sources) return
  const r = spawnSync('npx', ['vite', 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  assert.equal(r.status, 0, 'vite build of the console')
}

/** A browser window of this size and theme (closed by the caller's browser), with the errors the page throws collected. */
export async function openWindow(browser, { width, height, scale = 1, dark = false }) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: scale,
    isMobile: width < 500,
    hasTouch: width < 500,
    colorScheme: dark ? 'dark' : 'light',
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(String(e)))
  return { context, page, errors }
}

/** antd writes two-character Chinese button labels with a space between them ("确 定"). */
export const btn = (page, text) => page.getByRole('button', { name: new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`) })

/**
 * Picks the option with this text in the antd Select labelled `label` (typed into it first when it can be searched),
 * then waits for the Select to show it. Under load a click could land while the dropdown was still drawing its
 * filtered list and the choice was lost (console.spec's courier, with a second spec running beside it): chosen again,
 * up to three times, instead of failing the form later with its 请选择 message.
 */
export async function choose(page, label, option) {
  const box = page.getByRole('combobox', { name: label })
  const chosen = page.locator('.ant-select').filter({ has: box }).locator('.ant-select-selection-item', { hasText: option })
  for (let attempt = 1; ; attempt++) {
    await box.click()
    if (await box.isEditable()) await box.fill(option)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click()
    try {
      await chosen.first().waitFor({ timeout: 5000 })
      return
    } catch (err) {
      if (attempt === 3) throw err
    }
  }
}

/** The demo seed's owner password, which the console makes its owner change at the first sign-in. */
export const DEMO_OWNER_PASSWORD = 'admin123456'
/** The demo owner's password once the suite has changed it (every spec but the one that walks the first sign-in). */
export const OWNER_PASSWORD = 'Owner-e2e-2026'

/**
 * The demo owner's first password change, through the API (the same routes the console's 设置新密码 step calls):
 * the specs that test something else start signed-in work with OWNER_PASSWORD. consoleRoles.spec walks the step itself.
 */
export async function changeDemoOwnerPassword(base) {
  const login = await fetch(`${base}/admin/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_OWNER_PASSWORD }),
  })
  const body = await login.json()
  assert.equal(body.code, 200, body.msg)
  assert.equal(body.data.mustChangePassword, true, 'the demo owner must change admin123456 first')
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('mall_admin='))
  const headers = { 'content-type': 'application/json', cookie: cookie.split(';')[0], 'x-csrf-token': body.data.csrfToken }
  const changed = await (await fetch(`${base}/admin/api/auth/password`, { method: 'POST', headers, body: JSON.stringify({ oldPassword: DEMO_OWNER_PASSWORD, newPassword: OWNER_PASSWORD }) })).json()
  assert.equal(changed.code, 200, changed.msg)
  await fetch(`${base}/admin/api/auth/logout`, { method: 'POST', headers })
}

/**
 * The console's API as the demo owner (OWNER_PASSWORD, after changeDemoOwnerPassword): get / post / put on paths under
 * /admin/api, answering the envelope. For specs whose staff step is not what they test (credit a balance, make an activity).
 */
export async function ownerApi(base) {
  const login = await fetch(`${base}/admin/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }) })
  const body = await login.json()
  assert.equal(body.code, 200, body.msg)
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('mall_admin='))
    .split(';')[0]
  const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': body.data.csrfToken }
  const call = async (method, url, b) => (await fetch(`${base}/admin/api${url}`, { method, headers, body: b === undefined ? undefined : JSON.stringify(b) })).json()
  return { get: (url) => call('GET', url), post: (url, b = {}) => call('POST', url, b), put: (url, b) => call('PUT', url, b) }
}

/** Signs in as the demo owner (admin, its password changed by the suite) and waits for the dashboard and its 待办事项. */
export async function consoleSignIn(page, base) {
  await page.goto(`${base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码').fill(OWNER_PASSWORD)
  await btn(page, '登录').click()
  await page.waitForURL(/\/admin\/dashboard/)
  await page.getByText('待办事项').waitFor()
}

/**
 * Waits until antd's spinners, skeletons and loading buttons are gone and no animation runs, for 300 ms on end (a
 * button that has just stopped loading starts its colour transition a frame later; axe measured a 查询 button still
 * loading, or half-way back to its colour). Up to 30 s: on a busy machine a page's first request took over 10 s.
 */
export async function waitQuiet(page) {
  await page
    .waitForFunction(
      () => {
        const quiet =
          !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading') &&
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)
        if (!quiet) return (window.__quietSince = 0)
        window.__quietSince ||= performance.now()
        return performance.now() - window.__quietSince >= 300
      },
      null,
      { timeout: 30_000 },
    )
    .catch(() => undefined)
}

/**
 * Every console page without a parameter, read from admin/src/routes.tsx (MENU): each `{ path: '...', ... page: page(`
 * entry whose path has no ":param". Pages added to the menu later are walked without touching the specs.
 */
export function consolePagePaths() {
  const src = fs.readFileSync(path.join(ROOT, 'admin', 'src', 'routes.tsx'), 'utf8')
  const paths = [...src.matchAll(/path: '(\/[^']*)'(?:(?!path:)[\s\S])*?page: page\(/g)].map((m) => m[1]).filter((p) => !p.includes(':'))
  return [...new Set(paths)]
}

/** Gives a member of the shop a default address (the shop's API), so checkout has one: `name` is its receiver. */
export async function addAddress(shop, token, name) {
  const addr = await shop.api('POST', '/api/memberAddress/add', { name, phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }, token)
  assert.equal(addr.code, 200, addr.msg)
}

/** A 1×1 PNG: a picture to upload. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64')

/**
 * The setup of a console spec, registered as its before/after hooks: builds the console when older than its
 * sources, starts a shop (on E2E_PORT when set), launches Chromium and, with `picture`, writes PNG to a file of
 * that name, then runs the spec's own `setup(suite)`; after the tests, closes every window opened with `open`, the
 * browser and the shop. The shop, browser and picture exist once `before` has run: read them through the returned
 * getters inside tests. (A spec's own setup goes in `setup`, not in a second root `before`: Node 20 starts a root
 * hook as it is registered, so two would run at once.) The demo owner's first password change is made through the
 * API (OWNER_PASSWORD) unless `firstSignIn` leaves it to the spec.
 */
export function useConsoleSuite({ picture, setup, firstSignIn = false } = {}) {
  let shop, browser, tmp
  const contexts = []
  before(async () => {
    buildConsole()
    shop = await startShop(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {})
    if (!firstSignIn) await changeDemoOwnerPassword(shop.base)
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS })
    if (picture) {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'))
      fs.writeFileSync(path.join(tmp, picture), PNG)
    }
    await setup?.(suite)
  })
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
    await browser?.close()
    await shop?.stop()
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  })
  const suite = {
    get shop() {
      return shop
    },
    get browser() {
      return browser
    },
    /** The path of the `picture` file. */
    get picture() {
      return path.join(tmp, picture)
    },
    /** A browser window of this size and theme (openWindow), closed after the tests. */
    async open(size) {
      const w = await openWindow(browser, size)
      contexts.push(w.context)
      return w
    },
    /** Signs in as the demo owner and waits for the dashboard. */
    signIn: (page) => consoleSignIn(page, shop.base),
  }
  return suite
}
