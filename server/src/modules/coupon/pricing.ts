import type { Conn, Tx } from '../../db/types'
import type { CouponOption, OrderCouponExtras } from '../../../../types/coupon'
import { AppError, ErrorCode } from '../../errors'
import { afterLevel, type OrderDraft, type PricingStep } from '../order/pricing'
import type { OrderHook } from '../order/hooks'
import { couponDiscount, faceText, ruleText, scopeText, type CouponLine } from './rules'
import '../../db/promotionTables'

/** The draft's lines with their categories, as the coupon rules need them; amounts after the member level's discount (it runs first). */
async function couponLines(db: Conn, draft: OrderDraft): Promise<CouponLine[]> {
  const ids = [...new Set(draft.lines.map((l) => l.goodsId))]
  const cats = ids.length
    ? await db.selectFrom('goods').leftJoin('categories', 'categories.id', 'goods.categoryId').select(['goods.id', 'goods.categoryId', 'categories.parentId']).where('goods.id', 'in', ids).execute()
    : []
  return draft.lines.map((l) => {
    const c = cats.find((x) => x.id === l.goodsId)
    return { goodsId: l.goodsId, categoryId: Number(c?.categoryId || 0), parentCategoryId: Number(c?.parentId || 0), amount: afterLevel(l) }
  })
}

/**
 * Every coupon the member holds that is not used and not expired, priced against this draft:
 * usable ones by discount (largest first, then the soonest to expire), and the others with the reason.
 */
export async function couponOptions(db: Conn, draft: OrderDraft, now = Date.now()): Promise<{ usable: CouponOption[]; unusable: CouponOption[] }> {
  const rows = await db
    .selectFrom('memberCoupons as mc')
    .innerJoin('coupons as c', 'c.id', 'mc.couponId')
    .select(['mc.id', 'mc.validFrom', 'mc.validTo', 'c.name', 'c.kind', 'c.amount', 'c.threshold', 'c.rate', 'c.maxDiscount', 'c.scope', 'c.scopeIds', 'c.allowSeckill'])
    .where('mc.memberId', '=', draft.memberId)
    .where('mc.status', '=', 'unused')
    .where('mc.validTo', '>', now)
    .execute()
  if (!rows.length) return { usable: [], unusable: [] }
  const lines = await couponLines(db, draft)
  const usable: CouponOption[] = []
  const unusable: CouponOption[] = []
  for (const r of rows) {
    const c = { ...r, amount: Number(r.amount), threshold: Number(r.threshold), rate: Number(r.rate), maxDiscount: Number(r.maxDiscount) }
    const base = { id: r.id, name: r.name, faceText: faceText(c), ruleText: ruleText(c), scopeText: scopeText(c), validTo: Number(r.validTo) }
    const d = Number(r.validFrom) > now ? { discount: 0, reason: '未到使用时间' } : couponDiscount(c, lines, draft.orderType)
    if (d.discount > 0) usable.push({ ...base, discount: d.discount, usable: true, reason: '' })
    else unusable.push({ ...base, discount: 0, usable: false, reason: d.reason })
  }
  usable.sort((a, b) => b.discount - a.discount || a.validTo - b.validTo || a.id - b.id)
  unusable.sort((a, b) => a.validTo - b.validTo || a.id - b.id)
  return { usable, unusable }
}

/**
 * The coupon step of order pricing (normal and flash-sale orders; points-mall orders take no coupon).
 * couponId absent: the server picks the best usable coupon; couponId 0: no coupon; a member coupon id:
 * that coupon, refused with COUPON_NOT_APPLICABLE and the reason when it does not apply.
 * commit: marks the member's coupon used for this order by conditional update (a coupon is used once).
 */
export const couponPricingStep: PricingStep = {
  name: 'coupon',
  async apply(db, draft, input) {
    if (draft.orderType === 'points') return
    const now = Date.now()
    const { usable, unusable } = await couponOptions(db, draft, now)
    const bestId = usable[0]?.id ?? null
    const declined = input.couponId === 0
    let chosen: CouponOption | null = null
    if (input.couponId) {
      chosen = usable.find((o) => o.id === input.couponId) || null
      if (!chosen) {
        const why = unusable.find((o) => o.id === input.couponId)
        throw new AppError(ErrorCode.COUPON_NOT_APPLICABLE, why ? `该优惠券不可用：${why.reason}` : '优惠券不存在、已使用或已过期')
      }
    } else if (!declined) chosen = usable[0] || null
    draft.couponId = chosen?.id ?? null
    draft.couponDiscount = chosen?.discount ?? 0
    const extras: OrderCouponExtras = { usable, unusable, selectedId: draft.couponId, bestId, declined }
    draft.extras.coupons = extras
  },
  async commit(tx, draft, order) {
    if (!draft.couponId) return
    const t = Date.now()
    const res = await tx
      .updateTable('memberCoupons')
      .set({ status: 'used', orderId: order.id, usedAt: t })
      .where('id', '=', draft.couponId)
      .where('memberId', '=', order.memberId)
      .where('status', '=', 'unused')
      .where('validFrom', '<=', t)
      .where('validTo', '>', t)
      .returning('couponId')
      .executeTakeFirst()
    if (!res) throw new AppError(ErrorCode.COUPON_NOT_APPLICABLE, '优惠券已被使用或已过期，请重新选择')
    await tx
      .updateTable('coupons')
      .set((eb) => ({ usedCount: eb('usedCount', '+', 1), updatedAt: t }))
      .where('id', '=', res.couponId)
      .execute()
  },
}

/**
 * Gives an order's coupon back (used by this order → unused, the coupon's used count down), by conditional
 * update so at most once; it keeps its validity (an expired one shows as expired). Returns whether it did.
 * Used by the 'cancelled' hook and by an after-sales full refund.
 */
export async function giveCouponBack(tx: Tx, orderId: number, memberCouponId: number): Promise<boolean> {
  const res = await tx
    .updateTable('memberCoupons')
    .set({ status: 'unused', orderId: null, usedAt: null })
    .where('id', '=', memberCouponId)
    .where('orderId', '=', orderId)
    .where('status', '=', 'used')
    .returning('couponId')
    .executeTakeFirst()
  if (!res) return false
  await tx
    .updateTable('coupons')
    .set((eb) => ({ usedCount: eb('usedCount', '-', 1), updatedAt: Date.now() }))
    .where('id', '=', res.couponId)
    .where('usedCount', '>', 0)
    .execute()
  return true
}

/** Cancelling or expiring an unpaid order gives its coupon back. */
export const couponCancelledHook: OrderHook = async (tx, { order }) => {
  if (order.couponId) await giveCouponBack(tx, order.id, order.couponId)
}
