// npm run lint: ESLint over the repository (eslint.config.mjs; cached in .eslintcache, so a second run reads only
// changed files), then `prettier --check` on every code and JSON file (.prettierrc.json, .prettierignore);
// `npm run lint -- --fix` applies both. Ends with "lint: N passed, M failed" (ESLint, Prettier) for scripts/test.mjs.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
/** What Prettier formats and checks (less what .prettierignore names). */
const PRETTIER_FILES = '**/*.{ts,tsx,js,mjs,cjs,json}'
const fix = process.argv.includes('--fix')

const steps = [
  ['eslint', bin('eslint'), ['--cache', '--cache-location', path.join(root, '.eslintcache'), '--max-warnings', '0', ...(fix ? ['--fix'] : []), '.']],
  // With --fix, Prettier formats after ESLint's fixes (import order), so the files end in Prettier's form.
  ['prettier', bin('prettier'), ['--log-level', 'warn', fix ? '--write' : '--check', '--cache', PRETTIER_FILES]],
]
let passed = 0
let failed = 0
for (const [name, cmd, args] of steps) {
  const started = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  const ok = r.status === 0
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} ${((Date.now() - started) / 1000).toFixed(1)}s`)
  if (ok) passed += 1
  else failed += 1
}
console.log(`lint: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
