import type { AdminLevel, LevelBody } from '@contract/adminLevels'

/**
 * The 会员等级 form in the merchant's units: the discount as 折 (9.5 = pays 95%, empty = no discount) and the points
 * multiplier as 倍 (1.5); the server keeps percent paid (95) and tenths (15).
 */
export interface LevelFormValues {
  name: string
  minGrowth: number
  /** 折, 1–9.9; empty or 10 = no discount. */
  discountZhe?: number | null
  freeShipping?: boolean
  /** 倍, 1–10 in steps of 0.1. */
  multiplier?: number | null
}

export function toLevelBody(v: LevelFormValues): LevelBody {
  const zhe = v.discountZhe == null ? 10 : v.discountZhe
  const times = v.multiplier == null ? 1 : v.multiplier
  return {
    name: v.name.trim(),
    minGrowth: v.minGrowth,
    discount: Math.round(zhe * 10),
    freeShipping: !!v.freeShipping,
    pointsTenths: Math.round(times * 10),
  }
}

export function toFormValues(l: AdminLevel): LevelFormValues {
  return { name: l.name, minGrowth: l.minGrowth, discountZhe: l.discount >= 100 ? null : l.discount / 10, freeShipping: l.freeShipping, multiplier: l.pointsTenths / 10 }
}

/** The list's 权益 column: 9.5折 · 包邮 · 积分1.5倍, or 无. */
export function benefitsText(l: Pick<AdminLevel, 'discount' | 'freeShipping' | 'pointsTenths'>): string {
  const parts: string[] = []
  if (l.discount < 100) parts.push(`${Number((l.discount / 10).toFixed(1))}折`)
  if (l.freeShipping) parts.push('包邮')
  if (l.pointsTenths > 10) parts.push(`积分${Number((l.pointsTenths / 10).toFixed(1))}倍`)
  return parts.join(' · ') || '无'
}
