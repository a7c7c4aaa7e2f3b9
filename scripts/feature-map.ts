/**
 * Writes docs/feature-map.md: for every page of src/routes.ts, the src/api files it calls (through its own
 * components), the API paths, the server modules that answer them and the tests that cover each layer.
 * Generated from the code so that it cannot drift: `npx tsx scripts/feature-map.ts` writes it,
 * `--check` fails when the file is stale or when a src/api file calls a path that no server route registers
 * (run by the client unit tests).
 */
import fs from 'node:fs'
import path from 'node:path'
import { ALL_PAGES, ROUTES } from '../src/routes'

const ROOT = path.resolve(__dirname, '..')
const OUT = path.join(ROOT, 'docs', 'feature-map.md')
const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/')

function walk(dir: string, test: (f: string) => boolean, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p, test, out)
    else if (test(p)) out.push(p)
  }
  return out
}
const read = (f: string) => fs.readFileSync(f, 'utf8')

/** A module specifier of a client file resolved to a file under src/, or null for packages. */
function resolveImport(from: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('@/')) base = path.join(ROOT, 'src', spec.slice(2))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return null
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  }
  return null
}
const importsOf = (file: string) => [...read(file).matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] || m[2])

const API_DIR = path.join(ROOT, 'src', 'api')
/** Layers a page reaches through but that are not the page's own feature (shared plumbing). */
const PLUMBING = ['core', 'stores', 'platform', 'vendor', 'h5runtime', 'locales'].map((d) => path.join(ROOT, 'src', d) + path.sep)

/** The files a page reaches (its own and shared components, not plumbing) and the src/api files it calls. */
function reachOf(page: string): { files: Set<string>; apis: string[] } {
  const seen = new Set<string>()
  const apis = new Set<string>()
  const stack = [page]
  while (stack.length) {
    const f = stack.pop() as string
    if (seen.has(f)) continue
    seen.add(f)
    for (const spec of importsOf(f)) {
      const r = resolveImport(f, spec)
      if (!r) continue
      if (r.startsWith(API_DIR + path.sep)) apis.add(r)
      else if (!PLUMBING.some((p) => r.startsWith(p))) stack.push(r)
    }
  }
  return { files: seen, apis: [...apis].sort() }
}

const API_PATH = /['"`](\/(?:api|common)\/[A-Za-z0-9/_-]+)['"`]/g
const pathsIn = (file: string) => [...new Set([...read(file).matchAll(API_PATH)].map((m) => m[1]))].sort()

/** A route registration (`app.get('/api/...'`): the routes' schema descriptions also quote other modules' paths. */
const ROUTE_PATH = /\.(?:get|post|put|delete)\(\s*['"`](\/(?:api|common)\/[A-Za-z0-9/_-]+)['"`]/g
/** API path -> the server module folder that registers it (in its routes.ts, or any other file of the module: settings registers in index.ts). */
const MODULES_DIR = path.join(ROOT, 'server', 'src', 'modules')
const serverModuleOf = new Map<string, string>()
for (const f of walk(MODULES_DIR, (p) => p.endsWith('.ts') && !/adminRoutes\.ts$/.test(p) && path.dirname(p) !== MODULES_DIR)) {
  const mod = path.relative(MODULES_DIR, f).split(path.sep)[0]
  for (const m of read(f).matchAll(ROUTE_PATH)) serverModuleOf.set(m[1], mod)
}
/** Client paths (src/api) that no server route registers: a call that can only answer 404. */
const unregistered = walk(API_DIR, (p) => /\.tsx?$/.test(p)).flatMap((f) =>
  pathsIn(f)
    .filter((p) => !serverModuleOf.has(p))
    .map((p) => `${rel(f)}: ${p}`),
)

const serverTests = walk(path.join(ROOT, 'server', 'test'), (p) => p.endsWith('.test.ts')).map((f) => ({ f, text: read(f) }))
const clientTests = walk(path.join(ROOT, 'test', 'unit'), (p) => /\.test\.tsx?$/.test(p)).map((f) => ({ f, text: read(f) }))
const e2eSpecs = walk(path.join(ROOT, 'test', 'e2e'), (p) => p.endsWith('.spec.mjs')).map((f) => ({ f, text: read(f) }))
const routeKeyOf = new Map(Object.entries(ROUTES).map(([k, v]) => [v as string, k]))

function pageFile(route: string): string | null {
  const base = path.join(ROOT, 'src', route.slice(1))
  return [`${base}.tsx`, `${base}.ts`].find((c) => fs.existsSync(c)) || null
}

const short = (f: string) => path.basename(f).replace(/\.(test|spec)\.(tsx?|mjs)$/, '')
const list = (xs: string[]) => (xs.length ? xs.join(', ') : '—')

/** How many pages reach each file: a file most pages draw (the page layout) says nothing about one page. */
const reaches = new Map(
  ALL_PAGES.map((route) => [route, pageFile(route)])
    .filter((e): e is [string, string] => !!e[1])
    .map(([route, file]) => [route, reachOf(file)]),
)
const pagesReaching = new Map<string, number>()
for (const { files } of reaches.values()) for (const f of files) pagesReaching.set(f, (pagesReaching.get(f) || 0) + 1)
const FEATURE_CODE = /^src\/(pages|commonPages|goodsPages|minePages|agentBackendPages|components|hooks)\//
const tellsOfPage = (f: string | null): f is string => !!f && FEATURE_CODE.test(rel(f)) && (pagesReaching.get(f) || 0) <= 10

const rows: string[] = []
for (const route of ALL_PAGES) {
  const file = pageFile(route)
  if (!file) {
    rows.push(`| \`${route}\` | (no page file) | | | | | |`)
    continue
  }
  const { files, apis } = reaches.get(route) as ReturnType<typeof reachOf>
  const paths = [...new Set(apis.flatMap(pathsIn))].sort()
  const modules = [...new Set(paths.map((p) => serverModuleOf.get(p)).filter((m): m is string => !!m))].sort()
  const key = routeKeyOf.get(route)
  const units = clientTests
    .filter((t) =>
      importsOf(t.f).some((spec) => {
        const f = resolveImport(t.f, spec)
        return tellsOfPage(f) && files.has(f)
      }),
    )
    .map((t) => short(t.f))
  const servers = serverTests.filter((t) => paths.some((p) => t.text.includes(`'${p}'`) || t.text.includes(`"${p}"`) || t.text.includes(`\`${p}`))).map((t) => short(t.f))
  const e2e = e2eSpecs.filter((t) => t.text.includes(route) || (key && new RegExp(`ROUTES\\.${key}\\b`).test(t.text))).map((t) => short(t.f))
  rows.push(
    `| \`${route}\` | ${list(apis.map((a) => `\`${path.basename(a, '.ts')}\``))} | ${paths.length} | ${list(modules.map((m) => `\`${m}\``))} | ${list([...new Set(units)])} | ${list([...new Set(servers)])} | ${list([...new Set(e2e)])} |`,
  )
}

const doc = `# Feature map

Generated by \`npx tsx scripts/feature-map.ts\` from the code (do not edit by hand; the client unit tests fail when it is stale).
For every page of \`src/routes.ts\`: the \`src/api/<file>.ts\` modules it calls (through its own files and shared
components; plumbing in \`src/core\`, \`src/stores\` and \`src/platform\` is left out), how many API paths those files
call, the server modules (\`server/src/modules/<name>/routes.ts\`) that answer them, and the tests: client unit tests
(\`test/unit\`) that import the page or a component it draws (not one that more than ten pages draw), server tests (\`server/test\`) that call one of its paths, and end-to-end specs
(\`test/e2e\`) that open it. An API file's paths are listed in \`docs/API.md\`.

| page | src/api | paths | server modules | client tests | server tests | e2e |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`

if (process.argv.includes('--check')) {
  const now = fs.existsSync(OUT) ? read(OUT) : ''
  if (unregistered.length) console.error(`src/api calls paths no server route registers (server/src/modules):\n${unregistered.join('\n')}`)
  if (now !== doc) console.error('docs/feature-map.md is stale: run npx tsx scripts/feature-map.ts')
  if (unregistered.length || now !== doc) process.exit(1)
} else {
  if (unregistered.length) {
    console.error(`src/api calls paths no server route registers (server/src/modules):\n${unregistered.join('\n')}`)
    process.exit(1)
  }
  fs.writeFileSync(OUT, doc)
  console.log(`wrote ${rel(OUT)} (${ALL_PAGES.length} pages)`)
}
