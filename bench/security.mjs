// node bench/security.mjs [--runs N]: the security figures of docs/BENCHMARKS.md, measured by the server's own suites.
// Runs the bad-input fuzz, the object-level authorisation suite, the mass-assignment sweep and the rate-limit
// measurements through jest with SECURITY_SUMMARY set (each suite writes what it counted), then prints the tables.
// With TEST_DATABASE_URL set the fuzz, authorisation and mass-assignment suites run on PostgreSQL too.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './lib.mjs'

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : d
}
const runs = arg('runs', '')
const summary = path.join(os.tmpdir(), `security-summary-${process.pid}.jsonl`)
fs.rmSync(summary, { force: true })
const suites = ['fuzz', 'authorisation', 'inputRules', 'rateLimits'].map((s) => `server/test/${s}.test.ts`)
const started = Date.now()
const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '-c', 'server/jest.config.js', '-w', '1', ...suites], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, SECURITY_SUMMARY: summary, ...(runs ? { FUZZ_RUNS: runs } : {}) },
})
const rows = fs.existsSync(summary)
  ? fs
      .readFileSync(summary, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : []
const of = (suite) => rows.filter((x) => x.suite === suite)
const table = (head, body) => [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...body.map((b) => `| ${b.join(' | ')} |`)].join('\n')

console.log(`\nsecurity suites: ${((Date.now() - started) / 1000).toFixed(0)} s, jest exit ${r.status}${process.env.TEST_DATABASE_URL ? '' : ' (SQLite only: set TEST_DATABASE_URL for PostgreSQL)'}\n`)
console.log('Bad-input fuzz (server/test/fuzz.test.ts)\n')
console.log(
  table(
    ['database', 'routes', 'inputs per route', 'inputs', 'HTTP 5xx', 'not an envelope', 'code 500', 'refusals that wrote', 'refusals naming a wire field'],
    of('fuzz').map((f) => [f.dialect, f.routes, f.runsPerRoute, f.inputs, f.http5xx, f.notEnvelope, f.code500, f.refusedButWrote, f.wireNameInMessage]),
  ),
)
console.log("\nObject-level authorisation (server/test/authorisation.test.ts): a second member sends the seeded shopper's ids\n")
console.log(
  table(
    ['database', 'member routes', 'id-taking routes tried', 'requests', "answers with the shopper's data", 'tables of the shopper changed'],
    of('authorisation').map((a) => [a.dialect, a.memberRoutes, a.idTakingRoutes, a.requests, a.leaks, a.changedTables]),
  ),
)
console.log('\nMass assignment (server/test/inputRules.test.ts): every route sent its body plus extra fields\n')
console.log(
  table(
    ['database', 'routes', 'extra fields per request', 'write routes that answered success', 'rows holding an extra field'],
    of('massAssignment').map((m) => [m.dialect, m.routes, m.extraFields, m.writeRoutesAnsweredSuccess, m.sentinelRowsFound]),
  ),
)
console.log('\nRate limits (server/test/rateLimits.test.ts): requests until the first refusal\n')
console.log(
  table(
    ['limit', 'counted per', 'window', 'configured', 'first refused request'],
    of('rateLimit').map((l) => [l.limit, l.key, l.window, l.configured, l.firstRefusedAt ?? 'never']),
  ),
)
fs.rmSync(summary, { force: true })
process.exit(r.status ?? 1)
