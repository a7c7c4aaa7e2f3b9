import type { FastifyRequest } from 'fastify'
import { LoginBody, PasswordBody, type OkReply, type SessionReply } from '../../../types/admin'
import { hit } from '../services/rateLimit'
import { audited, actorOf, staffOf } from './audit'
import { ADMIN_COOKIE } from './plugin'
import { changePassword, createStaffSession, endSession, permissionsOf, SESSION_MS, toStaffView, verifyLogin } from './staff'
import type { AdminRouteModule } from './types'

/** Sign-ins per IP per 15 minutes (beyond the per-account lock-out). */
export const LOGINS_PER_IP = 30

const cookieOptions = (req: FastifyRequest) => ({ path: '/admin', httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' })

/** auth/login, me, logout, password. */
const authRoutes: AdminRouteModule = async (app, { db }) => {
  const sessionReply = async (staffId: number, csrfToken: string, expiresAt: number): Promise<SessionReply> => {
    const s = await db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirstOrThrow()
    return { staff: toStaffView(s), permissions: permissionsOf(s.role), csrfToken, expiresAt }
  }

  app.post('/auth/login', { config: { permission: 'public' }, schema: { body: LoginBody } }, async (req, reply): Promise<SessionReply> => {
    await hit(db, `admin-login:${req.ip}`, LOGINS_PER_IP, 15 * 60_000, '登录尝试过于频繁，请稍后再试')
    const s = await verifyLogin(db, req.body.username, req.body.password)
    const session = await createStaffSession(db, s.id, req.ip)
    reply.setCookie(ADMIN_COOKIE, session.cookie, { ...cookieOptions(req), maxAge: SESSION_MS / 1000 })
    return sessionReply(s.id, session.csrfToken, session.expiresAt)
  })

  app.get('/auth/me', { config: { permission: 'session' } }, async (req): Promise<SessionReply> => {
    const s = staffOf(req)
    return sessionReply(s.id, s.csrfToken, s.expiresAt)
  })

  app.post('/auth/logout', { config: { permission: 'session' } }, async (req, reply): Promise<OkReply> => {
    await endSession(db, staffOf(req).sessionId)
    reply.clearCookie(ADMIN_COOKIE, cookieOptions(req))
    return { ok: true }
  })

  app.post('/auth/password', { config: { permission: 'session' }, schema: { body: PasswordBody } }, async (req): Promise<OkReply> => {
    const s = staffOf(req)
    // The audit row says that it changed, never the values.
    await audited(db, actorOf(req), async (tx, log) => {
      await changePassword(tx, s.id, s.sessionId, req.body.oldPassword, req.body.newPassword)
      log({ action: 'staff.password', targetType: 'staff', targetId: s.id })
    })
    return { ok: true }
  })
}

export default authRoutes
