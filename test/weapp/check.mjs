// Structural check of the WeChat mini-program build (DevTools does not run on Linux; ARCHITECTURE.md).
//   npm run test:weapp                 builds (TARO_OUTPUT=dist/weapp npx taro build --type weapp), then checks
//   SKIP_BUILD=1 npm run test:weapp    checks an existing build
// Checks dist/weapp/app.json against src/routes.ts (pages, subpackages, tab bar with its colours and icons),
// darkmode + theme.json, the share flags of sharing pages, each page's files, and package sizes
// (main package at most 1 MB, each subpackage at most 2 MB); then WeChat's wcc/wcsc (compilers.mjs),
// miniprogram-ci offline (ci.mjs), every page booted in the logic-layer harness with the flows (boot.mjs) and
// home drawn by the view layer (view.mjs); docs/wechat.md. Exits non-zero on any failure; the last line is
// "weapp: N passed, M failed".
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const outputRoot = process.env.TARO_OUTPUT || 'dist/weapp'
const out = path.join(root, outputRoot)
const MAIN_LIMIT = 1024 * 1024
const SUB_LIMIT = 2 * 1024 * 1024
const TOTAL_LIMIT = 20 * 1024 * 1024

let passed = 0
let failed = 0
function check(name, ok, detail = '') {
  if (ok) passed += 1
  else failed += 1
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? `: ${detail}` : ''}`)
  return ok
}
const finish = () => {
  console.log(`weapp: ${passed} passed, ${failed} failed`)
  process.exit(failed ? 1 : 0)
}

// A test build: the API origin is a stand-in that the harness (test/weapp/harness.mjs) maps to its own server.
export const TEST_API_ORIGIN = process.env.API_ORIGIN || 'https://mall.test'
if (!process.env.SKIP_BUILD) {
  console.log(`building: TARO_OUTPUT=${outputRoot} WEAPP_TEST_BUILD=1 API_ORIGIN=${TEST_API_ORIGIN} npx taro build --type weapp`)
  const r = spawnSync('npx', ['taro', 'build', '--type', 'weapp'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TARO_OUTPUT: outputRoot, WEAPP_TEST_BUILD: '1', API_ORIGIN: TEST_API_ORIGIN, NODE_ENV: process.env.NODE_ENV || 'production' },
  })
  if (!check('taro build --type weapp', r.status === 0, `exit code ${r.status}`)) finish()
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(out, file), 'utf8'))
  } catch {
    return null
  }
}
const exists = (file) => fs.existsSync(path.join(out, file))

const app = readJson('app.json')
if (!check(`${outputRoot}/app.json exists and parses`, !!app)) finish()

// The page list itself (src/routes.ts re-exports it for the pages).
const routes = await tsImport(path.join(root, 'types', 'routes.ts'), import.meta.url)
const { MAIN_PAGES, SUBPACKAGES, TAB_PAGES, TAB_BAR_STYLE } = routes

// Pages and subpackages, in the order of src/routes.ts (the first page is home, the default tab).
check('main package pages match src/routes.ts', JSON.stringify(app.pages) === JSON.stringify(MAIN_PAGES), `got ${JSON.stringify(app.pages)}`)
check('the first page is the home tab', app.pages?.[0] === 'pages/home/index')
const subs = app.subPackages || app.subpackages || []
check(`${SUBPACKAGES.length} subpackages`, subs.length === SUBPACKAGES.length, `got ${subs.length}`)
for (const s of SUBPACKAGES) {
  const built = subs.find((b) => b.root === s.root)
  check(
    `subpackage ${s.root}: ${s.pages.length} pages as in src/routes.ts`,
    !!built && JSON.stringify(built.pages) === JSON.stringify([...s.pages]),
    built ? `got ${JSON.stringify(built.pages)}` : 'missing',
  )
}
const allPages = [...MAIN_PAGES, ...SUBPACKAGES.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
const missingFiles = allPages.filter((p) => !exists(`${p}.js`) || !exists(`${p}.json`) || !exists(`${p}.wxml`))
check(`every page has its .js, .json and .wxml (${allPages.length} pages)`, missingFiles.length === 0, missingFiles.slice(0, 5).join(', '))

// Dark mode: the variables of app.json resolve through theme.json, in both themes.
const themeFile = app.themeLocation
const theme = themeFile ? readJson(themeFile) : null
check('darkmode: true', app.darkmode === true)
check('themeLocation theme.json is present', themeFile === 'theme.json' && !!theme, `themeLocation ${themeFile}`)
const resolve = (v, mode) => (typeof v === 'string' && v.startsWith('@') ? theme?.[mode]?.[v.slice(1)] : v)

// Tab bar: the five tabs in order, colours of SPEC.md section 2, icons that exist, in light and dark.
const tab = app.tabBar || {}
check('tab bar has the 5 tabs of src/routes.ts in order', JSON.stringify((tab.list || []).map((t) => [t.pagePath, t.text])) === JSON.stringify(TAB_PAGES.map((t) => [t.path, t.text])))
check(
  `tab bar colour ${TAB_BAR_STYLE.color} and selected colour ${TAB_BAR_STYLE.selectedColor} (light)`,
  resolve(tab.color, 'light')?.toLowerCase() === TAB_BAR_STYLE.color.toLowerCase() && resolve(tab.selectedColor, 'light')?.toLowerCase() === TAB_BAR_STYLE.selectedColor.toLowerCase(),
  `${resolve(tab.color, 'light')} / ${resolve(tab.selectedColor, 'light')}`,
)
for (const mode of ['light', 'dark']) {
  const colours = ['color', 'selectedColor', 'backgroundColor', 'borderStyle'].map((k) => resolve(tab[k], mode))
  check(`tab bar colours resolve in the ${mode} theme`, colours.every(Boolean), JSON.stringify(colours))
  const icons = (tab.list || []).flatMap((t) => [resolve(t.iconPath, mode), resolve(t.selectedIconPath, mode)])
  const missing = icons.filter((i) => !i || !exists(i))
  check(`tab bar icons exist in the ${mode} theme (${icons.length})`, icons.length === 10 && missing.length === 0, missing.join(', '))
  const win = app.window || {}
  const winValues = ['navigationBarBackgroundColor', 'navigationBarTextStyle', 'backgroundColor', 'backgroundTextStyle'].map((k) => resolve(win[k], mode))
  check(`window colours resolve in the ${mode} theme`, winValues.every(Boolean), JSON.stringify(winValues))
}

// Share flags: a page that shares (useShare or Taro's share hooks) needs enableShareAppMessage /
// enableShareTimeline. Taro moves them from the page config into the page's code (Component.enableShare... = true,
// read by createPageConfig, which then defines onShareAppMessage / onShareTimeline: what WeChat looks at), so
// they count in the page json or in the compiled page.
const src = (p, ext) => {
  const f = path.join(root, 'src', `${p}${ext}`)
  return fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : ''
}
let sharing = 0
const shareProblems = []
for (const p of allPages) {
  const code = src(p, '.tsx')
  const config = src(p, '.config.ts')
  const json = readJson(`${p}.json`) || {}
  const js = exists(`${p}.js`) ? fs.readFileSync(path.join(out, `${p}.js`), 'utf8') : ''
  const flag = (name) => json[name] === true || new RegExp(String.raw`\.${name}\s*=\s*(!0|true)`).test(js)
  const wantsMessage = /\buseShare\s*\(|\buseShareAppMessage\s*\(/.test(code) || /enableShareAppMessage:\s*true/.test(config)
  const wantsTimeline = /\buseShare\s*\(|\buseShareTimeline\s*\(/.test(code) || /enableShareTimeline:\s*true/.test(config)
  if (wantsMessage || wantsTimeline) sharing += 1
  if (wantsMessage && !flag('enableShareAppMessage')) shareProblems.push(`${p} (enableShareAppMessage)`)
  if (wantsTimeline && !flag('enableShareTimeline')) shareProblems.push(`${p} (enableShareTimeline)`)
}
check(`share flags of the ${sharing} sharing pages (page json or compiled page)`, sharing > 0 && shareProblems.length === 0, shareProblems.join(', '))

// project.config.json for WeChat DevTools (scripts/weapp-config.mjs).
const project = JSON.parse(fs.readFileSync(path.join(root, 'project.config.json'), 'utf8'))
check(
  'project.config.json: app id and miniprogramRoot',
  /^(wx[0-9a-f]{16}|touristappid)$/.test(project.appid) && [`${outputRoot}/`, 'dist/weapp/'].includes(project.miniprogramRoot) && project.compileType === 'miniprogram',
  JSON.stringify({ appid: project.appid, miniprogramRoot: project.miniprogramRoot }),
)

// Sizes: WeChat counts every file of a package (the main package is everything outside the subpackage roots).
function sizeOf(dir, skip = new Set()) {
  let total = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name)
    if (skip.has(full)) continue
    if (e.isDirectory()) total += sizeOf(full, skip)
    else if (!/\.map$/.test(e.name) && e.name !== 'project.config.json' && e.name !== 'project.private.config.json') total += fs.statSync(full).size
  }
  return total
}
const roots = subs.map((s) => path.join(out, s.root))
const rows = [
  ['main package', sizeOf(out, new Set(roots)), MAIN_LIMIT],
  ...subs.map((s) => [`subpackage ${s.root}`, fs.existsSync(path.join(out, s.root)) ? sizeOf(path.join(out, s.root)) : 0, SUB_LIMIT]),
]
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const width = Math.max(...rows.map((r) => r[0].length))
console.log(`\n${'package'.padEnd(width)}  ${'size'.padStart(10)}  ${'limit'.padStart(10)}`)
for (const [name, size, limit] of rows) console.log(`${name.padEnd(width)}  ${kb(size).padStart(10)}  ${kb(limit).padStart(10)}`)
const total = rows.reduce((s, r) => s + r[1], 0)
console.log(`${'total'.padEnd(width)}  ${kb(total).padStart(10)}  ${kb(TOTAL_LIMIT).padStart(10)}\n`)
for (const [name, size, limit] of rows) check(`${name} is at most ${kb(limit)}`, size <= limit, kb(size))
check(`all packages together at most ${kb(TOTAL_LIMIT)}`, total <= TOTAL_LIMIT, kb(total))

// WeChat's own compilers (test/weapp/compilers.mjs), WeChat's CI module offline (test/weapp/ci.mjs), the
// logic-layer boot of every page and the flows (test/weapp/boot.mjs), and home drawn by the view layer
// (test/weapp/view.mjs). WEAPP_SKIP=ci,boot,view,phone leaves some out (never in npm test).
const skip = new Set((process.env.WEAPP_SKIP || '').split(',').filter(Boolean))
const timed = async (name, fn) => {
  const t = Date.now()
  const r = await fn()
  console.log(`(${name}: ${((Date.now() - t) / 1000).toFixed(1)} s)`)
  return r
}
const { checkCompilers } = await import('./compilers.mjs')
const gwx = await timed('wcc + wcsc', () => checkCompilers(out, check))
// miniprogram-ci runs in its own process, alongside the boot (it forks its compiler and keeps handles open).
const ciRun = skip.has('ci')
  ? null
  : new Promise((resolve) => {
      const t = Date.now()
      const child = spawn(process.execPath, [path.join(root, 'test', 'weapp', 'ci.mjs'), out], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
      let text = ''
      child.stdout.on('data', (d) => (text += d))
      child.stderr.on('data', (d) => (text += d))
      child.on('exit', (code) => resolve({ code, text, seconds: (Date.now() - t) / 1000 }))
    })
if (!skip.has('boot')) {
  const { checkBoot } = await import('./boot.mjs')
  const report = await timed('boot', () => checkBoot(out, check, { apiOrigin: TEST_API_ORIGIN }))
  fs.mkdirSync(path.join(root, '.cache'), { recursive: true })
  fs.writeFileSync(path.join(root, '.cache', 'weapp-boot.json'), JSON.stringify(report))
  if (!skip.has('view') && gwx && report.home) {
    const { checkView } = await import('./view.mjs')
    await timed('view', () => checkView(out, check, report.home, { catalogue: report.catalogue }))
  }
}
if (!skip.has('phone')) {
  // A new WeChat user signs up with the phone-number button against a fake WeChat (phoneSignUp.mjs).
  const { checkPhoneSignUp } = await import('./phoneSignUp.mjs')
  await timed('phone sign-up', () => checkPhoneSignUp(out, check, { apiOrigin: TEST_API_ORIGIN }))
}
if (ciRun) {
  const { code, text, seconds } = await ciRun
  const lines = text.split('\n').filter((l) => /^(ok {2}|FAIL) /.test(l))
  for (const l of lines) check(l.replace(/^(ok {2}|FAIL) /, '').split(': ')[0], l.startsWith('ok'), l.split(': ').slice(1).join(': '))
  if (!lines.length) check('miniprogram-ci ran', false, `exit ${code}: ${text.slice(-1500)}`)
  console.log(`(miniprogram-ci, in parallel: ${seconds.toFixed(1)} s)`)
}

finish()
