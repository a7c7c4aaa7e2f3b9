// What the console's end-to-end specs share: the console build (when older than its sources), its route list, a
// sized browser window with its page errors collected, antd's spaced button labels, and the demo owner's sign-in.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from './harness.mjs'

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

/** Signs in as the demo owner (admin / admin123456) and waits for the dashboard. */
export async function consoleSignIn(page, base) {
  await page.goto(`${base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码').fill('admin123456')
  await btn(page, '登录').click()
  await page.waitForURL(/\/admin\/dashboard/)
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
