import type { Generated } from 'kysely'
import '../db/tables'
import '../db/tradeTables'

/** Table types of migration 014_staff (the merchant console) and 080_staff_security. */

export interface StaffTable {
  id: Generated<number>
  username: string
  passwordHash: string
  /** The role's code (staff_roles.code). */
  role: string
  disabled: number
  lastLoginAt: number | null
  createdAt: number
  updatedAt: number
  /** Migration 080: the authenticator secret (encrypted with SETTINGS_KEY when set), null = two-factor off. */
  totpSecret: string | null
  /** A secret being enrolled, until the first code confirms it. */
  totpPendingSecret: string | null
  totpEnabledAt: number | null
  /** The last accepted time step (a code is never accepted twice). */
  totpLastStep: Generated<number>
  /** Migration 092: 姓名 and 手机号. */
  realName: Generated<string>
  phone: Generated<string>
  /** Migration 092: 1 = only changing the password (and signing out) until it is changed. */
  mustChangePassword: Generated<number>
}

/** Migration 092: roles; `permissions` a JSON array of permission strings (not read for owner). */
export interface StaffRoleTable {
  id: Generated<number>
  code: string
  name: string
  permissions: string
  builtIn: number
  createdAt: number
  updatedAt: number
}

/** Migration 080: wrong sign-ins per username and client address. */
export interface StaffLoginFailureTable {
  id: Generated<number>
  username: string
  client: string
  failedAttempts: number
  firstFailedAt: number
  lockedUntil: number | null
}

/** Migration 080: single-use recovery codes, SHA-256 only. */
export interface StaffRecoveryCodeTable {
  id: Generated<number>
  staffId: number
  codeHash: string
  usedAt: number | null
  createdAt: number
}

export interface StaffSessionTable {
  /** sha256 of the cookie's random value. */
  id: string
  staffId: number
  csrfToken: string
  ip: string
  createdAt: number
  expiresAt: number
  /** Migration 080. */
  userAgent: Generated<string>
  lastSeenAt: number | null
}

export interface AuditLogTable {
  id: Generated<number>
  staffId: number
  staffName: string
  at: number
  action: string
  targetType: string
  targetId: string
  beforeJson: string | null
  afterJson: string | null
  ip: string
}

export interface HotWordTable {
  id: Generated<number>
  word: string
  sort: number
}

export interface HomeSectionTable {
  id: Generated<number>
  title: string
  subtitle: string
  goodsIds: string
  sort: number
  status: string
  startAt: number | null
  endAt: number | null
}

declare module '../db/types' {
  interface DB {
    staff: StaffTable
    staffRoles: StaffRoleTable
    staffSessions: StaffSessionTable
    staffLoginFailures: StaffLoginFailureTable
    staffRecoveryCodes: StaffRecoveryCodeTable
    auditLogs: AuditLogTable
    hotWords: HotWordTable
    homeSections: HomeSectionTable
  }
}

// Columns 014 adds to the shop's tables.
declare module '../db/tables' {
  interface BannerTable {
    startAt: number | null
    endAt: number | null
  }
}
declare module '../db/tradeTables' {
  interface OrderTable {
    /** The staff's note on the order (the buyer's is `remark`). */
    adminRemark: Generated<string>
  }
}
