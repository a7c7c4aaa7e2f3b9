// npm run lint: ESLint over the repository (eslint.config.mjs; cached in .eslintcache, so a second run reads only
// changed files), then `prettier --check` on the files Prettier owns (PRETTIER_OWNED below: docs/development.md says
// why the rest is not checked). Ends with "lint: N passed, M failed" (ESLint, Prettier) for scripts/test.mjs.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
/** Files formatted by Prettier (.prettierrc.json) and checked: new files may be added here once they pass. */
export const PRETTIER_OWNED = ['eslint.config.mjs', 'scripts/lint.mjs', '.prettierrc.json']

const steps = [
  ['eslint', bin('eslint'), ['--cache', '--cache-location', path.join(root, '.eslintcache'), '--max-warnings', '0', ...(process.argv.includes('--fix') ? ['--fix'] : []), '.']],
  ['prettier', bin('prettier'), ['--check', ...PRETTIER_OWNED]],
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
