// Production visibility (docs/deploy.md): health and readiness, Prometheus metrics, request ids in answers.
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { loadConfig } from '../src/config'
import { createDb } from '../src/db'
import { migrateToLatest } from '../src/db/migrate'
import { buildApp } from '../src/app'
import { envelopePlugin } from '../src/plugins/envelope'
import { createMetrics } from '../src/services/metrics'

describe.each(DIALECTS)('observability on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { metricsToken: '' } })
  })
  afterAll(async () => t.close())

  it('answers /healthz and /readyz (database checked) outside the /h5 envelope', async () => {
    const h = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(h.statusCode).toBe(200)
    expect(h.json()).toEqual({ status: 'ok' })
    const r = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })
  })

  it("gives every answer a request id: the caller's when sane, else a new one", async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/h5/api/nothing-here?p=4', headers: { 'x-request-id': 'edge-42.a' } })
    expect(mine.headers['x-request-id']).toBe('edge-42.a')
    const odd = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\n<script>' } })
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const a = await t.app.inject({ method: 'GET', url: '/healthz' })
    const b = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })

  it('counts requests per route template with their envelope code, and times them', async () => {
    await t.get('/api/goods/detail', { id: 999999 })
    await t.get('/api/goods/detail', { id: 999999 })
    await t.app.inject({ method: 'GET', url: '/h5/api/goods/detail?id=1' }) // no p: refused with 400 in the envelope
    const res = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    const count = (labels: string) => Number(new RegExp(`^shop_http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] || 0)
    expect(count('method="GET",route="/h5/api/goods/detail",status="200",code="404"')).toBe(2)
    expect(count('method="GET",route="/h5/api/goods/detail",status="200",code="400"')).toBe(1)
    expect(text).toMatch(/^shop_http_request_duration_seconds_count\{method="GET",route="\/h5\/api\/goods\/detail"\} 3$/m)
    expect(text).not.toContain('id=999999') // route templates, never raw URLs
    expect(text).toContain('shop_flash_sale_gate_total')
    expect(text).toContain('shop_job_runs_total')
    expect(text).toContain('shop_process_cpu_seconds_total')
    if (dialect === 'postgres') expect(text).toMatch(/^shop_db_pool_connections\{state="total"\} \d+$/m)
  })
})

describe('observability: metrics access, server errors, readiness failure', () => {
  it("keeps /metrics behind METRICS_TOKEN when set, and puts the request id in a server error's envelope", async () => {
    const db = createDb({ sqliteFile: ':memory:' })
    await migrateToLatest(db)
    const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: '/tmp/mall-obs-test', LOG_LEVEL: 'silent', METRICS_TOKEN: 's3cret' })
    const { app } = await buildApp({ config, db, logger: false, serveStatic: false })
    await app.register(
      async (scope) => {
        envelopePlugin(scope)
        scope.get('/boom', async () => {
          throw new Error('kaput')
        })
      },
      { prefix: '/t' },
    )
    await app.ready()
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(404)
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer s3cret' } })).statusCode).toBe(200)

      const boom = await app.inject({ method: 'GET', url: '/t/boom?p=4', headers: { 'x-request-id': 'trace-me' } })
      expect(boom.json()).toEqual({ code: 500, msg: '服务繁忙，请稍后重试', data: {}, requestId: 'trace-me' })
      expect(boom.body).not.toContain('kaput')
      // A refusal (a 4xx or product code) keeps the plain envelope: the id is in the header only.
      const refused = await app.inject({ method: 'GET', url: '/t/boom' })
      expect(refused.json()).toEqual({ code: 400, msg: '请求参数有误，请刷新后重试', data: {} })
      expect(refused.headers['x-request-id']).toBeTruthy()

      await db.destroy()
      const r = await app.inject({ method: 'GET', url: '/readyz' })
      expect(r.statusCode).toBe(503)
      expect(r.json().status).toBe('unavailable')
      expect(r.json().checks.database).not.toBe('ok')
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe('request metrics: the tallies the registry prints', () => {
  it('prints each route as a Prometheus histogram (cumulative buckets, sum, count) and its answers by status and code', async () => {
    const db = createDb({ sqliteFile: ':memory:' })
    try {
      const metrics = createMetrics(db)
      const route = metrics.http.route('GET', '/h5/api/x')
      metrics.http.record(route, 200, 200, 0.003)
      metrics.http.record(route, 200, 200, 0.005) // on a bound: in that bucket, as prom-client counts it
      metrics.http.record(metrics.http.route('GET', '/h5/api/x'), 200, 1001, 0.02)
      metrics.http.record(route, 200, 200, 20) // above every bound: +Inf only
      const text = await metrics.registry.metrics()
      const line = (name: string, labels: string) => new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1]
      const labels = 'method="GET",route="/h5/api/x"'
      expect(line('shop_http_request_duration_seconds_bucket', `le="0.005",${labels}`)).toBe('2')
      expect(line('shop_http_request_duration_seconds_bucket', `le="0.01",${labels}`)).toBe('2')
      expect(line('shop_http_request_duration_seconds_bucket', `le="0.025",${labels}`)).toBe('3')
      expect(line('shop_http_request_duration_seconds_bucket', `le="10",${labels}`)).toBe('3')
      expect(line('shop_http_request_duration_seconds_bucket', `le="\\+Inf",${labels}`)).toBe('4')
      expect(Number(line('shop_http_request_duration_seconds_sum', labels))).toBeCloseTo(20.028, 6)
      expect(line('shop_http_request_duration_seconds_count', labels)).toBe('4')
      expect(line('shop_http_requests_total', `${labels},status="200",code="200"`)).toBe('3')
      expect(line('shop_http_requests_total', `${labels},status="200",code="1001"`)).toBe('1')
      // A second scrape prints the same totals (the counter is rebuilt from the tallies, not added to).
      expect(await metrics.registry.metrics()).toContain(`shop_http_requests_total{${labels},status="200",code="200"} 3`)
      const json = await metrics.registry.getMetricsAsJSON()
      const count = json.find((m) => m.name === 'shop_http_request_duration_seconds')?.values.find((v: any) => v.metricName === 'shop_http_request_duration_seconds_count')
      expect(count).toMatchObject({ value: 4, labels: { method: 'GET', route: '/h5/api/x' } })
    } finally {
      await db.destroy()
    }
  })
})
