import crypto from 'node:crypto'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { envelopePlugin } from '../plugins/envelope'
import { AppError } from '../errors'
import { ADMIN_FIELD_LABELS, AdminCode, type Permission } from '../../../types/admin'
import { staffForCookie, staffSecurity, type SessionStaff } from './staff'

/**
 * The Chinese name of a field in a validation message: the route's module's own (`adminFieldLabels`, put on each
 * route's config by adminApi: the same field name can mean 返现金额 in 好评返现 and 面额 in 优惠券), then the shared one.
 */
const labelOf = (key: string, own: Record<string, string> | undefined) => own?.[key] || ADMIN_FIELD_LABELS[key]

/**
 * Who may call a console route: anyone (sign-in), any signed-in staff, staff whose role has the permission, or (a
 * list) staff whose role has any one of them (the goods picker, used by pages of several areas).
 */
export type RoutePermission = Permission | readonly Permission[] | 'public' | 'session'
/** Whether permissions granted satisfy a route's (one, or any of a list). */
export const grants = (granted: { has(p: string): boolean }, needed: Permission | readonly Permission[]) => (typeof needed === 'string' ? granted.has(needed) : needed.some((p) => granted.has(p)))

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every console route declares one; the console plugin refuses a route without it at start-up. */
    permission?: RoutePermission
    /** Answers a staff who must still change a password somebody else saw (auth/me, auth/password, auth/logout only). */
    beforePasswordChange?: boolean
    /** The Chinese names of the route's module's fields in validation messages (set by adminApi from the module). */
    fieldLabels?: Record<string, string>
  }
  interface FastifyRequest {
    /** The signed-in staff on a console route. */
    staff: SessionStaff | null
  }
}

export const ADMIN_COOKIE = 'mall_admin'

export interface AdminRouteInfo {
  method: string
  url: string
  permission: RoutePermission
  schema: { querystring?: any; body?: any; params?: any }
}

/** Every console route with its permission, per app (keyed by its database): the authorisation suite walks it. */
export const adminRouteRegistry = new WeakMap<object, AdminRouteInfo[]>()

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

/**
 * A write sent by another site's page: the browser says so in Sec-Fetch-Site, or its Origin is not this host
 * (`null` included). Requests without either header (the CLI, curl, old browsers) rely on the CSRF token alone.
 */
export function crossSiteWrite(req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true
  const origin = req.headers.origin
  if (origin === undefined) return false
  try {
    // Both through URL, so a default port (:80, :443) compares equal to none.
    return new URL(origin).host !== new URL(`${req.protocol}://${req.host}`).host
  } catch {
    return true
  }
}

/**
 * The console scope (/admin/api): cookie parsing, the envelope (without the shop's p rule), then for every
 * route in this order: a write from another site is refused (sign-in included), a staff session from the
 * cookie (the shop's token header is never read), the CSRF header on writes, a staff who must change a
 * password somebody else saw reaches only the routes marked `beforePasswordChange` (code 8008), the route's
 * permission, and (when the owner requires two-factor sign-in) a staff without it reaches only the session routes. Runs
 * before body validation, so a caller without the right learns nothing about the route's input.
 */
export async function adminPlugin(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx
  await app.register(cookie)
  await app.register(multipart, { limits: { fileSize: config.uploadMaxImageBytes, files: 1, fields: 5 } })
  envelopePlugin(app, { wireP: false, validationMessage: adminValidationMessage })

  const routes: AdminRouteInfo[] = []
  adminRouteRegistry.set(db, routes)
  app.addHook('onRoute', (r) => {
    const permission = r.config?.permission
    if (!permission) throw new Error(`console route ${r.method} ${r.url} declares no permission`)
    for (const method of ([] as string[]).concat(r.method)) {
      if (method !== 'HEAD') routes.push({ method, url: r.url, permission, schema: (r.schema as AdminRouteInfo['schema']) || {} })
    }
  })

  app.decorateRequest('staff', null)
  app.addHook('preValidation', async (req) => {
    const permission = req.routeOptions.config?.permission
    if (!permission || req.is404) return
    const write = req.method !== 'GET' && req.method !== 'HEAD'
    if (write && crossSiteWrite(req)) {
      req.log.warn({ origin: req.headers.origin, site: req.headers['sec-fetch-site'], url: req.url }, 'console write from another site refused')
      throw new AppError(AdminCode.CSRF, '请求来自其他网站，已拒绝；请直接打开后台页面操作')
    }
    if (permission === 'public') return
    const staff = await staffForCookie(db, req.cookies[ADMIN_COOKIE])
    if (!staff) throw new AppError(AdminCode.NOT_SIGNED_IN, '登录已失效，请重新登录')
    if (write) {
      const header = req.headers['x-csrf-token']
      if (typeof header !== 'string' || !sameToken(header, staff.csrfToken)) throw new AppError(AdminCode.CSRF, '页面已过期，请刷新后重试')
    }
    if (staff.mustChangePassword && !req.routeOptions.config?.beforePasswordChange) throw new AppError(AdminCode.PASSWORD_CHANGE_REQUIRED, '请先修改初始密码，再使用后台')
    if (permission !== 'session') {
      if (!grants(staff.permissions, permission)) throw new AppError(AdminCode.FORBIDDEN, '没有权限执行此操作')
      if (!staff.twoFactor && (await staffSecurity(db)).require2fa) throw new AppError(AdminCode.TWO_FACTOR_SETUP, '店主要求所有员工开启两步验证：请先在「账号安全」中设置')
    }
    req.staff = staff
  })
  // People get the Chinese message; the log gets the field details.
  app.addHook('onError', (req, _reply, err: Error & { validation?: unknown }, done) => {
    if (err.validation) req.log.info({ validation: err.validation, url: req.url }, 'console input refused')
    done()
  })
}

/** A schema refusal as a Chinese sentence naming the field ("价格超出范围"). */
export function adminValidationMessage(errors: any[], _dataVar: string, req?: FastifyRequest): string {
  const e = errors?.[0]
  if (!e) return '请求参数错误'
  const segments = String(e.instancePath || '')
    .split('/')
    .filter((s) => s && !/^\d+$/.test(s))
  const key = e.keyword === 'required' ? e.params?.missingProperty : segments[segments.length - 1]
  const label = (key && labelOf(key, req?.routeOptions.config?.fieldLabels)) || key || '参数'
  const limit = e.params?.limit
  switch (e.keyword) {
    case 'required':
      return `请填写${label}`
    case 'additionalProperties':
      return `不支持的参数：${e.params?.additionalProperty}`
    case 'maxLength':
      return `${label}过长（最多 ${limit} 个字符）`
    case 'minLength':
      return limit <= 1 ? `请填写${label}` : `${label}至少 ${limit} 个字符`
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${label}超出范围`
    case 'minItems':
      return `${label}至少 ${limit} 项`
    case 'maxItems':
      return `${label}最多 ${limit} 项`
    case 'const':
    case 'enum':
    case 'anyOf':
      return `${label}取值无效`
    default:
      return `${label}格式不正确`
  }
}
