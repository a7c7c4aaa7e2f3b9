/**
 * Writes the path tables of docs/API.md from the OpenAPI document the server generates from its routes' schemas
 * (server/src/plugins/openapi.ts): each table sits between `<!-- api-paths: <modules> -->` and `<!-- /api-paths -->`
 * and lists the routes of those shop modules in the order they are declared. Method, path, auth and request come
 * from the route (config.auth, its TypeBox query/body schema); the "response data" column is the route schema's
 * `description`. Everything outside the markers (rules, error codes) stays hand-written.
 * `npx tsx scripts/api-doc.ts` writes it; `--check` fails when the file is stale (server/test/apiDoc.test.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../server/src/config'
import { createDb } from '../server/src/db'
import { migrateToLatest } from '../server/src/db/migrate'
import { buildApp } from '../server/src/app'

const ROOT = path.resolve(__dirname, '..')
const FILE = path.join(ROOT, 'docs', 'API.md')

interface Op {
  method: string
  path: string
  module: string
  auth: string
  request: string
  response: string
}

/** A schema as the docs write it: `{a, b?}` for objects, `a\|b` for enums, `T[]` for arrays. */
function shape(s: any, depth = 0): string {
  if (!s || typeof s !== 'object') return ''
  if (s.enum) return s.enum.map((v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v))).join('|')
  if (s.anyOf || s.oneOf) return (s.anyOf || s.oneOf).map((x: any) => shape(x, depth)).join('|')
  if (s.type === 'array') return `${shape(s.items, depth + 1) || 'any'}[]`
  if (s.type === 'object' && s.properties) {
    if (depth > 1) return 'object'
    const req = new Set<string>(s.required || [])
    return `{${Object.entries(s.properties)
      .map(([k, v]) => field(k, v, req.has(k), depth))
      .join(', ')}}`
  }
  if (s.const !== undefined) return JSON.stringify(s.const)
  return Array.isArray(s.type) ? s.type.join('|') : s.type || ''
}
const isComplex = (v: any) => v && (v.enum || v.type === 'array' || (v.type === 'object' && v.properties))
const MAX_INT = 2_147_483_647
/** A field's limits as the docs write them: ` (≤ 64)`, ` (1–999)`; nothing for ids and unbounded values. */
function limits(v: any): string {
  if (!v || typeof v !== 'object') return ''
  const range = (min: number | undefined, max: number | undefined) => (max === undefined || max >= MAX_INT ? '' : min === max ? ` (${max})` : min ? ` (${min}–${max})` : ` (≤ ${max})`)
  if (v.type === 'string') return range(v.minLength, v.maxLength)
  if (v.type === 'integer' || v.type === 'number') return range(v.minimum, v.maximum)
  if (v.type === 'array') return range(v.minItems, v.maxItems)
  return ''
}
const field = (name: string, v: any, required: boolean, depth: number) => `${name}${required ? '' : '?'}${limits(v)}${depth < 1 && isComplex(v) ? `: ${shape(v, depth + 1)}` : ''}`

/** The request column: body as an object, query and path parameters as a list (`a, b?`). */
function request(op: any): string {
  const body = op.requestBody?.content?.['application/json']?.schema
  if (body) return `\`${shape(body)}\``
  if (op.requestBody?.content?.['multipart/form-data']) return 'multipart'
  const params = (op.parameters || []).filter((p: any) => p.in === 'query' || p.in === 'path')
  if (!params.length) return '—'
  return params.map((p: any) => `\`${field(p.name, p.schema, p.required, 0)}\``).join(', ')
}

export async function operations(): Promise<Op[]> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: path.join(os.tmpdir(), 'api-doc'), LOG_LEVEL: 'silent' })
  const db = createDb({ sqliteFile: ':memory:' })
  await migrateToLatest(db) // the app reads the console's stored settings when it starts
  const { app } = await buildApp({ config, db, logger: false, serveStatic: false })
  try {
    await app.ready()
    const doc: any = app.swagger()
    const ops: Op[] = []
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      if (!p.startsWith('/h5/')) continue
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === 'head') continue
        ops.push({
          method: method.toUpperCase(),
          path: p.slice(3),
          module: op.tags?.[0] || '',
          auth: op['x-auth'] + (op['x-raw-wire'] ? ', **no p**' : ''),
          request: request(op),
          response: (op.description || '').replace(/\n/g, ' '),
        })
      }
    }
    return ops
  } finally {
    await app.close()
    await db.destroy()
  }
}

const MARK = /<!-- api-paths: ([^>]*?) -->\n[\s\S]*?<!-- \/api-paths -->/g

export function render(source: string, ops: Op[]): string {
  return source.replace(MARK, (_m, list: string) => {
    const modules = list.trim().split(/\s+/)
    const rows = modules.flatMap((m) => ops.filter((o) => o.module === m))
    const cell = (t: string) => t.replace(/\\?\|/g, '\\|')
    const lines = [
      '| method | path | auth | request | response data |',
      '|---|---|---|---|---|',
      ...rows.map((o) => `| ${o.method} | ${o.path} | ${o.auth} | ${cell(o.request)} | ${cell(o.response)} |`),
    ]
    return `<!-- api-paths: ${modules.join(' ')} -->\n${lines.join('\n')}\n<!-- /api-paths -->`
  })
}

async function main() {
  const ops = await operations()
  if (process.argv.includes('--json')) return void process.stdout.write(JSON.stringify(ops, null, 1))
  const source = fs.readFileSync(FILE, 'utf8')
  const listed = new Set([...source.matchAll(MARK)].flatMap((m) => m[1].trim().split(/\s+/)))
  const missing = [...new Set(ops.map((o) => o.module))].filter((m) => !listed.has(m))
  if (missing.length) {
    process.stderr.write(`docs/API.md: no <!-- api-paths --> table lists the module(s) ${missing.join(', ')}\n`)
    process.exit(1)
  }
  const next = render(source, ops)
  if (process.argv.includes('--check')) {
    if (next !== source) {
      process.stderr.write('docs/API.md is stale: run npx tsx scripts/api-doc.ts\n')
      process.exit(1)
    }
    return
  }
  fs.writeFileSync(FILE, next)
}

if (require.main === module)
  main().catch((e) => {
    process.stderr.write(`${e?.stack || e}\n`)
    process.exit(1)
  })
