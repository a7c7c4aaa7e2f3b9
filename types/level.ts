/**
 * 会员等级, the shop's contract (server module level, docs/promotions.md "Member levels"): the member's growth value,
 * level and progress to the next, and every enabled level with its benefits. Growth is a whole number; discounts in
 * percent paid (95 = 9.5折), the points multiplier in tenths (15 = 1.5×).
 */

/** One level as the shopper sees it. */
export interface MemberLevelInfo {
  id: number
  name: string
  /** Growth value from which a member has this level. */
  minGrowth: number
  /** Percent of the price paid on normal-price goods: 100 = no discount. */
  discount: number
  freeShipping: boolean
  /** Points multiplier in tenths: 10 = 1×. */
  pointsTenths: number
}

/** GET /api/level/mine: the member's growth, level (null below the first) and the next level (null at the top). */
export interface MyLevel {
  growth: number
  level: MemberLevelInfo | null
  next: MemberLevelInfo | null
  /** Every enabled level, lowest threshold first. */
  levels: MemberLevelInfo[]
}

/** 9.5折 from 95, 8折 from 80. */
export const discountText = (percent: number): string => `${Number((percent / 10).toFixed(1))}折`

/** 1.5倍 from 15. */
export const multiplierText = (tenths: number): string => `${Number((tenths / 10).toFixed(1))}倍`

/** A level's benefits in the shopper's words; a level without any says so. */
export function levelBenefits(l: Pick<MemberLevelInfo, 'discount' | 'freeShipping' | 'pointsTenths'>): string[] {
  const out: string[] = []
  if (l.discount < 100) out.push(`商品${discountText(l.discount)}`)
  if (l.freeShipping) out.push('订单包邮')
  if (l.pointsTenths > 10) out.push(`积分${multiplierText(l.pointsTenths)}`)
  return out.length ? out : ['暂无专属权益']
}

/**
 * Progress to the next level: 「成长值 x / y」 and the bar's percent from the current level's threshold (0 below the
 * first) to the next's; at the top level 「成长值 x」 and a full bar.
 */
export function levelProgress(
  growth: number,
  level: Pick<MemberLevelInfo, 'minGrowth'> | null,
  next: Pick<MemberLevelInfo, 'minGrowth' | 'name'> | null,
): { text: string; percent: number; hint: string } {
  if (!next) return { text: `成长值 ${growth}`, percent: 100, hint: level ? '已是最高等级' : '' }
  const from = level ? level.minGrowth : 0
  const span = Math.max(1, next.minGrowth - from)
  const percent = Math.max(0, Math.min(100, Math.floor(((growth - from) * 100) / span)))
  return { text: `成长值 ${growth} / ${next.minGrowth}`, percent, hint: `再得 ${Math.max(0, next.minGrowth - growth)} 成长值升级为${next.name}` }
}

/** How growth is earned, shown on 我的等级 (docs/promotions.md "Member levels"). */
export const GROWTH_RULE = '订单完成后，实付金额每满1元得1成长值；退款时按退款金额比例扣回。'
