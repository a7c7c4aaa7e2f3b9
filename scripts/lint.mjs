// npm run lint: ESLint over the repository (eslint.config.mjs; cached in .eslintcache, so a second run reads only
// changed files) and `prettier --check` on every code and JSON file (.prettierrc.json, .prettierignore), side by side
// (one core each); `npm run lint -- --fix` applies both, ESLint first. Ends with "lint: N passed, M failed" (ESLint,
// Prettier) for scripts/test.mjs.
import path from 'node:path'
import { runSideBySide } from './sideBySide.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
/** What Prettier formats and checks (less what .prettierignore names). */
const PRETTIER_FILES = '**/*.{ts,tsx,js,mjs,cjs,json}'
const fix = process.argv.includes('--fix')

const steps = [
  { label: 'eslint', cmd: bin('eslint'), args: ['--cache', '--cache-location', path.join(root, '.eslintcache'), '--max-warnings', '0', ...(fix ? ['--fix'] : []), '.'] },
  // With --fix, Prettier formats after ESLint's fixes (import order), so the files end in Prettier's form.
  { label: 'prettier', cmd: bin('prettier'), args: ['--log-level', 'warn', fix ? '--write' : '--check', '--cache', PRETTIER_FILES] },
]
// With --fix one after the other (Prettier formats what ESLint fixed); checking, side by side.
const { passed, failed } = await runSideBySide(steps, { cwd: root, lanes: fix ? 1 : 2 })
console.log(`lint: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
