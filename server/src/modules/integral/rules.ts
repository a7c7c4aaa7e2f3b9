import type { Selectable } from 'kysely'
import type { Conn } from '../../db/types'
import type { MissionKindValue, MissionTable } from '../../db/rewardsTables'
import { getSetting, setSetting } from '../settings/service'
import '../../db/rewardsTables'

/**
 * The points rules the console sets (营销 › 积分), read by the shop's paths at the moment they award or price:
 * a change applies from then on (points already given stay; an order already placed keeps its deduction). Check-in and per-yuan are one setting
 * (shop_settings 'pointsRules'); first order and review are the rewards of the missions of those kinds (table missions).
 */
export interface PointsRules {
  /** Check-in points along the cycle: day 1, day 2 ... the last day; the day after the last starts again. */
  signIn: number[]
  /** Points per whole yuan paid, earned when a cash order completes. */
  perYuan: number
  /** Spending: how many points take ¥1 off at checkout (积分抵现比例; whole yuan only, so points are used in multiples of it). */
  redeemRate: number
  /** Spending: the most an order may take off with points, in percent of its goods after the coupon (0 = points cannot be spent on orders). */
  redeemMaxPercent: number
  /** 积分有效期: points gained more than this many days ago and not spent expire (expiry.ts); 0 = never. */
  expireDays: number
}

/** The rules the shop had before they were settings (and has until the console saves others). */
export const DEFAULT_POINTS_RULES: PointsRules = { signIn: [5, 10, 15, 20, 25, 30, 50], perYuan: 1, redeemRate: 100, redeemMaxPercent: 20, expireDays: 0 }

export async function pointsRules(db: Conn): Promise<PointsRules> {
  const saved = await getSetting<Partial<PointsRules>>(db, 'pointsRules', {})
  return {
    signIn: Array.isArray(saved.signIn) && saved.signIn.length ? saved.signIn.map(Number) : DEFAULT_POINTS_RULES.signIn,
    perYuan: Number.isInteger(saved.perYuan) ? Number(saved.perYuan) : DEFAULT_POINTS_RULES.perYuan,
    redeemRate: Number.isInteger(saved.redeemRate) && Number(saved.redeemRate) > 0 ? Number(saved.redeemRate) : DEFAULT_POINTS_RULES.redeemRate,
    redeemMaxPercent: Number.isInteger(saved.redeemMaxPercent) ? Number(saved.redeemMaxPercent) : DEFAULT_POINTS_RULES.redeemMaxPercent,
    expireDays: Number.isInteger(saved.expireDays) ? Number(saved.expireDays) : DEFAULT_POINTS_RULES.expireDays,
  }
}

export const savePointsRules = (db: Conn, rules: PointsRules) => setSetting(db, 'pointsRules', rules)

/** Points of the check-in that makes a streak of `streak` days. */
export const signInPointsOf = (cycle: number[], streak: number) => cycle[(Math.max(1, streak) - 1) % cycle.length]

export type MissionRow = Selectable<MissionTable>
export const MISSION_KINDS: MissionKindValue[] = ['first_order', 'review', 'share', 'browse']

/** The missions, in the console's order; only the enabled ones for the shop. */
export async function missionRows(db: Conn, onlyEnabled: boolean): Promise<MissionRow[]> {
  let q = db.selectFrom('missions').selectAll()
  if (onlyEnabled) q = q.where('enabled', '=', 1)
  return q.orderBy('sort').orderBy('id').execute()
}
