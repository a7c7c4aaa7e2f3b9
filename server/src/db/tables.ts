import type { Generated } from 'kysely'

export interface MemberTable {
  id: Generated<number>
  phone: string | null
  nickname: string
  avatar: string
  gender: number
  openidH5: string | null
  openidMini: string | null
  shareMemberId: number | null
  boundBusinessId: number | null
  invitationCode: string | null
  points: number
  cashbackBalance: number
  status: 'active' | 'logoff_pending' | 'anonymised'
  logoffAt: number | null
  createdAt: number
  updatedAt: number
}

export interface SessionTable {
  id: Generated<number>
  tokenHash: string
  memberId: number
  createdAt: number
  expiresAt: number
}

export interface SmsCodeTable {
  id: Generated<number>
  phone: string
  code: string
  ip: string
  attempts: number
  usedAt: number | null
  createdAt: number
}

export interface AgentShopTable {
  id: Generated<number>
  memberId: number
  shopName: string
  status: string
  commissionRate: number
  createdAt: number
}

export interface RateCounterTable {
  bucket: string
  count: number
  expiresAt: number
}

export interface UploadTable {
  id: Generated<number>
  memberId: number | null
  kind: 'image' | 'video'
  mime: string
  size: number
  path: string
  createdAt: number
}

export interface KvCacheTable {
  key: string
  value: string
  expiresAt: number
}

declare module './types' {
  interface DB {
    members: MemberTable
    sessions: SessionTable
    smsCodes: SmsCodeTable
    agentShops: AgentShopTable
    rateCounters: RateCounterTable
    uploads: UploadTable
    kvCache: KvCacheTable
  }
}
