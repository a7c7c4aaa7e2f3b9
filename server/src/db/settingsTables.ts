import type { Generated } from 'kysely'

/** Table types of migration 055_settings (console 设置). */
export interface FreightTemplateTable {
  id: Generated<number>
  name: string
  baseFee: number
  /** Goods amount (fen) from which goods of this template ship free; 0 = never free. */
  freeThreshold: number
  /** JSON [{ provinces: string[], extra: number }] */
  regionFees: string
  isDefault: number
  createdAt: number
  updatedAt: number
}

declare module './types' {
  interface DB {
    freightTemplates: FreightTemplateTable
  }
}
