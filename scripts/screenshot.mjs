// Screenshots of the H5 shop at a phone viewport (375x812) in Debian's Chromium.
// node scripts/screenshot.mjs --base http://127.0.0.1:3000 --out /tmp/shots [--dark] [--token T] /pages/home/index /pages/sort/index ...
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const args = process.argv.slice(2)
const opt = (name, d) => {
  const i = args.indexOf(`--${name}`)
  if (i < 0) return d
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const flag = (name) => {
  const i = args.indexOf(`--${name}`)
  if (i < 0) return false
  args.splice(i, 1)
  return true
}
const base = opt('base', 'http://127.0.0.1:3000')
const out = opt('out', '/tmp/shots')
const token = opt('token', '')
const wait = Number(opt('wait', '2500'))
const dark = flag('dark')
const paths = args.length ? args : ['/']
fs.mkdirSync(out, { recursive: true })

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS })
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: dark ? 'dark' : 'light', locale: 'zh-CN' })
const page = await context.newPage()
if (token) {
  // Log in like the app start does: a token in the address is saved and member info loaded.
  await page.goto(`${base}/?token=${encodeURIComponent(token)}`)
  await page.waitForTimeout(wait)
}
for (const p of paths) {
  await page.goto(`${base}${p}`)
  await page.waitForTimeout(wait)
  const file = path.join(out, `${p.replace(/[/?=&]+/g, '_').replace(/^_/, '') || 'root'}${dark ? '-dark' : ''}.png`)
  await page.screenshot({ path: file })
  console.log(file)
}
await browser.close()
