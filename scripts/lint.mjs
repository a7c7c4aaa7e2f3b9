// npm run lint: ESLint over the repository (eslint.config.mjs; cached in .eslintcache, so a second run reads only
// changed files) and `prettier --check` on every code and JSON file (.prettierrc.json, .prettierignore), side by side
// (one core each); `npm run lint -- --fix` applies both, ESLint first. Ends with "lint: N passed, M failed" (ESLint,
// Prettier) for scripts/test.mjs.
import { spawn } from 'node:child_process'
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
/** Runs one step; its output is printed whole when it ends, so the two steps' reports do not interleave. */
function step([name, cmd, args]) {
  const started = Date.now()
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { cwd: root })
    let out = ''
    c.stdout.on('data', (d) => (out += d))
    c.stderr.on('data', (d) => (out += d))
    c.on('close', (code) => {
      process.stdout.write(out)
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} ${((Date.now() - started) / 1000).toFixed(1)}s`)
      resolve(code === 0)
    })
  })
}

const results = []
if (fix) for (const s of steps) results.push(await step(s))
else results.push(...(await Promise.all(steps.map(step))))
const passed = results.filter(Boolean).length
const failed = results.length - passed
console.log(`lint: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
