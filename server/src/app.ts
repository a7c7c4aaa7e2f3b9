import fs from 'node:fs'
import path from 'node:path'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import './db/tables'
import './db/promotionTables'
import './db/afterSalesTables'
import './db/tradeTables'
import './db/contentTables'
import { trustProxyOption, type Config } from './config'
import type { Db } from './db/types'
import type { AppContext, Cache, HttpClient } from './context'
import type { Contributions } from './modules/contributions'
import { envelopePlugin } from './plugins/envelope'
import { authPlugin } from './plugins/auth'
import { securityHeaders } from './plugins/security'
import { cachedConsoleHosts } from './modules/content/webviewHosts'
import { schemaErrorMessage, validatorCompiler } from './plugins/schema'
import { adminRouteModules, installModules, shopModules } from './modules'
import { openApiPlugin } from './plugins/openapi'
import type { ShopApp } from './modules/shopModule'
import { adminApi } from './admin/index'
import { configuredSmsProvider, type SmsProvider, type SmsVendorOptions } from './modules/member/sms'
import { fetchHttpClient } from './services/http'
import { compressedVariants, HOME_PATHS, homeIndexHtml, type HtmlVariants } from './modules/home/preview'
import { servedIndexHtml } from './h5RuntimeConfig'
import { dbCache, redisCache } from './services/cache'
import { createMetrics } from './services/metrics'
import { createStorage } from './services/storage'
import { serveUploads } from './modules/upload/routes'
import { observabilityPlugin, requestId } from './services/observability'
import { requestLoggerFactory } from './services/requestLogger'
import { applyStoredSettings, watchStoredSettings } from './modules/settings/store'

export interface BuildOptions {
  config: Config
  db: Db
  logger?: boolean | object
  sms?: SmsProvider
  /** The SMS vendors' HTTP options (tests: an agent that reaches the recorded fakes). */
  smsVendor?: SmsVendorOptions
  http?: HttpClient
  cache?: Cache
  /** What the modules contribute (tests may add a step or a hook); installModules() when absent. */
  modules?: Contributions
  /** Serve the H5 build and the media folders (off in API-only tests). */
  serveStatic?: boolean
}

/** Secrets and tokens never reach the logs. */
export const LOG_REDACT = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.secret',
  '*.apiV3Key',
  '*.mchPrivateKey',
  '*.h5Secret',
  '*.miniSecret',
  '*.miniPushToken',
  '*.secretKey',
  '*.payPassword',
  '*.password',
  'headers.token',
]

/**
 * One log line per request, written when it completes and carrying the request with its outcome, instead
 * of Fastify's two ("incoming request" + "request completed"): at info level the second line cost about
 * 7 % of a cached catalogue read.
 */
class OneLineRequestLog extends LogController {
  incomingRequest() {}
  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    // At warn (production) the line is not written: nothing is gathered for it.
    else if ((reply.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') !== false)
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, db } = opts
  const logger = opts.logger ?? { level: config.logLevel, redact: LOG_REDACT }
  const app = Fastify({
    logger,
    // A request's logger is made when it first writes (services/requestLogger.ts); without a logger, Fastify's own none.
    ...(logger ? { childLoggerFactory: requestLoggerFactory } : {}),
    // Only configured proxies may name the client's address (X-Forwarded-For); off by default (config.ts).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    schemaErrorFormatter: (errors, dataVar) => Object.assign(new Error(schemaErrorMessage(errors, dataVar)), { validation: errors, validationContext: dataVar }),
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLineRequestLog(),
    genReqId: requestId,
  })

  // JSON bodies are checked as sent (no coercion) and lose undeclared keys; query strings are coerced (schema.ts).
  app.setValidatorCompiler(validatorCompiler())

  const ctx: AppContext = {
    config,
    db,
    log: app.log,
    sms: opts.sms || configuredSmsProvider(config, app.log, opts.smsVendor),
    http: opts.http || fetchHttpClient,
    cache: opts.cache || sharedCache(config, db, app.log, (close) => app.addHook('onClose', close)),
    metrics: createMetrics(db),
    storage: createStorage(config),
    modules: opts.modules ?? installModules(),
  }
  app.addHook('onClose', async () => ctx.storage.close())

  // The console's 设置 over the environment's configuration (modules/settings/store.ts), now and every 30 s.
  await applyStoredSettings(db, config)
  const stopWatching = watchStoredSettings(db, config, (err) => app.log.warn({ err }, 'settings reload failed'))
  app.addHook('onClose', async () => stopWatching())

  // Request ids, metrics, /healthz, /readyz, /metrics (docs/deploy.md).
  await app.register(observabilityPlugin, { ctx, metrics: ctx.metrics })

  // The served index.html, read once: the shop's Content-Security-Policy allows its inline scripts by hash.
  const indexFile = path.join(config.h5Dir, 'index.html')
  const indexSource = opts.serveStatic !== false && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null
  securityHeaders(app, config, indexSource && indexSource.toString('utf8'), () => cachedConsoleHosts(db))

  // Development: the OpenAPI document of every route below, generated from their schemas (plugins/openapi.ts).
  if (config.openapi) await openApiPlugin(app)

  await app.register(
    async (api) => {
      await api.register(multipart, { limits: { fileSize: Math.max(config.uploadMaxImageBytes, config.uploadMaxVideoBytes), files: 1, fields: 10 } })
      envelopePlugin(api)
      authPlugin(api, db)
      const shop: ShopApp = api.withTypeProvider()
      // Each route is tagged with the module that declares it (the OpenAPI document's and docs/API.md's grouping).
      let moduleName = ''
      if (config.openapi) shop.addHook('onRoute', (r) => void (r.schema = { ...r.schema, tags: [moduleName] }))
      for (const mod of shopModules) {
        if (!mod.routes) continue
        moduleName = mod.name
        await mod.routes(shop, ctx)
      }
    },
    { prefix: '/h5' },
  )

  // The merchant console's API (docs/console.md): staff sessions, permissions and the audit log, in its own scope.
  await app.register((admin) => adminApi(admin, ctx, adminRouteModules), { prefix: '/admin/api' })

  if (opts.serveStatic !== false) await serveStatic(app, ctx, indexSource)
  return { app, ctx }
}

/**
 * The cache every instance shares: Redis when REDIS_URL is set (ioredis, closed with the app), else the
 * kv_cache table of the database.
 */
function sharedCache(config: Config, db: Db, log: FastifyBaseLogger, onClose: (close: () => Promise<void>) => void): Cache {
  if (!config.redisUrl) return dbCache(db)
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- ioredis is loaded only when REDIS_URL is set
  const Redis = require('ioredis')
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'redis error'))
  onClose(async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  return redisCache(redis)
}

/** Uploads, generated demo media and the H5 build (history mode: every page path falls back to index.html). */
async function serveStatic(app: FastifyInstance, ctx: AppContext, indexSource: Buffer | null) {
  const { config, db } = ctx
  const media = path.join(config.dataDir, 'media')
  fs.mkdirSync(media, { recursive: true })
  await serveUploads(app, ctx)
  await app.register(fastifyStatic, { root: media, prefix: '/media/', decorateReply: false, maxAge: '1d' })
  const h5 = config.h5Dir
  const hasH5 = !!indexSource
  if (hasH5) {
    await app.register(fastifyStatic, {
      root: h5,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br / .gz copies of its text files (config/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res: any, file: string) => {
        // Hashed assets are immutable; index.html must always be revalidated.
        if (/\.[0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      },
    })
  }
  // The page carries the H5's runtime configuration (h5RuntimeConfig.ts): made again when the configuration changes.
  const servedHtml = indexSource && servedIndexHtml(config, indexSource.toString('utf8'))
  let indexVariants: { source: string; variants: HtmlVariants } | null = null
  const indexHtmlNow = () => {
    const source = servedHtml!()
    if (indexVariants?.source !== source) indexVariants = { source, variants: compressedVariants(Buffer.from(source)) }
    return indexVariants.variants
  }
  const indexHtml = indexSource && indexHtmlNow
  const homeHtml = servedHtml && homeIndexHtml(db, config.readCacheMs, servedHtml)
  app.setNotFoundHandler(async (req, reply) => {
    const accept = String(req.headers.accept || '')
    const pathname = req.url.split('?')[0]
    if (req.method === 'GET' && indexHtml && !req.url.startsWith('/h5/') && !/\.[a-z0-9]{2,5}$/i.test(pathname) && (accept.includes('text/html') || accept.includes('*/*') || !accept)) {
      // The home page comes with its first banner in it (modules/home/preview.ts); any error: the plain page.
      const html = (HOME_PATHS.has(pathname) && homeHtml && (await homeHtml().catch(() => null))) || indexHtml()
      const enc = String(req.headers['accept-encoding'] || '')
      const [body, encoding] = /\bbr\b/.test(enc) ? [html.br, 'br'] : /\bgzip\b/.test(enc) ? [html.gzip, 'gzip'] : [html.raw, '']
      if (encoding) reply.header('Content-Encoding', encoding)
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').send(body)
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found')
  })

  // The merchant console (admin/, built by Vite into admin/dist): its files under /admin/, and index.html for
  // every other /admin/ path (client routes). /admin/api/ stays the API: its routes are more specific, and an
  // unknown /admin/api/ path or file is a plain 404.
  const adminDir = path.resolve(process.env.ADMIN_DIR || path.join(__dirname, '..', '..', 'admin', 'dist'))
  if (fs.existsSync(path.join(adminDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: adminDir,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // Our own Cache-Control (@fastify/static's own would overwrite one set here): hashed assets are immutable.
      cacheControl: false,
      setHeaders: (res: any, file: string) => res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    })
    const adminHtml = compressedVariants(fs.readFileSync(path.join(adminDir, 'index.html')))
    const adminIndex = async (req: FastifyRequest, reply: FastifyReply) => {
      const pathname = req.url.split('?')[0]
      if (pathname.startsWith('/admin/api/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found')
      const enc = String(req.headers['accept-encoding'] || '')
      const [body, encoding] = /\bbr\b/.test(enc) ? [adminHtml.br, 'br'] : /\bgzip\b/.test(enc) ? [adminHtml.gzip, 'gzip'] : [adminHtml.raw, '']
      if (encoding) reply.header('Content-Encoding', encoding)
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').send(body)
    }
    app.get('/admin', adminIndex)
    app.get('/admin/*', adminIndex)
  }
}
