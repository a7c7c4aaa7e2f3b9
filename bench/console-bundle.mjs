// The merchant console's first-load JavaScript, gzipped: what every page needs (the entry and its static
// imports: React, Ant Design, ProLayout, the request client) and, per route, the chunks that route adds
// (its React.lazy page and what only it imports). Read from Vite's manifest (admin/dist/manifest.json);
// builds the console first when admin/dist is missing or BUILD=1. `node bench/console-bundle.mjs`
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const dist = path.join(root, 'admin', 'dist')
const manifestFile = [path.join(dist, 'manifest.json'), path.join(dist, '.vite', 'manifest.json')].find((f) => fs.existsSync(f))
if (!manifestFile || process.env.BUILD) {
  const r = spawnSync('npx', ['vite', 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status || 1)
}
const manifest = JSON.parse(
  fs.readFileSync(
    [path.join(dist, 'manifest.json'), path.join(dist, '.vite', 'manifest.json')].find((f) => fs.existsSync(f)),
    'utf8',
  ),
)

const sizes = new Map()
/** Gzipped bytes of one built file (level 9, as the server's precompressed .gz). */
function gz(file) {
  if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length)
  return sizes.get(file)
}
/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const dep of chunk.imports || []) closure(dep, seen)
  return seen
}
const kb = (bytes) => (bytes / 1024).toFixed(1)
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0)

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const first = closure(entryKey)

// Route paths by page module, from admin/src/routes.tsx (and the login page from App.tsx).
const routesSrc = fs.readFileSync(path.join(root, 'admin', 'src', 'routes.tsx'), 'utf8')
const pathOf = new Map([['pages/Login', '/login']])
for (const m of routesSrc.matchAll(/path: '([^']+)'[^\n]*?import\('\.\/(pages\/[^']+)'\)/g)) if (!pathOf.has(m[2])) pathOf.set(m[2], m[1])

const rows = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry && /(^|\/)src\/pages\//.test(c.src || ''))
  .map(([key, c]) => {
    const page = c.src.replace(/^(.*\/)?src\//, '').replace(/\.tsx?$/, '')
    const own = [...closure(key)].filter((f) => !first.has(f))
    const added = sum(own)
    return { route: pathOf.get(page) || page, page, chunks: own.filter((f) => f.endsWith('.js')).length, 'route KB': kb(added), 'first load KB': kb(sum(first) + added) }
  })
  .sort((a, b) => a.route.localeCompare(b.route))

console.log(`Console first load (entry + static imports, every page): ${kb(sum(first))} KB gzipped JavaScript in ${[...first].filter((f) => f.endsWith('.js')).length} files`)
for (const f of [...first].filter((f) => f.endsWith('.js')).sort((a, b) => gz(b) - gz(a))) console.log(`  ${f.padEnd(40)} ${kb(gz(f)).padStart(7)} KB`)
console.log('\nPer route: what the page adds (its lazy chunk and the chunks only pages import), and the total for a first visit to it')
console.table(rows)
