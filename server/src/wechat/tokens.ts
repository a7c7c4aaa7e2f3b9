import type { AppContext } from '../context'
import { appCredentials, checkBody, TOKEN_ERRCODES, WeChatApiError, wxGet, wxPost, type WxApp } from './api'

/** WeChat's tokens live 7200 s; we keep them this much less so a cached one never expires mid-call. */
export const TOKEN_SAFETY_MARGIN_S = 300
export const DEFAULT_TOKEN_TTL_S = 7200

/** Seconds to keep a token or ticket that WeChat says lives `expiresIn` seconds (at least 60). */
export const cacheTtl = (expiresIn: unknown): number => Math.max(60, (Number(expiresIn) > 0 ? Number(expiresIn) : DEFAULT_TOKEN_TTL_S) - TOKEN_SAFETY_MARGIN_S)

export interface TokenStore {
  /** The app's access_token (cgi-bin/stable_token), from the shared cache when fresh. */
  accessToken(app: WxApp): Promise<string>
  /** The official account's jsapi_ticket (cgi-bin/ticket/getticket?type=jsapi) for wx.config. */
  jsapiTicket(): Promise<string>
  /** Forgets a token WeChat refused (40001 / 42001), so the next call fetches a new one. */
  invalidate(app: WxApp): Promise<void>
  /** Runs `fn` with the access token; on a token error, refreshes once and retries. */
  withAccessToken<T>(app: WxApp, fn: (token: string) => Promise<T>): Promise<T>
}

/**
 * access_token and jsapi_ticket, cached in ctx.cache (kv_cache table, or Redis with REDIS_URL) so every
 * instance shares them, with a single in-flight refresh per instance: concurrent callers wait for the
 * same request instead of each asking WeChat (WeChat caps token calls per day).
 *
 * The access token comes from cgi-bin/stable_token (force_refresh false): several instances refreshing
 * at the same moment receive the same token instead of invalidating each other's.
 */
export function createTokenStore(ctx: Pick<AppContext, 'config' | 'http' | 'cache'>): TokenStore {
  const inflight = new Map<string, Promise<string>>()
  // After WeChat refused a token, the next stable_token call forces a new one.
  const forceNext = new Set<WxApp>()

  const once = (key: string, load: () => Promise<string>): Promise<string> => {
    let p = inflight.get(key)
    if (!p) {
      p = (async () => {
        const cached = await ctx.cache.get(key)
        if (cached) return cached
        return load()
      })().finally(() => inflight.delete(key))
      inflight.set(key, p)
    }
    return p
  }

  const tokenKey = (app: WxApp) => `wx:access_token:${appCredentials(ctx, app).appId}`
  const ticketKey = () => `wx:jsapi_ticket:${appCredentials(ctx, 'h5').appId}`

  const store: TokenStore = {
    accessToken(app) {
      const { appId, secret } = appCredentials(ctx, app)
      const key = tokenKey(app)
      return once(key, async () => {
        const force = forceNext.delete(app)
        const res = await wxPost(ctx, 'cgi-bin/stable_token', {}, { grant_type: 'client_credential', appid: appId, secret, force_refresh: force })
        const body = checkBody<{ access_token: string; expires_in: number }>(res.body, 'cgi-bin/stable_token')
        if (!body.access_token) throw new WeChatApiError(-3, 'no access_token in response', 'cgi-bin/stable_token')
        await ctx.cache.set(key, body.access_token, cacheTtl(body.expires_in))
        return body.access_token
      })
    },
    jsapiTicket() {
      const key = ticketKey()
      return once(key, () =>
        store.withAccessToken('h5', async (token) => {
          const body = await wxGet<{ ticket: string; expires_in: number }>(ctx, 'cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' })
          if (!body.ticket) throw new WeChatApiError(-3, 'no ticket in response', 'cgi-bin/ticket/getticket')
          await ctx.cache.set(key, body.ticket, cacheTtl(body.expires_in))
          return body.ticket
        }),
      )
    },
    async invalidate(app) {
      forceNext.add(app)
      // The cache has no delete: an empty value reads as a miss.
      await ctx.cache.set(tokenKey(app), '', 1)
      if (app === 'h5') await ctx.cache.set(ticketKey(), '', 1)
    },
    async withAccessToken(app, fn) {
      const token = await store.accessToken(app)
      try {
        return await fn(token)
      } catch (err) {
        if (!(err instanceof WeChatApiError) || !TOKEN_ERRCODES.has(err.errcode)) throw err
        await store.invalidate(app)
        return fn(await store.accessToken(app))
      }
    },
  }
  return store
}
