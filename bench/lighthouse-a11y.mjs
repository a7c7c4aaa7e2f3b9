// Lighthouse 12 accessibility and best-practices scores of every page of src/routes.ts (issue 23), logged in as
// the seed's agent member, each page with a real record of the seed as its parameter, in the light and the dark
// theme. Target: both scores ≥ 95 on every page. Slow (two Lighthouse runs per page): LH_PAGES=home,details
// limits it to the pages whose path contains one of the words; LH_THEMES=light runs one theme.
import fs from 'node:fs'
import { chromium } from 'playwright-core'
import { ensureH5Build, table, CHROMIUM, CHROMIUM_ARGS } from './lib.mjs'

const MEMBER = '13900139000'
const dir = await ensureH5Build()
// The e2e harness's server (it keeps the log, where the SMS code of the login is) serving this build.
process.env.E2E_H5_DIR = dir
const { startShop, allPagePaths, pageQueries } = await import('../test/e2e/harness.mjs')
const shop = await startShop()
const { default: lighthouse } = await import('lighthouse')
const chromeLauncher = await import('chrome-launcher')

const wanted = (process.env.LH_PAGES || '').split(',').filter(Boolean)
const themes = (process.env.LH_THEMES || 'light,dark').split(',')
const paths = allPagePaths().filter((p) => !wanted.length || wanted.some((w) => p.includes(w)))
const rows = []
const failing = new Map()
try {
  const token = await shop.apiLogin(MEMBER)
  const query = await pageQueries(shop, token)
  for (const theme of themes) {
    // The dark theme: Chromium reports prefers-color-scheme: dark to the page (--force-dark-mode), as a phone set to dark.
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_ARGS, ...(theme === 'dark' ? ['--force-dark-mode', '--blink-settings=preferredColorScheme=0'] : [])] })
    try {
      // Logged in once: the token in the address, as a shared link does; Lighthouse keeps the storage (disableStorageReset).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      const page = await browser.contexts()[0].newPage()
      await page.goto(`${shop.base}/?token=${token}`)
      await page.waitForFunction(() => !!localStorage.getItem('user'))
      // Playwright's page emulates the light scheme by default: lift that to read what Lighthouse's pages will see.
      await page.emulateMedia({ colorScheme: null })
      const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)
      if (dark !== (theme === 'dark')) throw new Error(`the browser's theme is not ${theme}`)
      await page.close()
      await browser.close()
      for (const p of paths) {
        const url = `${shop.base}/${p}${query(p)}`
        let r
        for (let attempt = 0; attempt < 3; attempt++) {
          r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility', 'best-practices'], disableStorageReset: true, formFactor: 'mobile' })
          if (!r.lhr.runtimeError) break
        }
        if (r.lhr.runtimeError) throw new Error(`Lighthouse on ${p}: ${r.lhr.runtimeError.code}`)
        const a11y = Math.round(r.lhr.categories.accessibility.score * 100)
        const bp = Math.round(r.lhr.categories['best-practices'].score * 100)
        // The audits that cost points, for the docs and for fixing.
        const lost = Object.values(r.lhr.audits)
          .filter((x) => x.score !== null && x.score < 1 && x.scoreDisplayMode !== 'informative' && x.scoreDisplayMode !== 'manual' && x.scoreDisplayMode !== 'notApplicable')
          .map((x) => x.id)
        for (const id of lost) failing.set(id, (failing.get(id) || 0) + 1)
        rows.push({ page: `${p}${query(p)}`, theme, a11y, 'best practices': bp, 'audits lost': lost.join(' ') })
        // One line per page as it is measured (a full run takes a while): the table follows at the end.
        console.log(`${theme} ${p}${query(p)}: accessibility ${a11y}, best practices ${bp}${lost.length ? ` (${lost.join(' ')})` : ''}`)
        if (process.env.LH_REPORT_DIR) {
          fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true })
          fs.writeFileSync(`${process.env.LH_REPORT_DIR}/${p.replace(/\//g, '_')}-${theme}.json`, JSON.stringify(r.lhr))
        }
      }
    } finally {
      await chrome.kill()
    }
  }
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } }).catch(() => ({ default: { version: '12' } }))).default.version
  console.log(`Lighthouse ${version}, mobile, accessibility and best practices, ${paths.length} pages × ${themes.join(' and ')}\n`)
  console.log(table(rows, ['page', 'theme', 'a11y', 'best practices', 'audits lost']))
  const below = rows.filter((r) => r.a11y < 95 || r['best practices'] < 95)
  const min = (k) => Math.min(...rows.map((r) => r[k]))
  console.log(`\nlowest: accessibility ${min('a11y')}, best practices ${min('best practices')}; audits lost (pages): ${[...failing].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`)
  console.log(`target (both ≥ 95 on every page and theme): ${below.length ? `${below.length} of ${rows.length} below` : 'meets target'}`)
  process.exitCode = below.length ? 1 : 0
} finally {
  await shop.stop()
}
