import crypto from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { HelmetOptions } from 'helmet'
import type { Config } from '../config'

type HelmetMiddleware = (req: unknown, res: unknown, next: (err?: unknown) => void) => void
/**
 * helmet itself, the library @fastify/helmet wraps, resolved from @fastify/helmet so both are the same version.
 * The plugin builds helmet's middleware again on every request (about 10 µs, as much as a cached catalogue
 * read spends in its handler); built once per part of the site below, applying it costs under 1 µs.
 */
const helmet: (options: HelmetOptions) => HelmetMiddleware = (() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path resolved at run time (the helmet of @fastify/helmet)
  const lib = require(require.resolve('helmet', { paths: [path.dirname(require.resolve('@fastify/helmet'))] }))
  return lib.default || lib
})()

/**
 * Security headers by helmet (as @fastify/helmet sets them), with a Content-Security-Policy per part of the site:
 *  - the shop (H5 pages and their assets): scripts from the shop itself, the inline scripts of the served
 *    index.html by hash (never 'unsafe-inline' for scripts), and the script hosts configured (CSP_SCRIPT_HOSTS,
 *    the WeChat JS-SDK host when WX_JSSDK_URL points outside); web-view frames only to WEBVIEW_ALLOW_LIST;
 *  - the API (/h5/) and stored files (/uploads/, /media/): nothing may run or load (an uploaded file opened
 *    directly cannot run a script);
 *  - the merchant console (/admin/): adminDirectives, which allows inline styles (Ant Design's CSS-in-JS);
 *  - the demo activity web pages (/media/activity/, opened by the web-view pages): activityDirectives, scripts
 *    and styles from the shop's own files only (no inline script), calls to the shop's API.
 * The other helmet headers as the hand-written list had them (nosniff, SAMEORIGIN frames, referrer policy).
 */

type Directives = Record<string, string[]>
export type CspPart = 'shop' | 'api' | 'admin' | 'activity'

export interface CspSources {
  /** 'sha256-…' sources of the inline <script> blocks of the served index.html (inlineScriptHashes). */
  scriptHashes: string[]
  /** Extra script origins (https://res.wx.qq.com, a public editor host). */
  scriptHosts: string[]
  /** Extra origins the pages may call (fetch/XHR); the shop's own origin is always allowed. */
  connectHosts: string[]
  /** Hosts web-view pages may show in a frame (WEBVIEW_ALLOW_LIST). */
  frameHosts: string[]
}

/** 'sha256-…' of every inline <script> (one without src) of an HTML page, as CSP wants them. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>()
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(m[1]) || !m[2]) continue
    out.add(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`)
  }
  return [...out]
}

/** A WEBVIEW_ALLOW_LIST entry (host, *.host or host:port; subdomains allowed) as CSP host sources. */
export function frameSourcesFor(entry: string): string[] {
  const e = entry.trim().toLowerCase().replace(/^\*\./, '').replace(/^\./, '')
  if (!e || !/^[a-z0-9.\-[\]:]+$/.test(e)) return []
  const [host, port] = e.includes(':') && !e.startsWith('[') ? e.split(':') : [e, '']
  const p = port ? `:${port}` : ':*'
  const isName = /[a-z]/.test(host) && host.includes('.')
  return isName ? [`${host}${p}`, `*.${host}${p}`] : [`${host}${p}`]
}

const COMMON: Directives = {
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
}

/** The shop's pages. Styles may be inline: the pages set style attributes (React, the home preview of modules/home/preview.ts). */
export function shopDirectives(s: CspSources): Directives {
  return {
    ...COMMON,
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...s.scriptHashes, ...s.scriptHosts],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    // blob:/data: — a chosen picture is read back from its blob: URL before it is uploaded (Taro's uploadFile on H5).
    connectSrc: ["'self'", 'blob:', 'data:', ...s.connectHosts],
    frameSrc: ["'self'", ...s.frameHosts],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
  }
}

/**
 * The merchant console (Vite build under /admin/): scripts from the shop only (a Vite build has no inline
 * script); styles inline because Ant Design writes its CSS-in-JS into <style> elements at run time.
 */
export function adminDirectives(s: Pick<CspSources, 'connectHosts'> = { connectHosts: [] }): Directives {
  return {
    ...COMMON,
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    // blob:/data: — a chosen picture is read back from its blob: URL before it is uploaded (Taro's uploadFile on H5).
    connectSrc: ["'self'", 'blob:', 'data:', ...s.connectHosts],
    frameSrc: ["'none'"],
    workerSrc: ["'self'", 'blob:'],
  }
}

/** The activity web pages the shop serves itself (/media/activity/*.html): their own script and styles, the shop's API. */
export const activityDirectives = (): Directives => ({
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
})

/** JSON answers and stored files: nothing in them may run or load anything, and no site may frame them. */
export const apiDirectives = (): Directives => ({ defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], sandbox: [] })

/** Which policy a path gets: /media/activity/ (activity pages), /h5/ (API), /uploads/ and /media/ (stored files), /admin (console), else the shop. */
export function cspPartFor(url: string): CspPart {
  const p = url.split('?')[0]
  if (p.startsWith('/media/activity/')) return 'activity'
  if (p.startsWith('/h5/') || p.startsWith('/uploads/') || p.startsWith('/media/')) return 'api'
  if (p === '/admin' || p.startsWith('/admin/')) return 'admin'
  return 'shop'
}

/** The sources configured for the shop's policy; `indexHtml` is the served H5 page (its inline scripts are hashed). */
export function cspSources(config: Config, indexHtml: string | null): CspSources {
  return {
    scriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [],
    scriptHosts: config.cspScriptHosts,
    connectHosts: config.cspConnectHosts,
    frameHosts: config.webviewAllowList.flatMap(frameSourcesFor),
  }
}

const HELMET_BASE: HelmetOptions = {
  // TLS ends at the load balancer, which sets Strict-Transport-Security for the whole site.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'sameorigin' },
  // Goods pictures and share images are fetched by other origins (entry hosts, WeChat's share cards).
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
}

/** helmet's middleware for one set of CSP directives (the console can build its own with adminDirectives()). */
export const helmetFor = (directives: Directives): HelmetMiddleware => helmet({ ...HELMET_BASE, contentSecurityPolicy: { useDefaults: false, directives } })

/**
 * The headers of the JSON APIs' answers (/h5/api/*, /admin/api/*). A browser never renders them as a page, so
 * helmet's page headers (frame options, opener/resource policies, referrer policy, …) protect nothing there and cost
 * a measured share of a catalogue read (docs/BENCHMARKS.md, API reads): only nosniff (a JSON answer is never
 * sniffed into HTML or script) and a policy under which nothing in it runs, loads or is framed, should it be opened.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
}
const API_ANSWER_ENTRIES = Object.entries(API_ANSWER_HEADERS)

/** A path of the shop's or the console's JSON API (answers get API_ANSWER_HEADERS, not the page set). */
export const isApiAnswer = (url: string): boolean => url.startsWith('/h5/api/') || url.startsWith('/admin/api/')

/**
 * Sets the security headers on every response (call before the routes). API answers get API_ANSWER_HEADERS; every
 * other response helmet's full set, with the policy of its path (cspPartFor; the shop's includes the hashes of
 * `indexHtml`'s inline scripts). Stored files (/uploads/, /media/) keep the full set: a browser may open them.
 */
export function securityHeaders(app: FastifyInstance, config: Config, indexHtml: string | null = null, extraFrameHosts?: () => string[]) {
  const sources = cspSources(config, indexHtml)
  const build = (frameHosts: string[]): Record<CspPart, HelmetMiddleware> => {
    const s = { ...sources, frameHosts }
    return { shop: helmetFor(shopDirectives(s)), api: helmetFor(apiDirectives()), admin: helmetFor(adminDirectives(s)), activity: helmetFor(activityDirectives()) }
  }
  // The web-view hosts added in the console (content/webviewHosts.ts) join the frame sources: the policies are
  // rebuilt when that list changes, not per request.
  let key = ''
  let middleware = build(sources.frameHosts)
  const current = () => {
    if (!extraFrameHosts) return middleware
    const extra = extraFrameHosts()
    const k = extra.join(',')
    if (k !== key) {
      key = k
      middleware = build([...new Set([...sources.frameHosts, ...extra.flatMap(frameSourcesFor)])])
    }
    return middleware
  }
  // Callback style: it runs on every request. helmet sets the headers on the raw response at once.
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (isApiAnswer(req.url)) {
      for (const [name, value] of API_ANSWER_ENTRIES) reply.raw.setHeader(name, value)
      return done()
    }
    current()[cspPartFor(req.url)](req.raw, reply.raw, (err) => done(err as Error | undefined))
  })
}
