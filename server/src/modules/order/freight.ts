import type { Conn } from '../../db/types'
import type { MemberAddress } from '../../../../types/address'
import '../../db/settingsTables'

/** The rule the shop had before templates (¥8, free from ¥99): the default template when none is stored. */
export const FREE_FREIGHT_THRESHOLD = 9900
export const BASE_FREIGHT = 800

/**
 * Freight templates (console 设置 → 运费, migration 055): each goods item ships with its own template, or the
 * default one. An order's lines are grouped by template; a group ships free when its goods amount reaches the
 * template's threshold (0 = never free), else it pays the template's base fee plus the extra fee of the receiver's
 * province when the template names it. The order's freight is the sum of its groups.
 */
export interface RegionFee {
  provinces: string[]
  extra: number
}
export interface FreightRule {
  id: number
  baseFee: number
  freeThreshold: number
  regionFees: RegionFee[]
}

export const parseRegionFees = (s: string): RegionFee[] => {
  try {
    const v = JSON.parse(s || '[]')
    return Array.isArray(v) ? v : []
  } catch {
    return []
  }
}

const ruleOf = (r: { id: number; baseFee: number; freeThreshold: number; regionFees: string }): FreightRule => ({
  id: r.id,
  baseFee: Number(r.baseFee),
  freeThreshold: Number(r.freeThreshold),
  regionFees: parseRegionFees(r.regionFees),
})

/** The default template; the rule the shop had before templates when none is marked (never after migration 055). */
export async function defaultFreightRule(db: Conn): Promise<FreightRule> {
  const r = await db.selectFrom('freightTemplates').select(['id', 'baseFee', 'freeThreshold', 'regionFees']).where('isDefault', '=', 1).orderBy('id').executeTakeFirst()
  return r ? ruleOf(r) : { id: 0, baseFee: BASE_FREIGHT, freeThreshold: FREE_FREIGHT_THRESHOLD, regionFees: [] }
}

export function groupFreight(rule: FreightRule, amount: number, province: string | undefined): number {
  if (amount <= 0) return 0
  if (rule.freeThreshold > 0 && amount >= rule.freeThreshold) return 0
  const extra = province ? rule.regionFees.find((f) => f.provinces.includes(province))?.extra || 0 : 0
  return rule.baseFee + extra
}

/**
 * The freight of an order's lines to an address (null: no address yet, no province extra), and the threshold the
 * checkout's "free from ¥x" hint shows: the one template's threshold when every line uses the same template, else 0
 * (no single amount would make the whole order ship free).
 */
export async function freightQuote(db: Conn, lines: Array<{ goodsId: number; amount: number }>, address: Pick<MemberAddress, 'province'> | null): Promise<{ fee: number; freeThreshold: number }> {
  if (!lines.length) return { fee: 0, freeThreshold: 0 }
  const goodsIds = [...new Set(lines.map((l) => l.goodsId))]
  const goods = await db.selectFrom('goods').select(['id', 'freightTemplateId']).where('id', 'in', goodsIds).execute()
  const templateOf = new Map(goods.map((g) => [g.id, g.freightTemplateId ?? null]))
  const ids = [...new Set(goods.map((g) => g.freightTemplateId).filter((x): x is number => !!x))]
  const rules = new Map(
    (ids.length ? await db.selectFrom('freightTemplates').select(['id', 'baseFee', 'freeThreshold', 'regionFees']).where('id', 'in', ids).execute() : []).map((r) => [r.id, ruleOf(r)]),
  )
  const fallback = await defaultFreightRule(db)
  const groups = new Map<number, { rule: FreightRule; amount: number }>()
  for (const l of lines) {
    // A template deleted after the goods chose it cannot happen (deleting a template in use is refused); the default covers it anyway.
    const rule = rules.get(templateOf.get(l.goodsId) ?? -1) || fallback
    const g = groups.get(rule.id) || { rule, amount: 0 }
    g.amount += l.amount
    groups.set(rule.id, g)
  }
  let fee = 0
  for (const g of groups.values()) fee += groupFreight(g.rule, g.amount, address?.province)
  return { fee, freeThreshold: groups.size === 1 ? [...groups.values()][0].rule.freeThreshold : 0 }
}

export const freightOfLines = async (db: Conn, lines: Array<{ goodsId: number; amount: number }>, address: Pick<MemberAddress, 'province'> | null) => (await freightQuote(db, lines, address)).fee

/** The tag a goods item shows when its freight rule ships it free to every province; never typed by hand. */
export const FREE_SHIPPING_TAG = '包邮'

/**
 * True when one unit of goods at `price` ships free under `rule` wherever it goes: the template charges nothing
 * anywhere (no base fee, no province extra), or its threshold is reached by the goods' cheapest price alone. An
 * order that adds other goods of the same template only gets closer to the threshold, so the promise holds for
 * any checkout of this goods item.
 */
export function shipsFreeEverywhere(rule: FreightRule, price: number): boolean {
  if (rule.baseFee === 0 && rule.regionFees.every((f) => !f.extra)) return true
  return rule.freeThreshold > 0 && price >= rule.freeThreshold
}

/** The goods' tags without a typed 包邮, then 包邮 first when the freight rule keeps it. */
export const withFreeShippingTag = (tags: string[], free: boolean): string[] => {
  const rest = tags.filter((t) => t && t !== FREE_SHIPPING_TAG)
  return free ? [FREE_SHIPPING_TAG, ...rest] : rest
}

/**
 * Writes the 包邮 tag of goods (all of them, or `goodsIds`) from their freight rule and cheapest SKU price
 * (goods.price): called after seeding, after goods are saved in the console and after a freight template changes,
 * so the tag the cards and the details page show is the checkout's promise, not a word typed into the tags.
 */
export async function syncFreeShippingTags(db: Conn, goodsIds?: number[]): Promise<number> {
  if (goodsIds && !goodsIds.length) return 0
  const rules = new Map((await db.selectFrom('freightTemplates').select(['id', 'baseFee', 'freeThreshold', 'regionFees']).execute()).map((r) => [r.id, ruleOf(r)]))
  const fallback = await defaultFreightRule(db)
  let q = db.selectFrom('goods').select(['id', 'price', 'tags', 'freightTemplateId'])
  if (goodsIds) q = q.where('id', 'in', goodsIds)
  let changed = 0
  for (const g of await q.execute()) {
    const rule = rules.get(g.freightTemplateId ?? -1) || fallback
    const old = g.tags ? g.tags.split(',') : []
    const tags = withFreeShippingTag(old, shipsFreeEverywhere(rule, Number(g.price))).join(',')
    if (tags === (g.tags || '')) continue
    await db.updateTable('goods').set({ tags }).where('id', '=', g.id).execute()
    changed++
  }
  return changed
}

/**
 * What a banner may promise about freight under the default template: 全场包邮 only when it never charges, 满¥x包邮
 * when it has a threshold, nothing otherwise (goods on other templates are not in the promise).
 */
export function freeShippingSlogan(rule: FreightRule): string {
  if (rule.baseFee === 0 && rule.regionFees.every((f) => !f.extra)) return '全场包邮'
  if (rule.freeThreshold > 0) return `满${rule.freeThreshold % 100 ? (rule.freeThreshold / 100).toFixed(2) : rule.freeThreshold / 100}包邮`
  return ''
}

const yuanText = (fen: number) => (fen % 100 ? (fen / 100).toFixed(2) : String(fen / 100))

/**
 * What the goods details page promises about one unit's freight (its 运费 row), from the same rule the checkout
 * prices it with (`freightQuote`): 「包邮」 only when `shipsFreeEverywhere` holds for the goods' cheapest price,
 * else the base fee, the threshold from which it ships free and whether some provinces pay more. `fee` is what
 * the checkout charges for one unit at `price` to a province without an extra fee.
 */
export function freightPromise(rule: FreightRule, price: number): { free: boolean; fee: number; freeThreshold: number; text: string } {
  const free = shipsFreeEverywhere(rule, price)
  const fee = groupFreight(rule, price, undefined)
  const extra = rule.regionFees.some((f) => f.extra > 0)
  if (free) return { free, fee: 0, freeThreshold: rule.freeThreshold, text: FREE_SHIPPING_TAG }
  const parts = [fee > 0 ? `运费 ¥${yuanText(fee)}` : '多数地区包邮']
  if (fee > 0 && rule.freeThreshold > 0) parts.push(`满 ¥${yuanText(rule.freeThreshold)} 包邮`)
  if (extra) parts.push('部分地区另加运费')
  return { free, fee, freeThreshold: rule.freeThreshold, text: parts.join('，') }
}

/** The freight promise of a goods item under its own template (or the default one); null for unknown goods. */
export async function goodsFreight(db: Conn, goodsId: number) {
  const g = await db.selectFrom('goods').select(['id', 'price', 'freightTemplateId']).where('id', '=', goodsId).executeTakeFirst()
  if (!g) return null
  const t = g.freightTemplateId ? await db.selectFrom('freightTemplates').select(['id', 'baseFee', 'freeThreshold', 'regionFees']).where('id', '=', g.freightTemplateId).executeTakeFirst() : undefined
  return freightPromise(t ? ruleOf(t) : await defaultFreightRule(db), Number(g.price))
}
