import crypto from 'node:crypto'
import '../../db/wechatTables'
import type { AppContext } from '../../context'
import type { Conn, Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { ACCOUNT_DISABLED_MSG, createSession, hashToken } from '../../plugins/auth'
import { ALL_PAGES } from '../../../../types/routes'
import type { MiniLoginRequest, WxACodeRequest, WxSchemeRequest } from '../../../../types/wechat'
import { toAppError, WeChatApiError } from '../../wechat/api'
import { wxConfigFor } from '../../wechat/jssdk'
import { code2session, ERR_CODE_INVALID, ERR_CODE_USED, exchangeOAuthCode } from '../../wechat/oauth'
import { generateScheme, getUnlimitedCode } from '../../wechat/mini'
import { compactScene, normaliseQuery, parseScene, storedSceneKey, type SceneQuery } from '../../wechat/scene'
import type { TokenStore } from '../../wechat/tokens'

type Ctx = Pick<AppContext, 'config' | 'db' | 'http' | 'cache' | 'log'>

/* ------------------------------------------------------------------ JS-SDK */

const hostnameOf = (h: string) => h.trim().toLowerCase().replace(/:\d+$/, '')

/**
 * Hosts whose pages may be signed: the shop's own (the request's Host), the main host, the entry hosts and
 * the login redirect hosts of the configuration. The server is no signing oracle for other sites' pages.
 */
export function signableHosts(config: AppContext['config'], requestHost: string): Set<string> {
  return new Set([requestHost, config.mainHost, ...config.entryHosts, ...config.loginRedirectHosts].filter(Boolean).map(hostnameOf))
}

/** Refuses a page address outside signableHosts (and anything but http/https). */
export function checkSignUrl(url: string, allowed: Set<string>): void {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new AppError(ErrorCode.WECHAT_URL_REFUSED, '页面地址无效')
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !allowed.has(u.hostname.toLowerCase())) {
    throw new AppError(ErrorCode.WECHAT_URL_REFUSED, '该页面地址不属于本商城，无法签名')
  }
}

/** wx.config for a page of the shop: { appId, timestamp, nonceStr, signature } signed with the cached jsapi_ticket. */
export async function getWxConfig(ctx: Ctx, tokens: TokenStore, url: string, requestHost: string, now = Date.now()) {
  checkSignUrl(url, signableHosts(ctx.config, requestHost))
  try {
    const ticket = await tokens.jsapiTicket()
    return wxConfigFor(ctx.config.wechat.h5AppId, ticket, url, now)
  } catch (err) {
    throw toAppError(ctx, err, '获取微信配置失败')
  }
}

/* ------------------------------------------------------------------ OAuth (WeChat's browser) */

const codeUsedError = (err: unknown): AppError | null => {
  if (!(err instanceof WeChatApiError)) return null
  if (err.errcode === ERR_CODE_USED) return new AppError(ErrorCode.WECHAT_CODE_USED, '微信授权码已使用，请重新进入页面')
  if (err.errcode === ERR_CODE_INVALID) return new AppError(ErrorCode.WECHAT_CODE_USED, '微信授权码无效或已过期，请重新进入页面')
  return null
}

/**
 * Binds an openid to a member. An openid belongs to one member: the latest member to sign in with this
 * WeChat user keeps it (the one who pays from this WeChat).
 */
async function bindOpenId(tx: Conn, column: 'openidH5' | 'openidMini', openid: string, memberId: number) {
  const t = Date.now()
  if (column === 'openidH5') {
    await tx.updateTable('members').set({ openidH5: null, updatedAt: t }).where('openidH5', '=', openid).where('id', '!=', memberId).execute()
    await tx.updateTable('members').set({ openidH5: openid, updatedAt: t }).where('id', '=', memberId).execute()
  } else {
    await tx.updateTable('members').set({ openidMini: null, updatedAt: t }).where('openidMini', '=', openid).where('id', '!=', memberId).execute()
    await tx.updateTable('members').set({ openidMini: openid, updatedAt: t }).where('id', '=', memberId).execute()
  }
}

/** GET /api/member/getWechatH5OpenId: exchanges the OAuth code (snsapi_base) and stores openid_h5 on the caller. */
export async function bindWechatH5OpenId(ctx: Ctx, memberId: number, code: string) {
  let openid: string
  try {
    ;({ openid } = await exchangeOAuthCode(ctx, code))
  } catch (err) {
    throw codeUsedError(err) || toAppError(ctx, err, '微信授权失败')
  }
  if (!openid) throw new AppError(ErrorCode.WECHAT_ERROR, '微信授权失败，请重试')
  await ctx.db.transaction().execute((tx) => bindOpenId(tx, 'openidH5', openid, memberId))
  return { openId: openid }
}

/* ------------------------------------------------------------------ mini-program login */

export const LOGIN_KEY_TTL_MS = 15 * 60_000

const toId = (v: unknown): number | null => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null
}

/**
 * POST /api/member/miniLogin: code2session, then the member of this openid gets a token; an unknown openid
 * gets a single-use loginKey (15 minutes) for the phone + code step, whose phoneRegister binds the openid.
 */
export async function miniLogin(ctx: Ctx, input: MiniLoginRequest) {
  let s: { openid: string; unionid?: string }
  try {
    s = await code2session(ctx, input.code)
  } catch (err) {
    throw codeUsedError(err) || toAppError(ctx, err, '微信登录失败')
  }
  if (!s.openid) throw new AppError(ErrorCode.WECHAT_ERROR, '微信登录失败，请重试')
  const member = await ctx.db.selectFrom('members').select(['id', 'status', 'disabledAt']).where('openidMini', '=', s.openid).executeTakeFirst()
  if (member && member.disabledAt != null) throw new AppError(ErrorCode.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MSG)
  if (member && member.status !== 'anonymised') {
    return { token: await createSession(ctx.db, member.id), needPhone: false }
  }
  const loginKey = crypto.randomBytes(24).toString('base64url')
  const t = Date.now()
  await ctx.db
    .insertInto('wxLoginKeys')
    .values({
      keyHash: hashToken(loginKey),
      app: 'mini',
      openid: s.openid,
      unionid: s.unionid || null,
      shareMemberId: toId(input.shareMemberId),
      shareBusinessId: toId(input.shareBusinessId),
      expiresAt: t + LOGIN_KEY_TTL_MS,
      usedAt: null,
      createdAt: t,
    })
    .execute()
  if (Math.random() < 0.02)
    await ctx.db
      .deleteFrom('wxLoginKeys')
      .where('expiresAt', '<', t - 86400_000)
      .execute()
  return { token: '', needPhone: true, loginKey }
}

const loginKeyExpired = () => new AppError(ErrorCode.WECHAT_LOGIN_EXPIRED, '微信登录已过期，请返回重新登录')

/** The pending WeChat identity of a loginKey (phoneRegister checks it before using the SMS code). */
export async function peekLoginKey(db: Db, loginKey: string) {
  const row = await db
    .selectFrom('wxLoginKeys')
    .select(['id', 'app', 'openid', 'shareMemberId', 'shareBusinessId'])
    .where('keyHash', '=', hashToken(loginKey))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', Date.now())
    .executeTakeFirst()
  if (!row) throw loginKeyExpired()
  return row
}

/** Uses a loginKey once (conditional update) and binds its openid to the member who just signed in by phone. */
export async function bindLoginKey(db: Db, loginKey: string, memberId: number) {
  const t = Date.now()
  const row = await peekLoginKey(db, loginKey)
  await db.transaction().execute(async (tx) => {
    const res = await tx.updateTable('wxLoginKeys').set({ usedAt: t }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw loginKeyExpired()
    await bindOpenId(tx, row.app === 'h5' ? 'openidH5' : 'openidMini', row.openid, memberId)
  })
}

/* ------------------------------------------------------------------ mini-program codes and schemes */

export const ACODE_CACHE_S = 30 * 86400
export const SCHEME_EXPIRE_DAYS = 30
export const SCHEME_CACHE_S = 29 * 86400

/** The sharer part of a share: the member, and the agent shop (own, else the shop the member is bound to). */
export async function sharerOf(db: Db, memberId: number | null): Promise<{ sUid?: number; bUid?: number }> {
  if (!memberId) return {}
  const m = await db.selectFrom('members').select(['id', 'boundBusinessId']).where('id', '=', memberId).executeTakeFirst()
  if (!m) return {}
  const shop = await db.selectFrom('agentShops').select('id').where('memberId', '=', memberId).where('status', '=', 'active').executeTakeFirst()
  const bUid = shop?.id ?? m.boundBusinessId ?? undefined
  return { sUid: m.id, ...(bUid ? { bUid } : {}) }
}

/** A mini-program page path without the leading slash; refuses pages the app does not have. */
export function checkPage(page: string): string {
  const p = String(page || '')
    .replace(/^\//, '')
    .split('?')[0]
  if (!ALL_PAGES.includes(`/${p}`)) throw new AppError(ErrorCode.BAD_REQUEST, '页面不存在')
  return p
}

/** Parses the extra query of a share ("id=12&x=y"); sUid / bUid come from the caller, never from here. */
export function extraQuery(query: string | undefined, id?: number): SceneQuery {
  const out: SceneQuery = {}
  for (const [k, v] of new URLSearchParams(query || '')) if (k !== 'sUid' && k !== 'bUid' && v) out[k] = v
  if (id) out.id = String(id)
  return out
}

export const EMPTY_SCENE = '_'

/** The scene of a share query: compact when it fits, else stored in share_scenes ("k=<key>"). */
export async function sceneFor(db: Db, query: SceneQuery): Promise<string> {
  // A visitor's code carries nothing; WeChat still needs a scene.
  if (!Object.keys(query).length) return EMPTY_SCENE
  const compact = compactScene(query)
  if (compact) return compact
  const key = storedSceneKey(query)
  await db
    .insertInto('shareScenes')
    .values({ key, query: JSON.stringify(normaliseQuery(query)), createdAt: Date.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  return `k=${key}`
}

/** GET /api/wxMiniApp/getWxACodeParam: a scene back to its query ({sUid, bUid, ...}). */
export async function decodeScene(db: Db, scene: string): Promise<SceneQuery> {
  const q = parseScene(scene)
  if (!q.k) return q
  const row = await db.selectFrom('shareScenes').select('query').where('key', '=', q.k).executeTakeFirst()
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '小程序码已失效')
  return JSON.parse(row.query)
}

const cacheKey = (kind: string, ...parts: Array<string | number>) => `wx:${kind}:${crypto.createHash('sha1').update(parts.join('|')).digest('hex')}`

/** GET /api/wxMiniApp/getWxACode: the caller's share code for a page, as a data URL (cached 30 days in ctx.cache). */
export async function getWxACode(ctx: Ctx, tokens: TokenStore, memberId: number | null, input: WxACodeRequest) {
  const page = checkPage(input.page)
  const query: SceneQuery = normaliseQuery({ ...extraQuery(input.query, input.id), ...(await sharerOf(ctx.db, memberId)) })
  const scene = await sceneFor(ctx.db, query)
  const width = input.width || 430
  const envVersion = input.envVersion || 'release'
  const key = cacheKey('acode', ctx.config.wechat.miniAppId, page, scene, width, envVersion)
  const cached = await ctx.cache.get(key)
  if (cached) return { page, scene, query, image: cached }
  try {
    const { mime, image } = await getUnlimitedCode(ctx, tokens, { scene, page, width, envVersion })
    const dataUrl = `data:${mime};base64,${image.toString('base64')}`
    await ctx.cache.set(key, dataUrl, ACODE_CACHE_S)
    return { page, scene, query, image: dataUrl }
  } catch (err) {
    throw toAppError(ctx, err, '生成小程序码失败')
  }
}

/** GET /api/wxMiniApp/getWxSchemeUrl: a URL scheme (30 days) that opens the page with the caller's sUid / bUid. */
export async function getWxSchemeUrl(ctx: Ctx, tokens: TokenStore, memberId: number | null, input: WxSchemeRequest) {
  const path = checkPage(input.path)
  const q = normaliseQuery({ ...extraQuery(input.query), ...(await sharerOf(ctx.db, memberId)) })
  const query = new URLSearchParams(q).toString()
  const envVersion = input.envVersion || 'release'
  const key = cacheKey('scheme', ctx.config.wechat.miniAppId, path, query, envVersion)
  const cached = await ctx.cache.get(key)
  if (cached) return { openlink: cached, path, query }
  try {
    const { openlink } = await generateScheme(ctx, tokens, { path, query, envVersion, expireDays: SCHEME_EXPIRE_DAYS })
    await ctx.cache.set(key, openlink, SCHEME_CACHE_S)
    return { openlink, path, query }
  } catch (err) {
    throw toAppError(ctx, err, '生成小程序链接失败')
  }
}
