import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Db } from '../db/types'
import { poolOf } from '../db'
import type { GateResult, SeckillGate } from '../modules/seckill/gate'

/**
 * The server's Prometheus metrics (prom-client), one registry per app so several apps in one process (tests)
 * do not collide. Served at GET /metrics by services/observability.ts.
 */
export interface Metrics {
  registry: Registry
  /** Requests by route template (never the raw URL), method, HTTP status and envelope code (200 = success). */
  requests: Counter<'method' | 'route' | 'status' | 'code'>
  duration: Histogram<'method' | 'route'>
  jobRuns: Counter<'job' | 'result'>
  jobDuration: Histogram<'job'>
  gate: Counter<'result'>
}

export function createMetrics(db: Db): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'shop_' })
  const m: Metrics = {
    registry,
    requests: new Counter({
      name: 'shop_http_requests_total',
      help: 'HTTP requests answered, by route, status and envelope code',
      labelNames: ['method', 'route', 'status', 'code'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
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
