import type { AppContext } from '../context'
import { AppError, ErrorCode } from '../errors'

/** An error answered by WeChat's API ({errcode, errmsg} with errcode other than 0). */
export class WeChatApiError extends Error {
  constructor(
    public errcode: number,
    public errmsg: string,
    public api: string,
  ) {
    super(`wechat ${api}: ${errcode} ${errmsg}`)
  }
}

/** Access-token errors: the cached token is no longer valid (40001 invalid credential, 42001 expired, 40014 invalid token). */
export const TOKEN_ERRCODES = new Set([40001, 40014, 42001])

/** The app ids and secrets of the two WeChat apps: the official account (H5 in WeChat) and the mini-program. */
export type WxApp = 'h5' | 'mini'

export function appCredentials(ctx: Pick<AppContext, 'config'>, app: WxApp): { appId: string; secret: string } {
  const w = ctx.config.wechat
  const cred = app === 'h5' ? { appId: w.h5AppId, secret: w.h5Secret } : { appId: w.miniAppId, secret: w.miniSecret }
  if (!cred.appId || !cred.secret) {
    throw new AppError(ErrorCode.WECHAT_NOT_CONFIGURED, app === 'h5' ? '未配置微信公众号，暂不支持微信登录与分享' : '未配置微信小程序，暂不支持该功能')
  }
  return cred
}

/** Builds an API address under config.wechat.apiBase (https://api.weixin.qq.com in production). */
export function apiUrl(ctx: Pick<AppContext, 'config'>, path: string, query: Record<string, string | number> = {}): string {
  const u = new URL(path, ctx.config.wechat.apiBase.replace(/\/?$/, '/'))
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v))
  return u.toString()
}

/** Throws WeChatApiError when the body carries a non-zero errcode; returns the body otherwise. */
export function checkBody<T = any>(body: any, api: string): T {
  if (!body || typeof body !== 'object') throw new WeChatApiError(-2, 'empty or non-JSON response', api)
  if (body.errcode !== undefined && Number(body.errcode) !== 0) throw new WeChatApiError(Number(body.errcode), String(body.errmsg || ''), api)
  return body as T
}

/** GET a WeChat JSON API through ctx.http. */
export async function wxGet<T = any>(ctx: Pick<AppContext, 'config' | 'http'>, path: string, query: Record<string, string | number>): Promise<T> {
  const body = await ctx.http.getJson(apiUrl(ctx, path, query))
  return checkBody<T>(body, path)
}

/** POST JSON to a WeChat API; returns the raw response (some APIs answer an image on success). */
export async function wxPost(ctx: Pick<AppContext, 'config' | 'http'>, path: string, query: Record<string, string | number>, body: unknown) {
  return ctx.http.postJson(apiUrl(ctx, path, query), body)
}

/** Turns an unexpected WeChat failure into a product error (logged with its errcode, never its secrets). */
export function toAppError(ctx: Pick<AppContext, 'log'>, err: unknown, msg: string): AppError {
  if (err instanceof AppError) return err
  if (err instanceof WeChatApiError) {
    ctx.log.warn({ errcode: err.errcode, errmsg: err.errmsg, api: err.api }, 'wechat api error')
    return new AppError(ErrorCode.WECHAT_ERROR, `${msg}（${err.errcode}）`)
  }
  ctx.log.warn({ err: String((err as Error)?.message || err) }, 'wechat api unreachable')
  return new AppError(ErrorCode.WECHAT_ERROR, `${msg}，请稍后重试`)
}
