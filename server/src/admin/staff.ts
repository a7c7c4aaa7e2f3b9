import crypto from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { sql, type Selectable } from 'kysely'
import type { Conn, Db } from '../db/types'
import { AppError, ErrorCode } from '../errors'
import { AdminCode, type Role, type StaffSecurity, type StaffSessionView, type StaffView } from '../../../types/admin'
import { isMobile } from '../../../types/validate'
import { getSetting } from '../modules/settings/service'
import { decryptSecret, encryptSecret, settingsKeyProblem } from '../modules/settings/secrets'
import './tables'
import type { StaffTable } from './tables'
import { base32Encode, matchTotp } from './totp'
import { findRole, rolePermissions } from './roles'

/**
 * Sign-in rules: 5 wrong sign-ins (password or second-factor code) for one username from one client address
 * within 15 minutes refuse that username from that address for 15 minutes; the same name from any other
 * address is not affected, so a stranger cannot keep the owner out. A session lasts 12 hours.
 */
export const MAX_FAILED = 5
export const FAIL_WINDOW_MS = 15 * 60_000
export const LOCK_MS = 15 * 60_000
export const SESSION_MS = 12 * 3600_000
export const MIN_PASSWORD = 8

// argon2id (algorithm 2 of @node-rs/argon2; its Algorithm enum is a const enum the test compiler cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2)
/** A hash of nothing anyone knows, verified for unknown usernames so they take as long as known ones. */
let dummyHash: Promise<string> | null = null

/** 16 random characters with letters and digits (so it passes checkPassword). */
export function generatePassword(): string {
  for (;;) {
    const p = crypto.randomBytes(12).toString('base64url')
    if (/[A-Za-z]/.test(p) && /\d/.test(p)) return p
  }
}
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')

export type StaffRow = Selectable<StaffTable>
type ViewFields = 'id' | 'username' | 'realName' | 'phone' | 'role' | 'disabled' | 'lastLoginAt' | 'createdAt' | 'totpSecret'
export const toStaffView = (s: Pick<StaffRow, ViewFields>, roleName: string): StaffView => ({
  id: s.id,
  username: s.username,
  realName: s.realName,
  phone: s.phone,
  role: s.role,
  roleName,
  disabled: !!s.disabled,
  lastLoginAt: s.lastLoginAt === null ? null : Number(s.lastLoginAt),
  createdAt: Number(s.createdAt),
  twoFactor: !!s.totpSecret,
})

/** Staff rows with their role's name (a staff whose role row is gone shows its code). */
export async function staffViews(db: Conn, id?: number): Promise<StaffView[]> {
  let q = db.selectFrom('staff as s').leftJoin('staffRoles as r', 'r.code', 's.role').selectAll('s').select('r.name as roleName').orderBy('s.id')
  if (id !== undefined) q = q.where('s.id', '=', id)
  const rows = await q.execute()
  return rows.map((r) => toStaffView(r, r.roleName ?? r.role))
}
export const staffView = async (db: Conn, id: number) => (await staffViews(db, id))[0]

/** The permissions of a role code (none for a code without a role row). */
export async function permissionsOf(db: Conn, role: Role): Promise<string[]> {
  const row = await db.selectFrom('staffRoles').select(['code', 'permissions']).where('code', '=', role).executeTakeFirst()
  return row ? rolePermissions(row) : []
}

export function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD) throw new AppError(ErrorCode.BAD_REQUEST, `密码至少 ${MIN_PASSWORD} 位`)
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) throw new AppError(ErrorCode.BAD_REQUEST, '密码须同时包含字母和数字')
}

/** 姓名 (1-32 characters, trimmed) and 手机号 (a mainland mobile number). */
export function checkNameAndPhone(v: { realName?: string; phone?: string }) {
  if (v.realName !== undefined && !v.realName.trim()) throw new AppError(ErrorCode.BAD_REQUEST, '请填写姓名')
  if (v.realName !== undefined && v.realName.trim().length > 32) throw new AppError(ErrorCode.BAD_REQUEST, '姓名最多 32 个字')
  if (v.phone !== undefined && !isMobile(v.phone)) throw new AppError(ErrorCode.BAD_REQUEST, '手机号格式不正确')
}

export interface NewStaff {
  username: string
  /** A role's code or (the CLI) its Chinese name. */
  role: Role
  password?: string
  realName?: string
  phone?: string
  /** Must change the password at the first sign-in; by default when the password is generated here. */
  mustChangePassword?: boolean
}

/** Creates a staff account (console and `npm run admin -- staff add`); a password is generated when none is given. */
export async function createStaff(db: Conn, input: NewStaff) {
  const username = input.username.trim()
  if (!/^[A-Za-z0-9_.-]{3,32}$/.test(username)) throw new AppError(ErrorCode.BAD_REQUEST, '用户名为 3-32 位字母、数字、下划线、点或横线')
  const role = await findRole(db, input.role)
  if (!role) throw new AppError(ErrorCode.BAD_REQUEST, '角色无效')
  checkNameAndPhone(input)
  const password = input.password ?? generatePassword()
  checkPassword(password)
  const exists = await db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirst()
  if (exists) throw new AppError(ErrorCode.CONFLICT, '用户名已存在')
  const t = Date.now()
  const row = await db
    .insertInto('staff')
    .values({
      username,
      passwordHash: await hashPassword(password),
      role: role.code,
      realName: (input.realName ?? '').trim(),
      phone: input.phone ?? '',
      mustChangePassword: (input.mustChangePassword ?? input.password === undefined) ? 1 : 0,
      disabled: 0,
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      lastLoginAt: null,
      createdAt: t,
      updatedAt: t,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { staff: toStaffView(row, role.name), password }
}

/** The client a sign-in failure is counted for: its address as the server sees it (TRUST_PROXY decides). */
export const clientOf = (ip: string) => (ip || 'unknown').slice(0, 64)

const lockedError = (until: number, now: number) => new AppError(AdminCode.LOCKED, `登录失败次数过多，请 ${Math.max(1, Math.ceil((until - now) / 60_000))} 分钟后再试`, { lockedUntil: until })

/** Refuses a username on this client while its failures lock it. */
async function checkNotLocked(db: Db, username: string, client: string, now: number) {
  const row = await db.selectFrom('staffLoginFailures').select('lockedUntil').where('username', '=', username).where('client', '=', client).executeTakeFirst()
  if (row?.lockedUntil && Number(row.lockedUntil) > now) throw lockedError(Number(row.lockedUntil), now)
}

/**
 * Counts one wrong sign-in for username + client in one statement (a failure window older than FAIL_WINDOW_MS
 * starts again at 1); the MAX_FAILED-th locks that pair for LOCK_MS. Unknown usernames are counted alike, so
 * the answers never tell whether an account exists. Throws the refusal.
 */
export async function recordFailure(db: Db, username: string, client: string, now = Date.now()): Promise<never> {
  const staleBefore = now - FAIL_WINDOW_MS
  const row = await db
    .insertInto('staffLoginFailures')
    .values({ username, client, failedAttempts: 1, firstFailedAt: now, lockedUntil: null })
    .onConflict((oc) =>
      oc.columns(['username', 'client']).doUpdateSet({
        failedAttempts: sql<number>`case when staff_login_failures.first_failed_at < ${staleBefore} then 1 else staff_login_failures.failed_attempts + 1 end`,
        firstFailedAt: sql<number>`case when staff_login_failures.first_failed_at < ${staleBefore} then ${now} else staff_login_failures.first_failed_at end`,
      }),
    )
    .returning(['id', 'failedAttempts'])
    .executeTakeFirstOrThrow()
  const attempts = Number(row.failedAttempts)
  if (attempts >= MAX_FAILED) {
    await db
      .updateTable('staffLoginFailures')
      .set({ failedAttempts: 0, firstFailedAt: now, lockedUntil: now + LOCK_MS })
      .where('id', '=', row.id)
      .execute()
    throw lockedError(now + LOCK_MS, now)
  }
  // Old rows go now and then (unknown usernames leave rows too).
  if (Math.random() < 0.05)
    await db
      .deleteFrom('staffLoginFailures')
      .where('firstFailedAt', '<', now - FAIL_WINDOW_MS - LOCK_MS)
      .execute()
  throw new AppError(AdminCode.BAD_CREDENTIALS, `用户名或密码错误，还可尝试 ${MAX_FAILED - attempts} 次`)
}

/**
 * Checks username and password from a client (see MAX_FAILED). A known and an unknown username answer alike
 * and take as long (one argon2 verification each). A disabled account is refused only after the right password.
 * The second factor and completeLogin come after.
 */
export async function verifyPassword(db: Db, username: string, password: string, client: string, now = Date.now()): Promise<StaffRow> {
  const name = username.trim()
  await checkNotLocked(db, name, client, now)
  const s = await db.selectFrom('staff').selectAll().where('username', '=', name).executeTakeFirst()
  let ok = false
  if (!s) {
    dummyHash ||= hashPassword(generatePassword())
    await verify(await dummyHash, password).catch(() => false)
  } else ok = await verify(s.passwordHash, password).catch(() => false)
  if (!s || !ok) return recordFailure(db, name, client, now)
  if (s.disabled) throw new AppError(AdminCode.BAD_CREDENTIALS, '账号已停用，请联系店主')
  return s
}

/** A sign-in went through: the client's failures for the name are forgotten, the last sign-in noted. */
export async function completeLogin(db: Db, s: StaffRow, client: string, now = Date.now()): Promise<StaffRow> {
  await db.deleteFrom('staffLoginFailures').where('username', '=', s.username).where('client', '=', client).execute()
  await db.updateTable('staff').set({ lastLoginAt: now, updatedAt: now }).where('id', '=', s.id).execute()
  return { ...s, lastLoginAt: now }
}

/** `npm run admin -- staff unlock <username>`: forgets every client's failures for the name. */
export async function unlockStaff(db: Conn, username: string): Promise<number> {
  const r = await db.deleteFrom('staffLoginFailures').where('username', '=', username.trim()).executeTakeFirst()
  return Number(r.numDeletedRows)
}

// ------------------------------------------------------------------ two-factor sign-in

const PLAIN = 'plain:'

/** An authenticator secret for storage: encrypted with SETTINGS_KEY when it is set, else kept as it is (docs/console.md). */
export const sealTotpSecret = (settingsKey: string, secret: string) => (settingsKeyProblem(settingsKey) ? PLAIN + secret : encryptSecret(settingsKey, secret))

/** The stored secret's plain value (null when it cannot be read: SETTINGS_KEY changed or removed). */
export function openTotpSecret(settingsKey: string, stored: string | null): string | null {
  if (!stored) return null
  return stored.startsWith(PLAIN) ? stored.slice(PLAIN.length) : decryptSecret(settingsKey, stored)
}

/** Recovery codes: 10 of 10 base32 characters (50 bits each), shown as XXXXX-XXXXX. */
export const RECOVERY_CODES = 10
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase()

/** Replaces the staff's recovery codes with new ones; answers them for showing once (only hashes are stored). */
export async function newRecoveryCodes(db: Conn, staffId: number, now = Date.now()): Promise<string[]> {
  await db.deleteFrom('staffRecoveryCodes').where('staffId', '=', staffId).execute()
  const codes = Array.from({ length: RECOVERY_CODES }, () => base32Encode(crypto.randomBytes(7)).slice(0, 10))
  await db
    .insertInto('staffRecoveryCodes')
    .values(codes.map((c) => ({ staffId, codeHash: sha256(c), usedAt: null, createdAt: now })))
    .execute()
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`)
}

/**
 * A second-factor code: 6 digits from the authenticator app (each time step accepted once: the step is stored
 * with a conditional update, so a code seen by someone else, or sent twice at once, works only once), or an
 * unused recovery code (used up by a conditional update). Answers which one matched, or null.
 */
export async function checkSecondFactor(db: Conn, settingsKey: string, s: Pick<StaffRow, 'id' | 'totpSecret'>, code: string, now = Date.now()): Promise<'totp' | 'recovery' | null> {
  const c = normaliseCode(code)
  if (/^\d{6}$/.test(c)) {
    const secret = openTotpSecret(settingsKey, s.totpSecret)
    const step = secret ? matchTotp(secret, c, now) : null
    if (step === null) return null
    const r = await db.updateTable('staff').set({ totpLastStep: step }).where('id', '=', s.id).where('totpLastStep', '<', step).executeTakeFirst()
    return Number(r.numUpdatedRows) === 1 ? 'totp' : null
  }
  if (/^[A-Z2-7]{10}$/.test(c)) {
    const r = await db.updateTable('staffRecoveryCodes').set({ usedAt: now }).where('staffId', '=', s.id).where('codeHash', '=', sha256(c)).where('usedAt', 'is', null).executeTakeFirst()
    return Number(r.numUpdatedRows) === 1 ? 'recovery' : null
  }
  return null
}

export const SECURITY_KEY = 'staffSecurity'
let policyMemo = new WeakMap<object, { at: number; value: StaffSecurity }>()

/** The shop's staff security rules (shop_settings `staffSecurity`); read at most every 5 s per process. */
export async function staffSecurity(db: Conn, now = Date.now()): Promise<StaffSecurity> {
  const m = policyMemo.get(db)
  if (m && now - m.at < 5000) return m.value
  const saved = await getSetting<Partial<StaffSecurity>>(db, SECURITY_KEY, {})
  const value: StaffSecurity = { require2fa: !!saved.require2fa }
  policyMemo.set(db, { at: now, value })
  return value
}
/** After a change in this process: read it again at once. */
export const forgetStaffSecurity = () => {
  policyMemo = new WeakMap()
}

/** A new session: the cookie value (random, only its hash stored) and the CSRF token. */
export async function createStaffSession(db: Db, staffId: number, ip: string, userAgent = '', now = Date.now()) {
  const cookie = crypto.randomBytes(32).toString('base64url')
  const csrfToken = crypto.randomBytes(24).toString('base64url')
  const expiresAt = now + SESSION_MS
  await db
    .insertInto('staffSessions')
    .values({ id: sha256(cookie), staffId, csrfToken, ip: ip.slice(0, 64), userAgent: userAgent.slice(0, 256), createdAt: now, expiresAt, lastSeenAt: now })
    .execute()
  // Expired sessions go now and then.
  if (Math.random() < 0.05) await db.deleteFrom('staffSessions').where('expiresAt', '<', now).execute()
  return { cookie, csrfToken, expiresAt }
}

export interface SessionStaff {
  sessionId: string
  csrfToken: string
  expiresAt: number
  id: number
  username: string
  role: Role
  /** Read from the role's row on every request: a change to the role applies from the staff's next request. */
  permissions: Set<string>
  /** The staff has two-factor sign-in on. */
  twoFactor: boolean
  /** Only changing the password and signing out until it is changed (AdminCode.PASSWORD_CHANGE_REQUIRED). */
  mustChangePassword: boolean
}

/** The live session of a cookie value (null: none, expired, or its staff disabled). */
export async function staffForCookie(db: Db, cookie: string | undefined, now = Date.now()): Promise<SessionStaff | null> {
  if (!cookie || cookie.length > 100) return null
  const id = sha256(cookie)
  const row = await db
    .selectFrom('staffSessions as ss')
    .innerJoin('staff as s', 's.id', 'ss.staffId')
    .leftJoin('staffRoles as r', 'r.code', 's.role')
    .select(['ss.id as sessionId', 'ss.csrfToken', 'ss.expiresAt', 'ss.lastSeenAt', 's.id', 's.username', 's.role', 's.disabled', 's.totpSecret', 's.mustChangePassword', 'r.permissions'])
    .where('ss.id', '=', id)
    .executeTakeFirst()
  if (!row || Number(row.expiresAt) <= now || row.disabled) return null
  // "Last seen" to the minute: at most one write a minute per session.
  if (!row.lastSeenAt || now - Number(row.lastSeenAt) > 60_000) await db.updateTable('staffSessions').set({ lastSeenAt: now }).where('id', '=', id).execute()
  return {
    sessionId: row.sessionId,
    csrfToken: row.csrfToken,
    expiresAt: Number(row.expiresAt),
    id: row.id,
    username: row.username,
    role: row.role,
    permissions: new Set(row.permissions === null ? [] : rolePermissions({ code: row.role, permissions: row.permissions })),
    twoFactor: !!row.totpSecret,
    mustChangePassword: !!row.mustChangePassword,
  }
}

export async function endSession(db: Db, sessionId: string) {
  await db.deleteFrom('staffSessions').where('id', '=', sessionId).execute()
}

/** Changes the own password (the old one must match; the staff need not change it again); every other session of the staff ends. In the caller's transaction. */
export async function changePassword(db: Conn, staffId: number, keepSessionId: string, oldPassword: string, newPassword: string) {
  const s = await db.selectFrom('staff').select(['passwordHash']).where('id', '=', staffId).executeTakeFirstOrThrow()
  if (!(await verify(s.passwordHash, oldPassword).catch(() => false))) throw new AppError(ErrorCode.BAD_REQUEST, '原密码不正确')
  checkPassword(newPassword)
  if (oldPassword === newPassword) throw new AppError(ErrorCode.BAD_REQUEST, '新密码不能与原密码相同')
  await setPassword(db, staffId, newPassword, { keepSessionId, mustChange: false })
}

/** Sets a password and ends the staff's sessions (but keepSessionId); `mustChange`: somebody else knows it, the staff changes it at the next sign-in. */
export async function setPassword(db: Conn, staffId: number, password: string, opts: { keepSessionId?: string; mustChange: boolean }) {
  const { keepSessionId } = opts
  await db
    .updateTable('staff')
    .set({ passwordHash: await hashPassword(password), mustChangePassword: opts.mustChange ? 1 : 0, updatedAt: Date.now() })
    .where('id', '=', staffId)
    .execute()
  let q = db.deleteFrom('staffSessions').where('staffId', '=', staffId)
  if (keepSessionId) q = q.where('id', '!=', keepSessionId)
  await q.execute()
}

// ------------------------------------------------------------------ sessions list

/** A session's public reference: derived from its id (the cookie's hash), never the id itself. */
export const sessionRef = (sessionId: string) => sha256(`ref:${sessionId}`).slice(0, 16)

/** A browser's user agent in plain words: "Windows · Chrome 120", "iPhone · 微信". */
export function describeDevice(ua: string): string {
  if (!ua) return '未知设备'
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : ''
  const m =
    /MicroMessenger\/([\d.]+)/.exec(ua) ||
    /Edg(?:e|A|iOS)?\/(\d+)/.exec(ua) ||
    /(?:OPR|Opera)\/(\d+)/.exec(ua) ||
    /Firefox\/(\d+)/.exec(ua) ||
    /(?:Chrome|CriOS|Chromium)\/(\d+)/.exec(ua) ||
    /Version\/(\d+)[.\d]* .*Safari/.exec(ua)
  let browser = ''
  if (m) {
    const tag = m[0]
    const name = tag.startsWith('MicroMessenger')
      ? '微信'
      : tag.startsWith('Edg')
        ? 'Edge'
        : /^(OPR|Opera)/.test(tag)
          ? 'Opera'
          : tag.startsWith('Firefox')
            ? 'Firefox'
            : tag.startsWith('Version')
              ? 'Safari'
              : 'Chrome'
    browser = name === '微信' ? name : `${name} ${m[1]}`
  }
  const words = [os, browser].filter(Boolean).join(' · ')
  return words || '其他程序'
}

/** Live sessions (of one staff, or everyone's), newest first. */
export async function listSessions(db: Db, opts: { staffId?: number; currentSessionId?: string }, now = Date.now()): Promise<StaffSessionView[]> {
  let q = db
    .selectFrom('staffSessions as ss')
    .innerJoin('staff as s', 's.id', 'ss.staffId')
    .select(['ss.id', 'ss.staffId', 's.username', 'ss.ip', 'ss.userAgent', 'ss.createdAt', 'ss.lastSeenAt', 'ss.expiresAt'])
    .where('ss.expiresAt', '>', now)
    .orderBy('ss.createdAt', 'desc')
  if (opts.staffId !== undefined) q = q.where('ss.staffId', '=', opts.staffId)
  const rows = await q.execute()
  return rows.map((r) => ({
    ref: sessionRef(r.id),
    staffId: r.staffId,
    username: r.username,
    ip: r.ip,
    device: describeDevice(r.userAgent),
    userAgent: r.userAgent,
    createdAt: Number(r.createdAt),
    lastSeenAt: r.lastSeenAt === null ? Number(r.createdAt) : Number(r.lastSeenAt),
    expiresAt: Number(r.expiresAt),
    current: r.id === opts.currentSessionId,
  }))
}

/** Ends the live session with this reference (of staffId when given); answers the ended session, or null. */
export async function endSessionByRef(db: Conn, ref: string, staffId?: number): Promise<{ id: string; staffId: number; ip: string } | null> {
  let q = db.selectFrom('staffSessions').select(['id', 'staffId', 'ip'])
  if (staffId !== undefined) q = q.where('staffId', '=', staffId)
  const hit = (await q.execute()).find((r) => sessionRef(r.id) === ref)
  if (!hit) return null
  await db.deleteFrom('staffSessions').where('id', '=', hit.id).execute()
  return hit
}
