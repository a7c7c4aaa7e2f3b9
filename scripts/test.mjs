// npm test: every suite in turn (the machine has 2 cores), then one closing line "test: N passed, M failed (each suite's time; the total)".
// Lint (ESLint, Prettier on its files), type-check (client, server strict, console), client units (jest), console units (jest), server (jest; SQLite, and PostgreSQL too when TEST_DATABASE_URL is set), the weapp build check,
// and the end-to-end run of the H5 build in Chromium. Pass suite names to run only some: npm test -- client server
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { checkPrerequisites } from './prerequisites.mjs'

const runStarted = Date.now()
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-test-'))
const only = process.argv.slice(2)
const results = []

function run(name, cmd, args, parse, env = {}) {
  if (only.length && !only.includes(name)) return
  console.log(`\n===== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const counts = parse() || { passed: 0, failed: 0 }
  const ok = r.status === 0 && counts.failed === 0
  results.push({ name, ...counts, ok, seconds: Math.round((Date.now() - started) / 1000), status: r.status })
}

const jestCounts = (file) => () => {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'))
    return { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites || 0) }
  } catch {
    return null
  }
}
const lineCounts = (file, re) => () => {
  try {
    const m = fs.readFileSync(file, 'utf8').match(re)
    return m ? { passed: Number(m[1]), failed: Number(m[2]) } : null
  } catch {
    return null
  }
}

// What the suites need outside npm (Chromium, a CJK font, PostgreSQL, Redis): installed or started when it can be,
// else npm test stops here with the command to run (scripts/prerequisites.mjs).
const SUITES = ['lint', 'typecheck', 'client', 'server', 'weapp', 'faults', 'e2e']
const missing = await checkPrerequisites(root, only.length ? only : SUITES)
if (missing) {
  console.error(`\ntest: stopped before running anything: ${missing.what}.\nRun:\n  ${missing.command}\nthen npm test again.`)
  process.exit(1)
}

const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js')
run('lint', 'bash', ['-c', `node scripts/lint.mjs 2>&1 | tee ${tmp}/lint.txt; exit \${PIPESTATUS[0]}`], lineCounts(`${tmp}/lint.txt`, /lint: (\d+) passed, (\d+) failed/))
run('typecheck', 'bash', ['-c', `node scripts/typecheck.mjs 2>&1 | tee ${tmp}/typecheck.txt; exit \${PIPESTATUS[0]}`], lineCounts(`${tmp}/typecheck.txt`, /typecheck: (\d+) passed, (\d+) failed/))
run('client', process.execPath, [jest, '-c', 'test/jest.client.config.js', '--json', `--outputFile=${tmp}/client.json`], jestCounts(`${tmp}/client.json`))
run('console', process.execPath, [jest, '-c', 'admin/jest.config.js', '--json', `--outputFile=${tmp}/console.json`], jestCounts(`${tmp}/console.json`))
run('server', process.execPath, [jest, '-c', 'server/jest.config.js', '--json', `--outputFile=${tmp}/server.json`], jestCounts(`${tmp}/server.json`))
if (fs.existsSync(path.join(root, 'test', 'weapp', 'check.mjs'))) {
  run('weapp', 'bash', ['-c', `node test/weapp/check.mjs 2>&1 | tee ${tmp}/weapp.txt; exit \${PIPESTATUS[0]}`], lineCounts(`${tmp}/weapp.txt`, /weapp: (\d+) passed, (\d+) failed/))
}
const faultSpecs = fs
  .readdirSync(path.join(root, 'test', 'faults'))
  .filter((f) => f.endsWith('.spec.mjs'))
  .map((f) => path.join('test', 'faults', f))
run(
  'faults',
  process.execPath,
  ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tmp}/faults.tap`, ...faultSpecs],
  lineCounts(`${tmp}/faults.tap`, /# pass (\d+)[\s\S]*?# fail (\d+)/),
)
run('e2e', process.execPath, ['test/e2e/run.mjs'], lineCounts(`${tmp}/e2e.tap`, /# pass (\d+)[\s\S]*?# fail (\d+)/), { E2E_TAP: `${tmp}/e2e.tap` })

console.log('\n===== summary')
for (const r of results)
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(8)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s${r.status !== 0 && r.failed === 0 ? ` (exit ${r.status})` : ''}`,
  )
const passed = results.reduce((a, r) => a + r.passed, 0)
const failed = results.reduce((a, r) => a + r.failed + (r.ok ? 0 : r.failed === 0 ? 1 : 0), 0)
const total = Math.round((Date.now() - runStarted) / 1000)
const times = results.map((r) => `${r.name} ${r.seconds} s`).join(', ')
console.log(`test: ${passed} passed, ${failed} failed (${times ? `${times}; ` : ''}${Math.floor(total / 60)} m ${total % 60} s)`)
process.exit(results.every((r) => r.ok) && results.length > 0 ? 0 : 1)
