import type { Selectable } from 'kysely'
import type { CouponTable } from '../../db/promotionTables'
import type { CouponRule } from '../../../../types/coupon'
import type { OrderTypeValue } from '../../db/tradeTables'

type CouponRow = Selectable<CouponTable>

/** 500 → "5", 550 → "5.5", 1999 → "19.99" */
export const yuanShort = (fen: number) => String(Number((fen / 100).toFixed(2)))
/** 85 → "8.5", 80 → "8" */
export const zhe = (rate: number) => String(Number((rate / 10).toFixed(1)))

export const parseIds = (s: string): number[] => {
  try {
    const v = JSON.parse(s || '[]')
    return Array.isArray(v) ? v.map(Number).filter((x) => Number.isInteger(x) && x > 0) : []
  } catch {
    return []
  }
}

export function ruleText(c: Pick<CouponRow, 'kind' | 'amount' | 'threshold' | 'rate' | 'maxDiscount'>): string {
  if (c.kind === 'amount') return `无门槛减${yuanShort(c.amount)}元`
  if (c.kind === 'threshold') return `满${yuanShort(c.threshold)}减${yuanShort(c.amount)}`
  const base = c.threshold > 0 ? `满${yuanShort(c.threshold)}元享${zhe(c.rate)}折` : `全额${zhe(c.rate)}折`
  return c.maxDiscount > 0 ? `${base}，最多减${yuanShort(c.maxDiscount)}元` : base
}

export const faceText = (c: Pick<CouponRow, 'kind' | 'amount' | 'rate'>) => (c.kind === 'discount' ? `${zhe(c.rate)}折` : `¥${yuanShort(c.amount)}`)

export const scopeText = (c: Pick<CouponRow, 'scope'>) => (c.scope === 'all' ? '全场通用' : c.scope === 'category' ? '指定分类可用' : '指定商品可用')

export function toRule(c: CouponRow): CouponRule {
  return {
    couponId: c.id,
    name: c.name,
    kind: c.kind,
    amount: Number(c.amount),
    threshold: Number(c.threshold),
    rate: Number(c.rate),
    maxDiscount: Number(c.maxDiscount),
    scope: c.scope,
    scopeText: scopeText(c),
    ruleText: ruleText(c),
    faceText: faceText(c),
    allowSeckill: !!c.allowSeckill,
    description: c.description,
  }
}

/** An order line as the coupon rules see it. */
export interface CouponLine {
  goodsId: number
  categoryId: number
  /** The top category (0 when the goods sits in a top category itself). */
  parentCategoryId: number
  amount: number
}

export function inScope(c: Pick<CouponRow, 'scope' | 'scopeIds'>, line: CouponLine, ids = parseIds(c.scopeIds)): boolean {
  if (c.scope === 'all') return true
  if (c.scope === 'goods') return ids.includes(line.goodsId)
  return ids.includes(line.categoryId) || (line.parentCategoryId > 0 && ids.includes(line.parentCategoryId))
}

/**
 * What a coupon takes off these lines, or why it cannot be used. The discount applies to the in-scope
 * goods only (never to freight), never exceeds their amount, and the threshold counts in-scope goods.
 */
export function couponDiscount(
  c: Pick<CouponRow, 'kind' | 'amount' | 'threshold' | 'rate' | 'maxDiscount' | 'scope' | 'scopeIds' | 'allowSeckill'>,
  lines: CouponLine[],
  orderType: OrderTypeValue,
): { discount: number; reason: string } {
  if (orderType === 'points') return { discount: 0, reason: '积分兑换订单不可用' }
  if (orderType === 'seckill' && !c.allowSeckill) return { discount: 0, reason: '秒杀商品不可用' }
  const ids = parseIds(c.scopeIds)
  const eligible = lines.filter((l) => inScope(c, l, ids)).reduce((s, l) => s + l.amount, 0)
  if (eligible <= 0) return { discount: 0, reason: c.scope === 'goods' ? '仅限指定商品使用' : '仅限指定分类商品使用' }
  if (eligible < c.threshold) return { discount: 0, reason: `未满足使用门槛，还差${yuanShort(c.threshold - eligible)}元` }
  let discount = 0
  if (c.kind === 'amount' || c.kind === 'threshold') discount = c.amount
  else {
    discount = Math.floor((eligible * (100 - c.rate)) / 100)
    if (c.maxDiscount > 0) discount = Math.min(discount, c.maxDiscount)
  }
  discount = Math.min(discount, eligible)
  if (discount <= 0) return { discount: 0, reason: '该订单无法使用此券' }
  return { discount, reason: '' }
}
