import type { Generated } from 'kysely'

/** Table types of migration 045_rewards (the mission center's missions). */

export type MissionKindValue = 'first_order' | 'review' | 'share' | 'browse'

export interface MissionTable {
  id: Generated<number>
  kind: MissionKindValue
  title: string
  description: string
  points: number
  period: 'once' | 'daily'
  target: number
  enabled: number
  sort: number
  createdAt: number
  updatedAt: number
}

declare module './types' {
  interface DB {
    missions: MissionTable
  }
}
