// JavaScript the home page needs before its first screen is drawn: load / in Chromium at 375x812 and sum, gzipped,
// every script asked for until the home page has drawn its first screen. Target ≤ 150 KB gzipped. Also lists the CSS.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'
import { ensureH5Build, startShopServer, table, CHROMIUM, CHROMIUM_ARGS } from './lib.mjs'

const dir = await ensureH5Build()
const shop = await startShopServer({ H5_DIR: dir })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
try {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })).newPage()
  // Scripts asked for before the home page's first screen (the tab bar and the icons under the banner,
  // drawn by the app) is on screen; what a page loads after that (the new-member popup, the carousel) is not counted.
  const seen = []
  let drawn = false
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (!drawn && /\.(js|css)$/.test(u.pathname)) seen.push(u.pathname)
  })
  await page.goto(`${shop.base}/`, { waitUntil: 'commit' })
  await page.waitForFunction(() => document.querySelectorAll('.weui-tabbar__item').length === 5 && document.querySelector('.home-navs__item'), null, { timeout: 30_000, polling: 'raf' })
  drawn = true
  await page.waitForLoadState('load')
  const firstPaint = await page.evaluate(() => performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]))
  const rows = [...new Set(seen)].map((p) => {
    const file = path.join(dir, p)
    const raw = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0)
    return { file: p, kind: p.endsWith('.js') ? 'js' : 'css', 'raw KB': (raw.length / 1024).toFixed(1), 'gzip KB': (zlib.gzipSync(raw, { level: 9 }).length / 1024).toFixed(1) }
  })
  const sum = (kind, key) =>
    rows
      .filter((r) => r.kind === kind)
      .reduce((a, r) => a + Number(r[key]), 0)
      .toFixed(1)
  console.log(table(rows, ['file', 'kind', 'raw KB', 'gzip KB']))
  console.log(`\nhome first load: JS ${sum('js', 'gzip KB')} KB gzipped (${sum('js', 'raw KB')} KB raw), CSS ${sum('css', 'gzip KB')} KB gzipped; paint entries ${JSON.stringify(firstPaint)}`)
  console.log(`target: JS ≤ 150 KB gzipped → ${Number(sum('js', 'gzip KB')) <= 150 ? 'meets target' : 'below target'}`)
} finally {
  await browser.close()
  await shop.stop()
}
