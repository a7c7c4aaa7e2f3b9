import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'
import { sql } from 'kysely'
import type { FastifyInstance, FastifyReply, onResponseHookHandler } from 'fastify'
import type { AppContext } from '../context'
import { ErrorCode } from '../errors'
import type { Metrics, RouteTally } from './metrics'

/**
 * What production needs to see the server (docs/deploy.md): request ids, Prometheus metrics, health and
 * readiness. A fastify-plugin (not encapsulated): its hooks see every route, the shop's and the console's.
 *
 * - Every answer carries X-Request-Id (the caller's, when it sent a sane one, else a new UUID); every log line
 *   of the request has it as reqId; a server error's envelope carries it as requestId, for support to find.
 * - GET /healthz: the process is up. GET /readyz: the database (and Redis, when REDIS_URL is set) answer.
 * - GET /metrics: Prometheus text; only from the local or a private network, or with METRICS_TOKEN as a bearer token.
 */
const REQUEST_ID = /^[\w.:-]{1,64}$/

/** Fastify's genReqId: the X-Request-Id the proxy or the caller sent, when it is sane, else a new one. */
export function requestId(req: IncomingMessage): string {
  const h = req.headers['x-request-id']
  return typeof h === 'string' && REQUEST_ID.test(h) ? h : crypto.randomUUID()
}

const CODE = Symbol('envelopeCode')
/** The envelope codes of a server fault (the others, 4xx and the 1xxx–7xxx product codes, are refusals). */
const SERVER_ERRORS = new Set<number>([ErrorCode.SERVER_ERROR, ErrorCode.UNAVAILABLE])
const RAW = Symbol.for('mall.rawEnvelope')
type WithCode = FastifyReply & { [CODE]?: number }

/** Loopback and private networks (RFC 1918, unique local IPv6), as seen on the socket (not X-Forwarded-For). */
const isPrivate = (ip = '') => /^(::ffff:)?(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip) || ip === '::1' || /^f[cd][0-9a-f]{2}:/i.test(ip)

async function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))])
  } finally {
    clearTimeout(timer)
  }
}

async function observability(app: FastifyInstance, opts: { ctx: AppContext; metrics: Metrics }) {
  const { ctx, metrics } = opts

  // Hooks in callback style: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id)
    done()
  })
  app.addHook('preSerialization', (req, reply: WithCode, payload: any, done) => {
    if (payload && typeof payload === 'object' && typeof payload.code === 'number' && (reply.getHeader('x-envelope') === '1' || payload[RAW])) {
      reply[CODE] = payload.code
      if (SERVER_ERRORS.has(payload.code) && !payload[RAW]) return done(null, { ...payload, requestId: req.id })
    }
    done(null, payload)
  })
  // The tally of a route is found once, when the route is declared: its own onResponse hook holds it (one per
  // method), instead of a look at the route's options and two map look-ups on every answer.
  const record = (tally: RouteTally, reply: WithCode) => metrics.http.record(tally, reply.statusCode, reply[CODE] ?? (reply.statusCode < 400 ? 200 : reply.statusCode), reply.elapsedTime / 1000)
  app.addHook('onRoute', (r) => {
    const url = r.url
    const tallies: Record<string, RouteTally> = {}
    const counted: onResponseHookHandler = function countAnswer(req, reply, done) {
      record((tallies[req.method] ??= metrics.http.route(req.method, url)), reply)
      done()
    }
    r.onResponse = [...([] as onResponseHookHandler[]).concat(r.onResponse || []), counted]
  })
  // Requests no route matched (404s), under one label.
  app.addHook('onResponse', (req, reply: WithCode, done) => {
    if (req.is404) record(metrics.http.route(req.method, 'unmatched'), reply)
    done()
  })

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))

  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    const checks: Record<string, string> = {}
    try {
      await within(2000, sql`select 1`.execute(ctx.db))
      checks.database = 'ok'
    } catch (err) {
      checks.database = (err as Error).message || 'error'
    }
    if (ctx.config.redisUrl) {
      try {
        await within(2000, ctx.cache.get('readyz'))
        checks.redis = 'ok'
      } catch (err) {
        checks.redis = (err as Error).message || 'error'
      }
    }
    const ready = Object.values(checks).every((v) => v === 'ok')
    if (!ready) req.log.warn({ checks }, 'not ready')
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks })
  })

  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    const token = ctx.config.metricsToken
    const allowed = token ? req.headers.authorization === `Bearer ${token}` : isPrivate(req.socket.remoteAddress)
    if (!allowed) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found')
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
}

export const observabilityPlugin = fp(observability, { name: 'observability', fastify: '5.x' })
