import crypto from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { Selectable } from 'kysely'
import type { Conn, Db } from '../db/types'
import { AppError, ErrorCode } from '../errors'
import { AdminCode, ROLE_PERMISSIONS, type Role, type StaffView } from '../../../types/admin'
import './tables'
import type { StaffTable } from './tables'

/** Sign-in rules: 5 wrong passwords within 15 minutes lock the account for 15 minutes; a session lasts 12 hours. */
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
export const toStaffView = (s: Pick<StaffRow, 'id' | 'username' | 'role' | 'disabled' | 'lastLoginAt' | 'createdAt'>): StaffView => ({
  id: s.id,
  username: s.username,
  role: s.role,
  disabled: !!s.disabled,
  lastLoginAt: s.lastLoginAt === null ? null : Number(s.lastLoginAt),
  createdAt: Number(s.createdAt),
})

export const permissionsOf = (role: Role): string[] => [...(ROLE_PERMISSIONS[role] || [])]

export function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD) throw new AppError(ErrorCode.BAD_REQUEST, `密码至少 ${MIN_PASSWORD} 位`)
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) throw new AppError(ErrorCode.BAD_REQUEST, '密码须同时包含字母和数字')
}

/** Creates a staff account (console and `npm run admin -- staff add`); a password is generated when none is given. */
export async function createStaff(db: Conn, input: { username: string; role: Role; password?: string }) {
  const username = input.username.trim()
  if (!/^[A-Za-z0-9_.-]{3,32}$/.test(username)) throw new AppError(ErrorCode.BAD_REQUEST, '用户名为 3-32 位字母、数字、下划线、点或横线')
  if (!ROLE_PERMISSIONS[input.role]) throw new AppError(ErrorCode.BAD_REQUEST, '角色无效')
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
      role: input.role,
      disabled: 0,
      failedAttempts: 0,
      firstFailedAt: null,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: t,
      updatedAt: t,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { staff: toStaffView(row), password }
}

/**
 * Checks a sign-in. Wrong passwords are counted per account within FAIL_WINDOW_MS; the MAX_FAILED-th locks it
 * for LOCK_MS (refused even with the right password until then). A disabled account is refused like a wrong password.
 */
export async function verifyLogin(db: Db, username: string, password: string, now = Date.now()): Promise<StaffRow> {
  const s = await db.selectFrom('staff').selectAll().where('username', '=', username.trim()).executeTakeFirst()
  if (!s) {
    dummyHash ||= hashPassword(generatePassword())
    await verify(await dummyHash, password).catch(() => false)
    throw new AppError(AdminCode.BAD_CREDENTIALS, '用户名或密码错误')
  }
  if (s.lockedUntil && Number(s.lockedUntil) > now) {
    throw new AppError(AdminCode.LOCKED, `密码错误次数过多，账号已锁定，请 ${Math.ceil((Number(s.lockedUntil) - now) / 60_000)} 分钟后再试`, { lockedUntil: Number(s.lockedUntil) })
  }
  const ok = await verify(s.passwordHash, password).catch(() => false)
  if (!ok) {
    const fresh = !s.firstFailedAt || now - Number(s.firstFailedAt) > FAIL_WINDOW_MS
    const attempts = fresh ? 1 : s.failedAttempts + 1
    const locked = attempts >= MAX_FAILED
    await db
      .updateTable('staff')
      .set({ failedAttempts: locked ? 0 : attempts, firstFailedAt: locked ? null : fresh ? now : s.firstFailedAt, lockedUntil: locked ? now + LOCK_MS : null, updatedAt: now })
      .where('id', '=', s.id)
      .execute()
    if (locked) throw new AppError(AdminCode.LOCKED, `密码错误次数过多，账号已锁定 ${LOCK_MS / 60_000} 分钟`, { lockedUntil: now + LOCK_MS })
    throw new AppError(AdminCode.BAD_CREDENTIALS, `用户名或密码错误，还可尝试 ${MAX_FAILED - attempts} 次`)
  }
  if (s.disabled) throw new AppError(AdminCode.BAD_CREDENTIALS, '账号已停用，请联系店主')
  await db.updateTable('staff').set({ failedAttempts: 0, firstFailedAt: null, lockedUntil: null, lastLoginAt: now, updatedAt: now }).where('id', '=', s.id).execute()
  return { ...s, lastLoginAt: now }
}

/** A new session: the cookie value (random, only its hash stored) and the CSRF token. */
export async function createStaffSession(db: Db, staffId: number, ip: string, now = Date.now()) {
  const cookie = crypto.randomBytes(32).toString('base64url')
  const csrfToken = crypto.randomBytes(24).toString('base64url')
  const expiresAt = now + SESSION_MS
  await db
    .insertInto('staffSessions')
    .values({ id: sha256(cookie), staffId, csrfToken, ip: ip.slice(0, 64), createdAt: now, expiresAt })
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
  permissions: Set<string>
}

/** The live session of a cookie value (null: none, expired, or its staff disabled). */
export async function staffForCookie(db: Db, cookie: string | undefined, now = Date.now()): Promise<SessionStaff | null> {
  if (!cookie || cookie.length > 100) return null
  const id = sha256(cookie)
  const row = await db
    .selectFrom('staffSessions as ss')
    .innerJoin('staff as s', 's.id', 'ss.staffId')
    .select(['ss.id as sessionId', 'ss.csrfToken', 'ss.expiresAt', 's.id', 's.username', 's.role', 's.disabled'])
    .where('ss.id', '=', id)
    .executeTakeFirst()
  if (!row || Number(row.expiresAt) <= now || row.disabled) return null
  return { sessionId: row.sessionId, csrfToken: row.csrfToken, expiresAt: Number(row.expiresAt), id: row.id, username: row.username, role: row.role, permissions: new Set(permissionsOf(row.role)) }
}

export async function endSession(db: Db, sessionId: string) {
  await db.deleteFrom('staffSessions').where('id', '=', sessionId).execute()
}

/** Changes the own password (the old one must match); every other session of the staff ends. In the caller's transaction. */
export async function changePassword(db: Conn, staffId: number, keepSessionId: string, oldPassword: string, newPassword: string) {
  const s = await db.selectFrom('staff').select(['passwordHash']).where('id', '=', staffId).executeTakeFirstOrThrow()
  if (!(await verify(s.passwordHash, oldPassword).catch(() => false))) throw new AppError(ErrorCode.BAD_REQUEST, '原密码不正确')
  checkPassword(newPassword)
  if (oldPassword === newPassword) throw new AppError(ErrorCode.BAD_REQUEST, '新密码不能与原密码相同')
  await setPassword(db, staffId, newPassword, keepSessionId)
}

/** Sets a password and ends the staff's sessions (but keepSessionId). */
export async function setPassword(db: Conn, staffId: number, password: string, keepSessionId?: string) {
  await db
    .updateTable('staff')
    .set({ passwordHash: await hashPassword(password), failedAttempts: 0, lockedUntil: null, updatedAt: Date.now() })
    .where('id', '=', staffId)
    .execute()
  let q = db.deleteFrom('staffSessions').where('staffId', '=', staffId)
  if (keepSessionId) q = q.where('id', '!=', keepSessionId)
  await q.execute()
}
