// Shared by the console's e2e specs: its build (when stale) and its route list.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from './harness.mjs'

export const ADMIN_DIST = path.join(ROOT, 'admin', 'dist')

function newest(dir) {
  let t = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)
  }
  return t
}
/** The e2e runner builds the H5 only: the console is built here when admin/dist is missing or older than its sources. */
export function buildConsole() {
  const index = path.join(ADMIN_DIST, 'index.html')
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0
  const sources = Math.max(newest(path.join(ROOT, 'admin', 'src')), newest(path.join(ROOT, 'types')), fs.statSync(path.join(ROOT, 'admin', 'vite.config.ts')).mtimeMs)
  if (built && built > sources) return
  const r = spawnSync('npx', ['vite', 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  assert.equal(r.status, 0, 'vite build of the console')
}

/**
 * Every console page without a parameter, read from admin/src/routes.tsx (MENU): each `{ path: '...', ... page: page(`
 * entry whose path has no ":param". Pages added to the menu later are walked without touching the specs.
 */
export function consolePagePaths() {
  const src = fs.readFileSync(path.join(ROOT, 'admin', 'src', 'routes.tsx'), 'utf8')
  const paths = [...src.matchAll(/path: '(\/[^']*)'(?:(?!path:)[\s\S])*?page: page\(/g)].map((m) => m[1]).filter((p) => !p.includes(':'))
  return [...new Set(paths)]
}
