import type { Generated } from 'kysely'

/** Table types of migration 091_visits: one row per device and China day. */
export interface VisitTable {
  id: Generated<number>
  /** China day, YYYY-MM-DD. */
  day: string
  /** The random id the shop keeps in the device's storage (`x-device-id`). */
  deviceId: string
  /** The device's first call of that day. */
  createdAt: number
}

declare module '../../db/types' {
  interface DB {
    visits: VisitTable
  }
}
