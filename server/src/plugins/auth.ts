import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { Db } from '../db/types'
import { AppError, ErrorCode } from '../errors'

/** Who may call a route: nobody needs a token, a token is optional, a member, or an approved agent. */
/** agentAccount: the agent's money pages, open to an active shop and to one suspended by staff (清退: the money earned stays the agent's). */
export type AuthLevel = 'none' | 'optional' | 'member' | 'agent' | 'agentAccount'

export interface AuthMember {
  id: number
  status: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel
  }
  interface FastifyRequest {
    member: AuthMember | null
    /** The agent shop of the caller, set on agent routes. */
    agentShopId: number | null
  }
}

/** What a member disabled by the shop reads when logging in. */
export const ACCOUNT_DISABLED_MSG = '该账号已被停用，请联系客服'

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
export const SESSION_DAYS = 30

/** Issues a new random token for a member; only its hash is stored. */
export async function createSession(db: Db, memberId: number): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url')
  const t = Date.now()
  await db
    .insertInto('sessions')
    .values({ tokenHash: hashToken(token), memberId, createdAt: t, expiresAt: t + SESSION_DAYS * 86400_000 })
    .execute()
  return token
}

/**
 * The member a token belongs to, or null: unknown or revoked token (sign-out deletes the session), expired
 * session, account disabled by the shop, or account anonymised after logoff.
 */
export async function memberForToken(db: Db, token: string | undefined): Promise<AuthMember | null> {
  if (!token || typeof token !== 'string' || token.length > 128) return null
  const row = await db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.memberId')
    .select(['members.id', 'members.status', 'members.disabledAt', 'sessions.expiresAt'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row || row.expiresAt < Date.now() || row.status === 'anonymised' || row.disabledAt != null) return null
  return { id: row.id, status: row.status }
}

/** Sign-out: the session of this token is deleted, so the token is refused from now on. True when there was one. */
export async function revokeSession(db: Db, token: string | undefined): Promise<boolean> {
  if (!token || typeof token !== 'string' || token.length > 128) return false
  const res = await db.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

export interface RouteInfo {
  method: string
  url: string
  auth: AuthLevel
  /** A gateway callback answering in the gateway's own format (payment notify). */
  rawWire: boolean
  schema: { querystring?: any; body?: any }
}

/** Every /h5 route with its auth level and schema, per app (keyed by its database): the fuzz and authorisation suites walk it. */
export const routeRegistry = new WeakMap<object, RouteInfo[]>()

/** Token auth for every route (default level: member). A missing or unknown token answers code 403. */
export function authPlugin(app: FastifyInstance, db: Db) {
  const routes: RouteInfo[] = []
  routeRegistry.set(db, routes)
  app.decorateRequest('member', null)
  app.decorateRequest('agentShopId', null)
  const authenticate = async (req: FastifyRequest, level: AuthLevel) => {
    const token = req.headers.token as string | undefined
    req.member = await memberForToken(db, token)
    if (level === 'optional') return
    if (!req.member) throw new AppError(ErrorCode.UNAUTHORIZED, '登录已失效，请重新登录')
    if (level === 'agent' || level === 'agentAccount') {
      const shop = await db.selectFrom('agentShops').select(['id', 'status']).where('memberId', '=', req.member.id).executeTakeFirst()
      if (!shop || !(shop.status === 'active' || (level === 'agentAccount' && shop.status === 'suspended'))) throw new AppError(ErrorCode.NOT_AGENT, '您还不是代理，无法使用代理后台')
      req.agentShopId = shop.id
    }
  }
  // One preHandler per level, made once; callback style: a visitor on an optional route (most catalogue reads) costs no promise.
  const hooks = new Map<AuthLevel, preHandlerHookHandler>()
  const hookFor = (level: AuthLevel): preHandlerHookHandler => {
    let hook = hooks.get(level)
    if (!hook) {
      hook = function authHook(req, _reply, done) {
        if (level === 'optional' && !req.headers.token) return done()
        authenticate(req, level).then(() => done(), done)
      }
      hooks.set(level, hook)
    }
    return hook
  }
  // The level is the route's: decided once when the route is declared (its own preHandler, first), not looked up per
  // request. A public route ('none') gets no hook at all.
  app.addHook('onRoute', (r) => {
    const level: AuthLevel = (r.config as any)?.auth || 'member'
    for (const method of ([] as string[]).concat(r.method as any)) {
      if (method === 'HEAD') continue
      routes.push({ method, url: r.url, auth: level, rawWire: !!(r.config as any)?.rawWire, schema: (r.schema as any) || {} })
    }
    if (level !== 'none') r.preHandler = [hookFor(level), ...([] as preHandlerHookHandler[]).concat(r.preHandler || [])]
  })
}

/** The caller's member id on a member route (the auth hook has already refused visitors). */
export const memberId = (req: FastifyRequest): number => {
  if (!req.member) throw new AppError(ErrorCode.UNAUTHORIZED, '请先登录')
  return req.member.id
}
