import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(__dirname, '..', '..')

test('docs/API.md path tables match the routes (regenerate with npx tsx scripts/api-doc.ts)', () => {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/api-doc.ts', '--check'], { cwd: root, encoding: 'utf8' })
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)
}, 60_000)

test('the OpenAPI document is served in development, with each shop route tagged by its module and its auth', async () => {
  const { makeTestApp } = await import('./helpers')
  const t = await makeTestApp('sqlite')
  try {
    const res = await t.app.inject({ method: 'GET', url: '/h5/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    const add = doc.paths['/h5/api/cart/add'].post
    expect(add.tags).toEqual(['cart'])
    expect(add['x-auth']).toBe('member')
    expect(add.requestBody.content['application/json'].schema.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 999 })
    expect(doc.paths['/h5/api/goods/detail'].get['x-auth']).toBe('optional')
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin/api/'))).toBe(true)
    expect(doc.paths['/h5/openapi.json']).toBeUndefined()
  } finally {
    await t.close()
  }
})

test('production serves no OpenAPI document', async () => {
  const { makeTestApp } = await import('./helpers')
  const t = await makeTestApp('sqlite', { config: { openapi: false } })
  try {
    const res = await t.app.inject({ method: 'GET', url: '/h5/openapi.json?p=4' })
    expect(res.json()).toMatchObject({ code: 404 })
  } finally {
    await t.close()
  }
})
