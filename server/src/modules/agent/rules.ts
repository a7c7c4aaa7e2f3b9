import type { Conn, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { loadConfig, type Config } from '../../config'
import { WITHDRAW_DAILY_LIMIT, WITHDRAW_FEE_BP, WITHDRAW_FEE_MIN, WITHDRAW_MAX, WITHDRAW_MIN } from '../../../../types/agent'
import type { AgentRules } from '../../../../types/adminAgents'
import { getSetting, setSetting } from '../settings/service'
import { SHOP_KEY, type StoredShop } from '../settings/store'
import { DAY, num } from './util'
import './tables'

/**
 * The agent rules (docs/agent.md), set in the console's one rules form and read by the shop's code paths: commission
 * rates (goods > category > default), the binding's expiry, the freeze days after receipt, the withdrawal limits and
 * the daily payout limits. Stored as the shop setting 'agentRules' (categories and default) plus goods.commission_rate
 * (per goods). Until saved, the defaults are the former constants and configuration. Commission rates and freeze days
 * are copied into each order line's terms at submission (agent_order_terms), so a change applies to new orders only.
 */

export const RULES_KEY = 'agentRules'
/** Commission rate (basis points) when nothing else is set: 10 %. */
export const DEFAULT_RATE = 1000
/** Second-level (parent's) rate when nothing else is set: 5 %, half the first level's default. */
export const DEFAULT_TEAM_RATE = 500

type StoredRules = Omit<AgentRules, 'goodsRates'>

/**
 * The rules before the console saves them. The freeze days follow the shop's after-sales window (console 设置 → 订单,
 * else AFTER_SALES_DAYS), read from the setting each time: no copy of it is kept here.
 */
export function defaultRules(config: Pick<Config, 'payout'>, afterSalesDays: number): StoredRules {
  return {
    defaultRate: DEFAULT_RATE,
    categoryRates: [],
    bindingRule: 'permanent',
    bindingDays: 0,
    freezeDays: afterSalesDays,
    withdrawMin: WITHDRAW_MIN,
    withdrawMax: WITHDRAW_MAX,
    withdrawDailyCount: WITHDRAW_DAILY_LIMIT,
    withdrawFeeBp: WITHDRAW_FEE_BP,
    withdrawFeeMin: WITHDRAW_FEE_MIN,
    withdrawDailyMax: config.payout.dailyLimitAgent,
    payoutDailyMaxShop: config.payout.dailyLimitShop,
    teamDefaultRate: DEFAULT_TEAM_RATE,
    teamCategoryRates: [],
    teamGoodsRates: [],
  }
}

/** The rules in force (without the per-goods rates: see agentRules). */
export async function storedRules(db: Conn, config: Pick<Config, 'payout' | 'afterSalesDays'> = loadConfig()): Promise<StoredRules & { updatedAt: number | null }> {
  const saved = await getSetting<Partial<StoredRules> & { updatedAt?: number }>(db, RULES_KEY, {})
  const shop = saved.freezeDays === undefined ? await getSetting<StoredShop>(db, SHOP_KEY, {}) : {}
  return { ...defaultRules(config, shop.afterSalesDays ?? config.afterSalesDays), ...saved, updatedAt: saved.updatedAt ?? null }
}

/** The whole form: the stored rules and every goods with its own rate. */
export async function agentRules(db: Conn): Promise<{ rules: AgentRules; updatedAt: number | null }> {
  const { updatedAt, ...r } = await storedRules(db)
  const goods = await db.selectFrom('goods').select(['id', 'commissionRate']).where('commissionRate', 'is not', null).orderBy('id').execute()
  return { rules: { ...r, goodsRates: goods.map((g) => ({ goodsId: g.id, rate: num(g.commissionRate) })) }, updatedAt }
}

/** Checks the form (beyond the schema's ranges); a Chinese message naming the problem, nothing saved. */
async function checkRules(db: Conn, r: AgentRules) {
  if (r.withdrawMin > r.withdrawMax) throw new AppError(ErrorCode.BAD_REQUEST, '单笔最低提现不能高于单笔最高提现')
  if (r.withdrawDailyMax < r.withdrawMin) throw new AppError(ErrorCode.BAD_REQUEST, '每日提现上限不能低于单笔最低提现')
  if (r.bindingRule === 'days' && r.bindingDays < 1) throw new AppError(ErrorCode.BAD_REQUEST, '请填写绑定有效期（天）')
  const dup = <T>(xs: T[]) => new Set(xs).size !== xs.length
  if (dup(r.categoryRates.map((c) => c.categoryId))) throw new AppError(ErrorCode.BAD_REQUEST, '分类佣金比例中有重复的分类')
  if (dup(r.goodsRates.map((g) => g.goodsId))) throw new AppError(ErrorCode.BAD_REQUEST, '商品佣金比例中有重复的商品')
  if (dup(r.teamCategoryRates.map((c) => c.categoryId))) throw new AppError(ErrorCode.BAD_REQUEST, '二级分类佣金比例中有重复的分类')
  if (dup(r.teamGoodsRates.map((g) => g.goodsId))) throw new AppError(ErrorCode.BAD_REQUEST, '二级商品佣金比例中有重复的商品')
  for (const [list, what] of [
    [r.categoryRates, ''],
    [r.teamCategoryRates, '二级'],
  ] as const) {
    const catIds = list.map((c) => c.categoryId)
    if (!catIds.length) continue
    const found = await db.selectFrom('categories').select('id').where('id', 'in', catIds).execute()
    if (found.length !== new Set(catIds).size) throw new AppError(ErrorCode.BAD_REQUEST, `${what}分类佣金比例中的分类不存在`)
  }
  for (const [list, what] of [
    [r.goodsRates, ''],
    [r.teamGoodsRates, '二级'],
  ] as const) {
    const goodsIds = list.map((g) => g.goodsId)
    if (!goodsIds.length) continue
    const found = await db.selectFrom('goods').select('id').where('id', 'in', goodsIds).execute()
    if (found.length !== new Set(goodsIds).size) throw new AppError(ErrorCode.BAD_REQUEST, `${what}商品佣金比例中的商品不存在`)
  }
}

/** Saves the form in the caller's transaction; answers the rules before and after (for the audit row). */
export async function saveAgentRules(tx: Tx, input: AgentRules, t = Date.now()) {
  await checkRules(tx, input)
  const before = await agentRules(tx)
  const { goodsRates, ...stored } = input
  await setSetting(tx, RULES_KEY, { ...stored, updatedAt: t })
  const keep = goodsRates.map((g) => g.goodsId)
  let clear = tx.updateTable('goods').set({ commissionRate: null }).where('commissionRate', 'is not', null)
  if (keep.length) clear = clear.where('id', 'not in', keep)
  await clear.execute()
  for (const g of goodsRates) await tx.updateTable('goods').set({ commissionRate: g.rate }).where('id', '=', g.goodsId).execute()
  const after = await agentRules(tx)
  return { before: before.rules, after: after.rules }
}

/**
 * The rate of each goods under the rules: the goods' own, else the agent's own rate (the shop's rateOverride, when
 * a shop is given and has one), else its category's (or its parent's), else the default.
 */
export async function ratesFor(db: Conn, goodsIds: number[], rules?: StoredRules, shopId?: number | null): Promise<Map<number, number>> {
  const r = rules || (await storedRules(db))
  const out = new Map<number, number>()
  if (!goodsIds.length) return out
  const shop = shopId ? await db.selectFrom('agentShops').select('rateOverride').where('id', '=', shopId).executeTakeFirst() : undefined
  const agentRate = shop?.rateOverride === null || shop?.rateOverride === undefined ? undefined : num(shop.rateOverride)
  const goods = await db
    .selectFrom('goods as g')
    .leftJoin('categories as c', 'c.id', 'g.categoryId')
    .select(['g.id', 'g.commissionRate', 'g.categoryId', 'c.parentId'])
    .where('g.id', 'in', goodsIds)
    .execute()
  const byCat = new Map(r.categoryRates.map((c) => [c.categoryId, c.rate]))
  for (const g of goods) {
    const own = g.commissionRate === null || g.commissionRate === undefined ? undefined : num(g.commissionRate)
    out.set(g.id, own ?? agentRate ?? byCat.get(g.categoryId) ?? (g.parentId ? byCat.get(num(g.parentId)) : undefined) ?? r.defaultRate)
  }
  return out
}

/**
 * The second-level (parent's) rate of each goods: the goods' own second-level rate, else its category's (or its
 * parent category's), else the second-level default. The same precedence as the first level, without an agent's own rate.
 */
export async function teamRatesFor(db: Conn, goodsIds: number[], rules?: StoredRules): Promise<Map<number, number>> {
  const r = rules || (await storedRules(db))
  const out = new Map<number, number>()
  if (!goodsIds.length) return out
  const goods = await db.selectFrom('goods as g').leftJoin('categories as c', 'c.id', 'g.categoryId').select(['g.id', 'g.categoryId', 'c.parentId']).where('g.id', 'in', goodsIds).execute()
  const byGoods = new Map(r.teamGoodsRates.map((g) => [g.goodsId, g.rate]))
  const byCat = new Map(r.teamCategoryRates.map((c) => [c.categoryId, c.rate]))
  for (const g of goods) out.set(g.id, byGoods.get(g.id) ?? byCat.get(g.categoryId) ?? (g.parentId ? byCat.get(num(g.parentId)) : undefined) ?? r.teamDefaultRate)
  return out
}

/** When the member's binding lapses (null: never) under the rules; bound_at from agent_bindings, else registration. */
export async function bindingExpiresAt(db: Conn, memberId: number, rules: StoredRules): Promise<number | null> {
  if (rules.bindingRule !== 'days') return null
  const b = await db.selectFrom('agentBindings').select('boundAt').where('memberId', '=', memberId).executeTakeFirst()
  const m = b ? null : await db.selectFrom('members').select('createdAt').where('id', '=', memberId).executeTakeFirst()
  const boundAt = b ? num(b.boundAt) : num(m?.createdAt)
  return boundAt + rules.bindingDays * DAY
}

/** Records when a new member was bound (onMemberRegistered: the member row carries the binding already). */
export async function recordBinding(tx: Tx, memberId: number, now: number) {
  const m = await tx.selectFrom('members').select('boundBusinessId').where('id', '=', memberId).executeTakeFirst()
  if (!m?.boundBusinessId) return
  await tx
    .insertInto('agentBindings')
    .values({ memberId, shopId: m.boundBusinessId, boundAt: now })
    .onConflict((oc) => oc.column('memberId').doNothing())
    .execute()
}
