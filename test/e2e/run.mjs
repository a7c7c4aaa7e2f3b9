// Builds the H5 once (dist/h5-e2e) and the console when its sources changed (admin/dist), then runs every
// test/e2e/*.spec.mjs with node's test runner, E2E_CONCURRENCY files at a time (default 2: each spec has its own
// shop, data folder and Chromium, and a spec spends much of its time waiting for pages, so two share the 2 cores;
// E2E_CONCURRENCY=1 runs one file after the other, as before — docs/development.md "CI time").
// Every spec uses this one build: host names and the WeChat official account are the server's configuration,
// given to the page it serves (types/runtimeConfig.ts), so a spec sets them when it starts its shop.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, H5_DIR } from './harness.mjs'
import { buildConsole } from './consoleHarness.mjs'
import { buildServerBundle } from './serverBundle.mjs'

if (!fs.existsSync('/usr/bin/chromium') && !process.env.CHROME_PATH) {
  console.error('e2e: Chromium is missing: apt-get install -y chromium')
  process.exit(1)
}
const CLIENT_ENV = ['API_ORIGIN', 'MAIN_HOST', 'ENTRY_HOSTS', 'LOGIN_REDIRECT_HOSTS', 'WX_H5_APPID', 'WX_JSSDK_URL', 'WX_OAUTH_URL']
if (!process.env.SKIP_BUILD || !fs.existsSync(path.join(H5_DIR, 'index.html'))) {
  console.log(`e2e: building the H5 into ${path.relative(ROOT, H5_DIR)}…`)
  const r = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    // The build-time fallbacks of that configuration (config/index.ts clientEnv) cleared: the caller's shell cannot leak into the build.
    env: { ...process.env, ...Object.fromEntries(CLIENT_ENV.map((k) => [k, ''])), NODE_ENV: 'production', TARO_OUTPUT: path.relative(ROOT, H5_DIR) },
  })
  if (r.status !== 0) process.exit(r.status || 1)
}
const only = process.argv.slice(2)
/** Spec files of several minutes each, last the longest. */
const LONGEST = ['allPages', 'badLinks', 'consoleWalk']
const specs = fs
  .readdirSync(path.join(ROOT, 'test', 'e2e'))
  .filter((f) => f.endsWith('.spec.mjs'))
  .filter((f) => !only.length || only.some((o) => f.includes(o)))
  // The longest walks first (timesReporter's table), so that two at a time do not end with one of them alone.
  .sort((a, b) => LONGEST.indexOf(b.replace('.spec.mjs', '')) - LONGEST.indexOf(a.replace('.spec.mjs', '')))
  .map((f) => path.join('test', 'e2e', f))
// Console specs share admin/dist: built here once, not by two specs at the same time.
if (specs.some((f) => path.basename(f).startsWith('console'))) buildConsole()
// The server and its CLI bundled once for this run (serverBundle.mjs): each spec's shop starts without tsx compiling it.
const serverBundle = path.join(ROOT, 'dist', 'e2e-server')
await buildServerBundle(ROOT, serverBundle)
const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2)
console.log(`e2e: ${specs.length} spec files, ${concurrency} at a time`)
// The spec reporter for people, then each file's time (timesReporter.mjs); a TAP copy for scripts/test.mjs to count passes and failures.
const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./test/e2e/timesReporter.mjs', '--test-reporter-destination=stdout']
if (process.env.E2E_TAP) reporters.push('--test-reporter=tap', `--test-reporter-destination=${process.env.E2E_TAP}`)
const started = Date.now()
const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...reporters, ...specs], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, E2E_SERVER_BUNDLE: serverBundle },
})
console.log(`e2e: specs ran in ${Math.round((Date.now() - started) / 1000)} s`)
process.exit(r.status ?? 1)
