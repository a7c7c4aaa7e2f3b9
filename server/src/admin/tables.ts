import type { Generated } from 'kysely'
import type { Role } from '../../../types/admin'
import '../db/tables'
import '../db/tradeTables'

/** Table types of migration 014_staff (the merchant console). */

export interface StaffTable {
  id: Generated<number>
  username: string
  passwordHash: string
  role: Role
  disabled: number
  failedAttempts: number
  firstFailedAt: number | null
  lockedUntil: number | null
  lastLoginAt: number | null
  createdAt: number
  updatedAt: number
}

export interface StaffSessionTable {
  /** sha256 of the cookie's random value. */
  id: string
  staffId: number
  csrfToken: string
  ip: string
  createdAt: number
  expiresAt: number
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
    staffSessions: StaffSessionTable
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
