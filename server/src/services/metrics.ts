import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client'
import type { Db } from '../db/types'
import { poolOf } from '../db'
import type { GateResult, SeckillGate } from '../modules/seckill/gate'

/**
 * The server's Prometheus metrics (prom-client), one registry per app so several apps in one process (tests)
 * do not collide. Served at GET /metrics by services/observability.ts.
 */
export interface Metrics {
  registry: Registry
  /**
   * Requests by route template (never the raw URL) and method: `shop_http_requests_total` by HTTP status and envelope
   * code (200 = success), `shop_http_request_duration_seconds`.
   */
  http: HttpTallies
  jobRuns: Counter<'job' | 'result'>
  jobDuration: Histogram<'job'>
  gate: Counter<'result'>
}

export function createMetrics(db: Db): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'shop_' })
  const m: Metrics = {
    registry,
    http: httpTallies(registry),
    jobRuns: new Counter({ name: 'shop_job_runs_total', help: 'Periodic job runs: ok, failed, or skipped (another instance holds the lease)', labelNames: ['job', 'result'], registers: [registry] }),
    jobDuration: new Histogram({
      name: 'shop_job_duration_seconds',
      help: 'Time a periodic job took on this instance',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers: [registry],
    }),
    gate: new Counter({ name: 'shop_flash_sale_gate_total', help: 'Flash-sale gate answers: ok, sold_out, limit, busy', labelNames: ['result'], registers: [registry] }),
  }
  const pool = poolOf(db)
  if (pool) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })
  }
  return m
}

/** The flash-sale gate, counting its answers. */
export function observeGate(gate: SeckillGate, metrics: Metrics | undefined): SeckillGate {
  if (!metrics) return gate
  const grant = gate.grant.bind(gate)
  gate.grant = async (req) => {
    const r: GateResult = await grant(req)
    metrics.gate.inc({ result: r })
    return r
  }
  return gate
}

/** Upper bounds (seconds) of the request duration histogram's buckets. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The requests of one route (method and template): plain numbers that each answer adds to. */
export interface RouteTally {
  labels: { method: string; route: string }
  count: number
  sum: number
  /** Answers per duration bucket, not cumulative; the last one counts those above every bound. */
  buckets: number[]
  /** Answers by HTTP status and envelope code (key status * 100000 + code). */
  answers: Map<number, { status: number; code: number; count: number }>
}

export interface HttpTallies {
  /** The tally of a route, made on its first answer; keep it: looking it up again is the only cost per answer. */
  route(method: string, route: string): RouteTally
  record(tally: RouteTally, status: number, code: number, seconds: number): void
}

/**
 * The HTTP request metrics as plain tallies that the registry reads when scraped. prom-client's own inc() and observe()
 * check and hash their labels on every call: a measured share of a cached catalogue read (docs/BENCHMARKS.md, API
 * reads); here an answer costs a few additions. The text is what prom-client's Counter and Histogram print.
 */
function httpTallies(registry: Registry): HttpTallies {
  const byMethod = new Map<string, Map<string, RouteTally>>()
  const all = () => [...byMethod.values()].flatMap((m) => [...m.values()])
  new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by route, status and envelope code',
    labelNames: ['method', 'route', 'status', 'code'],
    registers: [registry],
    collect() {
      this.reset()
      for (const t of all()) for (const a of t.answers.values()) this.inc({ ...t.labels, status: a.status, code: a.code }, a.count)
    },
  })
  const name = 'shop_http_request_duration_seconds'
  const help = 'Time to answer an HTTP request, by route'
  // Values as prom-client's Histogram gives them: the buckets (cumulative, then +Inf), the sum and the count of each route.
  const values = () =>
    all().flatMap((t) => {
      let acc = 0
      const buckets = DURATION_BUCKETS.map((le, i) => ({ labels: { le }, sharedLabels: t.labels, value: (acc += t.buckets[i]), metricName: `${name}_bucket` }))
      return [
        ...buckets,
        { labels: { le: '+Inf' }, sharedLabels: t.labels, value: t.count, metricName: `${name}_bucket` },
        { labels: {}, sharedLabels: t.labels, value: t.sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: t.labels, value: t.count, metricName: `${name}_count` },
      ]
    })
  const duration = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    getForPromString: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }),
    // The JSON form (registry.getMetricsAsJSON) has each value's labels in one object.
    get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values().map(({ sharedLabels, labels, ...v }) => ({ ...v, labels: { ...labels, ...sharedLabels } })) }),
    // In place: the routes keep their tallies (services/observability.ts finds each once, when the route is declared).
    reset: () => {
      for (const t of all()) {
        t.count = 0
        t.sum = 0
        t.buckets.fill(0)
        t.answers.clear()
      }
    },
  }
  // Registered as a metric of its own: the registry only reads name, help, type and the values.
  registry.registerMetric(duration as unknown as Metric)
  return {
    route(method, route) {
      let routes = byMethod.get(method)
      if (!routes) byMethod.set(method, (routes = new Map()))
      let t = routes.get(route)
      if (!t) routes.set(route, (t = { labels: { method, route }, count: 0, sum: 0, buckets: new Array(DURATION_BUCKETS.length + 1).fill(0), answers: new Map() }))
      return t
    },
    record(t, status, code, seconds) {
      t.count += 1
      t.sum += seconds
      let i = 0
      while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]) i++
      t.buckets[i] += 1
      const key = status * 100000 + code
      const a = t.answers.get(key)
      if (a) a.count += 1
      else t.answers.set(key, { status, code, count: 1 })
    },
  }
}
