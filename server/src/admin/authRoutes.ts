import type { FastifyRequest } from 'fastify'
import { verify } from '@node-rs/argon2'
import {
  AdminCode,
  IdParams,
  LoginBody,
  PasswordBody,
  SessionEndBody,
  StaffSecurityBody,
  TwoFactorConfirmBody,
  TwoFactorEnableBody,
  type OkReply,
  type RecoveryCodesReply,
  type SessionList,
  type SessionReply,
  type StaffSecurity,
  type TwoFactorSetupReply,
  type TwoFactorStatus,
} from '../../../types/admin'
import { AppError, ErrorCode } from '../errors'
import { setSetting } from '../modules/settings/service'
import { settingsKeyProblem } from '../modules/settings/secrets'
import { hit } from '../services/rateLimit'
import { audited, actorOf, staffOf } from './audit'
import { ADMIN_COOKIE } from './plugin'
import {
  changePassword,
  checkSecondFactor,
  clientOf,
  completeLogin,
  createStaffSession,
  endSession,
  endSessionByRef,
  forgetStaffSecurity,
  listSessions,
  newRecoveryCodes,
  openTotpSecret,
  permissionsOf,
  staffView,
  recordFailure,
  sealTotpSecret,
  SECURITY_KEY,
  SESSION_MS,
  staffSecurity,
  verifyPassword,
} from './staff'
import { matchTotp, newTotpSecret, otpauthUrl } from './totp'
import type { AdminRouteModule } from './types'

/** Sign-ins per IP per 15 minutes (beyond the per-account-and-client lock-out). */
export const LOGINS_PER_IP = 30

/** The name authenticator apps show above the code. */
const TOTP_ISSUER = '商城后台'

const cookieOptions = (req: FastifyRequest) => ({ path: '/admin', httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' })
const userAgentOf = (req: FastifyRequest) => String(req.headers['user-agent'] || '')

/** auth/login, me, logout, password; the own two-factor sign-in and sessions; the owner's system/security and system/sessions. */
const authRoutes: AdminRouteModule = async (app, { db, config }) => {
  const sessionReply = async (staffId: number, csrfToken: string, expiresAt: number): Promise<SessionReply> => {
    const s = await db.selectFrom('staff').select(['totpSecret', 'mustChangePassword']).where('id', '=', staffId).executeTakeFirstOrThrow()
    const staff = await staffView(db, staffId)
    const { require2fa } = await staffSecurity(db)
    const enabled = !!s.totpSecret
    return {
      staff,
      permissions: await permissionsOf(db, staff.role),
      csrfToken,
      expiresAt,
      twoFactor: { enabled, required: require2fa, setupRequired: require2fa && !enabled },
      mustChangePassword: !!s.mustChangePassword,
    }
  }

  app.post('/auth/login', { config: { permission: 'public' }, schema: { body: LoginBody } }, async (req, reply): Promise<SessionReply> => {
    await hit(db, `admin-login:${req.ip}`, LOGINS_PER_IP, 15 * 60_000, '登录尝试过于频繁，请稍后再试')
    const client = clientOf(req.ip)
    const s = await verifyPassword(db, req.body.username, req.body.password, client)
    if (s.totpSecret) {
      const code = (req.body.code || '').trim()
      // Asking for the code is no failure; a wrong code counts like a wrong password.
      if (!code) throw new AppError(AdminCode.CODE_REQUIRED, '请输入身份验证器上的 6 位动态码')
      if (!(await checkSecondFactor(db, config.settingsKey, s, code))) await recordFailure(db, s.username, client)
    }
    await completeLogin(db, s, client)
    const session = await createStaffSession(db, s.id, req.ip, userAgentOf(req))
    reply.setCookie(ADMIN_COOKIE, session.cookie, { ...cookieOptions(req), maxAge: SESSION_MS / 1000 })
    return sessionReply(s.id, session.csrfToken, session.expiresAt)
  })

  app.get('/auth/me', { config: { permission: 'session', beforePasswordChange: true } }, async (req): Promise<SessionReply> => {
    const s = staffOf(req)
    return sessionReply(s.id, s.csrfToken, s.expiresAt)
  })

  app.post('/auth/logout', { config: { permission: 'session', beforePasswordChange: true } }, async (req, reply): Promise<OkReply> => {
    await endSession(db, staffOf(req).sessionId)
    reply.clearCookie(ADMIN_COOKIE, cookieOptions(req))
    return { ok: true }
  })

  app.post('/auth/password', { config: { permission: 'session', beforePasswordChange: true }, schema: { body: PasswordBody } }, async (req): Promise<OkReply> => {
    const s = staffOf(req)
    // The audit row says that it changed, never the values.
    await audited(db, actorOf(req), async (tx, log) => {
      await changePassword(tx, s.id, s.sessionId, req.body.oldPassword, req.body.newPassword)
      log({ action: 'staff.password', targetType: 'staff', targetId: s.id })
    })
    return { ok: true }
  })

  // ---------------------------------------------------------------- two-factor sign-in (own account)

  app.get('/auth/2fa', { config: { permission: 'session' } }, async (req): Promise<TwoFactorStatus> => {
    const me = staffOf(req)
    const s = await db.selectFrom('staff').select(['totpSecret', 'totpEnabledAt']).where('id', '=', me.id).executeTakeFirstOrThrow()
    const left = await db
      .selectFrom('staffRecoveryCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staffId', '=', me.id)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow()
    return {
      enabled: !!s.totpSecret,
      required: (await staffSecurity(db)).require2fa,
      enabledAt: s.totpEnabledAt === null ? null : Number(s.totpEnabledAt),
      recoveryCodesLeft: s.totpSecret ? Number(left.n) : 0,
      encrypted: !settingsKeyProblem(config.settingsKey),
    }
  })

  /** A new secret to scan; two-factor sign-in is on only once auth/2fa/enable confirms a code from it. */
  app.post('/auth/2fa/setup', { config: { permission: 'session' } }, async (req): Promise<TwoFactorSetupReply> => {
    const me = staffOf(req)
    const secret = newTotpSecret()
    await audited(db, actorOf(req), async (tx, log) => {
      const s = await tx.selectFrom('staff').select(['totpSecret']).where('id', '=', me.id).executeTakeFirstOrThrow()
      if (s.totpSecret) throw new AppError(ErrorCode.CONFLICT, '两步验证已开启；如需更换手机，请先关闭再重新设置')
      await tx
        .updateTable('staff')
        .set({ totpPendingSecret: sealTotpSecret(config.settingsKey, secret), updatedAt: Date.now() })
        .where('id', '=', me.id)
        .execute()
      log({ action: 'staff.2fa-setup', targetType: 'staff', targetId: me.id })
    })
    return { secret, otpauthUrl: otpauthUrl(secret, me.username, TOTP_ISSUER) }
  })

  app.post('/auth/2fa/enable', { config: { permission: 'session' }, schema: { body: TwoFactorEnableBody } }, async (req): Promise<RecoveryCodesReply> => {
    const me = staffOf(req)
    return audited(db, actorOf(req), async (tx, log) => {
      const s = await tx.selectFrom('staff').select(['totpSecret', 'totpPendingSecret', 'totpLastStep']).where('id', '=', me.id).executeTakeFirstOrThrow()
      if (s.totpSecret) throw new AppError(ErrorCode.CONFLICT, '两步验证已开启')
      const secret = openTotpSecret(config.settingsKey, s.totpPendingSecret)
      if (!secret) throw new AppError(ErrorCode.BAD_REQUEST, '请先生成二维码并用身份验证器扫描')
      const step = matchTotp(secret, req.body.code.replace(/\s/g, ''))
      if (step === null) throw new AppError(ErrorCode.BAD_REQUEST, '动态码不正确：请输入身份验证器上当前显示的 6 位数字（手机时间需准确）')
      const t = Date.now()
      const r = await tx
        .updateTable('staff')
        .set({ totpSecret: s.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: t, totpLastStep: step, updatedAt: t })
        .where('id', '=', me.id)
        .where('totpSecret', 'is', null)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '两步验证已开启')
      const recoveryCodes = await newRecoveryCodes(tx, me.id, t)
      // Other sessions were signed in with the password alone: they end.
      await tx.deleteFrom('staffSessions').where('staffId', '=', me.id).where('id', '!=', me.sessionId).execute()
      log({ action: 'staff.2fa-enable', targetType: 'staff', targetId: me.id, after: { twoFactor: true } })
      return { recoveryCodes }
    })
  })

  /** The password and a current code (or a recovery code) again: a session left open is not enough. */
  const confirm = async (staffId: number, body: { password: string; code: string }) => {
    const s = await db.selectFrom('staff').select(['id', 'passwordHash', 'totpSecret']).where('id', '=', staffId).executeTakeFirstOrThrow()
    if (!s.totpSecret) throw new AppError(ErrorCode.CONFLICT, '两步验证未开启')
    if (!(await verify(s.passwordHash, body.password).catch(() => false))) throw new AppError(ErrorCode.BAD_REQUEST, '密码不正确')
    if (!(await checkSecondFactor(db, config.settingsKey, s, body.code))) throw new AppError(ErrorCode.BAD_REQUEST, '动态码不正确或已用过')
  }

  app.post('/auth/2fa/disable', { config: { permission: 'session' }, schema: { body: TwoFactorConfirmBody } }, async (req): Promise<OkReply> => {
    const me = staffOf(req)
    if ((await staffSecurity(db)).require2fa) throw new AppError(ErrorCode.CONFLICT, '店主要求所有员工开启两步验证，不能关闭')
    await confirm(me.id, req.body)
    await audited(db, actorOf(req), async (tx, log) => {
      await tx.updateTable('staff').set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: Date.now() }).where('id', '=', me.id).execute()
      await tx.deleteFrom('staffRecoveryCodes').where('staffId', '=', me.id).execute()
      log({ action: 'staff.2fa-disable', targetType: 'staff', targetId: me.id, before: { twoFactor: true }, after: { twoFactor: false } })
    })
    return { ok: true }
  })

  app.post('/auth/2fa/recovery-codes', { config: { permission: 'session' }, schema: { body: TwoFactorConfirmBody } }, async (req): Promise<RecoveryCodesReply> => {
    const me = staffOf(req)
    await confirm(me.id, req.body)
    return audited(db, actorOf(req), async (tx, log) => {
      const recoveryCodes = await newRecoveryCodes(tx, me.id)
      log({ action: 'staff.recovery-codes', targetType: 'staff', targetId: me.id })
      return { recoveryCodes }
    })
  })

  // ---------------------------------------------------------------- sessions

  app.get('/auth/sessions', { config: { permission: 'session' } }, async (req): Promise<SessionList> => {
    const me = staffOf(req)
    return { list: await listSessions(db, { staffId: me.id, currentSessionId: me.sessionId }) }
  })

  app.post('/auth/sessions/end', { config: { permission: 'session' }, schema: { body: SessionEndBody } }, async (req): Promise<OkReply> => {
    const me = staffOf(req)
    await audited(db, actorOf(req), async (tx, log) => {
      const ended = await endSessionByRef(tx, req.body.ref, me.id)
      if (!ended) throw new AppError(ErrorCode.NOT_FOUND, '该登录已结束或不存在')
      log({ action: 'staff.session-end', targetType: 'staff', targetId: me.id, before: { session: req.body.ref, ip: ended.ip } })
    })
    return { ok: true }
  })

  app.get('/system/sessions', { config: { permission: 'staff.read' } }, async (req): Promise<SessionList> => {
    return { list: await listSessions(db, { currentSessionId: staffOf(req).sessionId }) }
  })

  app.post('/system/sessions/end', { config: { permission: 'staff.write' }, schema: { body: SessionEndBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), async (tx, log) => {
      const ended = await endSessionByRef(tx, req.body.ref)
      if (!ended) throw new AppError(ErrorCode.NOT_FOUND, '该登录已结束或不存在')
      log({ action: 'staff.session-end', targetType: 'staff', targetId: ended.staffId, before: { session: req.body.ref, ip: ended.ip } })
    })
    return { ok: true }
  })

  // ---------------------------------------------------------------- the owner's rules

  app.get('/system/security', { config: { permission: 'staff.read' } }, async (): Promise<StaffSecurity> => staffSecurity(db))

  app.put('/system/security', { config: { permission: 'staff.write' }, schema: { body: StaffSecurityBody } }, async (req): Promise<StaffSecurity> => {
    const me = staffOf(req)
    const next = { require2fa: req.body.require2fa }
    if (next.require2fa && !me.twoFactor) throw new AppError(ErrorCode.CONFLICT, '请先为自己的账号开启两步验证，再要求所有员工开启')
    await audited(db, actorOf(req), async (tx, log) => {
      forgetStaffSecurity()
      const before = await staffSecurity(tx)
      await setSetting(tx, SECURITY_KEY, next)
      log({ action: 'settings.staffSecurity', targetType: 'settings', targetId: SECURITY_KEY, before, after: next })
    })
    forgetStaffSecurity()
    return next
  })

  /** The owner turns off a staff member's two-factor sign-in (lost phone and recovery codes); its sessions end. */
  app.post('/system/staff/:id/2fa-reset', { config: { permission: 'staff.write' }, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), async (tx, log) => {
      const s = await tx.selectFrom('staff').select(['id', 'totpSecret']).where('id', '=', req.params.id).executeTakeFirst()
      if (!s) throw new AppError(ErrorCode.NOT_FOUND, '员工不存在')
      if (!s.totpSecret) throw new AppError(ErrorCode.CONFLICT, '该员工未开启两步验证')
      await tx.updateTable('staff').set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: Date.now() }).where('id', '=', s.id).execute()
      await tx.deleteFrom('staffRecoveryCodes').where('staffId', '=', s.id).execute()
      await tx.deleteFrom('staffSessions').where('staffId', '=', s.id).execute()
      log({ action: 'staff.2fa-reset', targetType: 'staff', targetId: s.id, before: { twoFactor: true }, after: { twoFactor: false } })
    })
    return { ok: true }
  })
}

export default authRoutes
