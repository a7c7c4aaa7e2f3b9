// The server's shape, checked on its source: it never imports the client app (what both share lives in types/),
// its modules have no import cycles (what a module contributes is listed in modules/index.ts instead), and production
// code does not depend on the demo shop (server/src/demo imports the modules, never the other way round).
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '..', '..')
const serverDir = path.join(root, 'server')

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : tsFiles(p)
    return /\.(ts|js|mjs)$/.test(e.name) ? [p] : []
  })
}

/** Relative specifiers of a file's imports, exports and requires; `typeOnly` marks `import type` / `export type`. */
function imports(file: string): Array<{ spec: string; typeOnly: boolean }> {
  const src = fs.readFileSync(file, 'utf8')
  const out: Array<{ spec: string; typeOnly: boolean }> = []
  for (const m of src.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) out.push({ spec: m[2], typeOnly: !!m[1] })
  for (const m of src.matchAll(/(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1], typeOnly: false })
  return out
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), spec)
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, path.join(base, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  return base
}

describe('server boundaries', () => {
  it('nothing under server/ imports the client app (src/); shared code lives in types/', () => {
    const src = path.join(root, 'src') + path.sep
    const offenders: string[] = []
    for (const f of tsFiles(serverDir)) {
      for (const { spec } of imports(f)) {
        const target = resolve(f, spec)
        if (target && (target + path.sep).startsWith(src)) offenders.push(`${path.relative(root, f)} imports ${spec}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('production code never imports the demo shop (server/src/demo): only the seeding entry db/seed.ts does', () => {
    const demo = path.join(serverDir, 'src', 'demo') + path.sep
    const entry = path.join(serverDir, 'src', 'db', 'seed.ts')
    const offenders: string[] = []
    for (const f of tsFiles(path.join(serverDir, 'src'))) {
      if (f.startsWith(demo) || f === entry) continue
      for (const { spec } of imports(f)) {
        const target = resolve(f, spec)
        if (target && (target + path.sep).startsWith(demo)) offenders.push(`${path.relative(root, f)} imports ${spec}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('the server has no import cycles (type-only imports aside)', () => {
    const files = tsFiles(path.join(serverDir, 'src'))
    const graph = new Map(
      files.map((f) => [
        f,
        imports(f)
          .filter((i) => !i.typeOnly)
          .map((i) => resolve(f, i.spec))
          .filter((t): t is string => !!t && files.includes(t)),
      ]),
    )
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const stack: string[] = []
    const visit = (f: string) => {
      state.set(f, 'open')
      stack.push(f)
      for (const d of graph.get(f) || []) {
        if (state.get(d) === 'open')
          cycles.push(
            stack
              .slice(stack.indexOf(d))
              .concat(d)
              .map((x) => path.relative(serverDir, x))
              .join(' -> '),
          )
        else if (!state.has(d)) visit(d)
      }
      stack.pop()
      state.set(f, 'done')
    }
    for (const f of files) if (!state.has(f)) visit(f)
    expect(cycles).toEqual([])
  })

  it('no module loads another optionally (require + MODULE_NOT_FOUND) or probes for its tables', () => {
    const offenders = tsFiles(path.join(serverDir, 'src', 'modules')).filter((f) => /MODULE_NOT_FOUND|tableExists\(|to_regclass|sqlite_master/.test(fs.readFileSync(f, 'utf8')))
    expect(offenders.map((f) => path.relative(root, f))).toEqual([])
  })

  it('nothing registers itself by being imported: side-effect imports are table types only, no registry calls in modules', () => {
    const modules = path.join(serverDir, 'src', 'modules')
    const offenders: string[] = []
    for (const f of tsFiles(path.join(serverDir, 'src'))) {
      const src = fs.readFileSync(f, 'utf8')
      for (const m of src.matchAll(/^import\s+['"]([^'"]+)['"]/gm)) if (!/[Tt]ables$/.test(m[1])) offenders.push(`${path.relative(root, f)}: import '${m[1]}'`)
      if (f.startsWith(modules) && /^(registerOrderHook|registerPricingStep|orderEvents\.on|onAnonymise|registerAdminCommand)\(/m.test(src))
        offenders.push(`${path.relative(root, f)}: registers at import`)
    }
    expect(offenders).toEqual([])
  })

  // What a module contributes travels on the app context (ctx.modules, composed by installModules()): no module keeps
  // it, nor a copy of a setting, in state of its own that a setter or an import fills.
  it('no module keeps state filled by setters: no top-level set…()/register…() call, no module-level let', () => {
    const offenders: string[] = []
    for (const f of tsFiles(path.join(serverDir, 'src', 'modules'))) {
      const rel = path.relative(root, f)
      const src = fs.readFileSync(f, 'utf8')
      for (const m of src.matchAll(/^(?:await\s+)?((?:set|register)[A-Z]\w*|\w+\.(?:set|register|on)[A-Z]?\w*)\(/gm)) offenders.push(`${rel}: calls ${m[1]}() at import`)
      for (const m of src.matchAll(/^(?:export\s+)?let\s+(\w+)/gm)) offenders.push(`${rel}: let ${m[1]}`)
    }
    expect(offenders).toEqual([])
  })

  it('docs/architecture.md lists every module folder of server/src/modules, and only those', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8')
    const line = doc.split('\n').find((l) => l.includes('src/modules/<name>/')) ?? ''
    const listed = (line.split("The modules, in that list's order:")[1] ?? '')
      .replace(/\([^)]*\)/g, '')
      .split(/[;,]/)
      .map((w) => w.split('—').pop()!.trim())
      .filter(Boolean)
    const folders = fs
      .readdirSync(path.join(serverDir, 'src', 'modules'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
    expect([...listed].sort()).toEqual([...folders].sort())
  })
})
