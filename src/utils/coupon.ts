/** Coupon display logic shared by the picker, my coupons and the centre (pure, unit-tested). */
import type { OrderCouponExtras } from '@contract/coupon'
import { chinaDaysBetween } from './time'
import { yuan } from './money'

export interface PickerSummary {
  text: string
  /** price: a discount is applied; muted: nothing to pick; normal: coupons available but none chosen. */
  tone: 'price' | 'muted' | 'normal'
  /** The applied coupon is the one the server recommends. */
  best: boolean
}

/** The right-hand text of the order's 优惠券 row. */
export function pickerSummary(extras: OrderCouponExtras | undefined | null, discount: number): PickerSummary {
  const usable = extras?.usable.length || 0
  if (!extras || (!usable && !extras.selectedId)) return { text: extras?.unusable.length ? '暂无可用优惠券' : '暂无优惠券', tone: 'muted', best: false }
  if (extras.selectedId && discount > 0) return { text: `-¥${yuan(discount)}`, tone: 'price', best: extras.selectedId === extras.bestId }
  if (extras.declined) return { text: `不使用优惠券（${usable}张可用）`, tone: 'normal', best: false }
  return { text: `${usable}张可用`, tone: 'normal', best: false }
}

const pad = (n: number) => String(n).padStart(2, '0')
/** China date of a ms time: 2024.11.22 */
export function chinaDate(t: number): string {
  const d = new Date(t + 8 * 3600_000)
  return `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`
}

/** "2024.11.22-2024.11.29" (the end is exclusive: the last valid moment's day). */
export const validRange = (from: number, to: number) => `${chinaDate(from)}-${chinaDate(to - 1)}`

/**
 * "3天后过期" / "明天过期" / "今天过期" for coupons whose last valid day is within 3 China calendar days, else ''.
 * Counted in calendar days, not in 24-hour blocks: a 3-day coupon received today at 10:00 (valid until the same
 * time three days on) has its last day 3 days from today, so it reads 3天后过期 all day today.
 */
export function expiresSoon(validTo: number, now = Date.now()): string {
  if (validTo <= now) return ''
  // validTo is exclusive: the last valid moment is validTo - 1.
  const days = chinaDaysBetween(now, validTo - 1)
  if (days > 3) return ''
  return days === 0 ? '今天过期' : days === 1 ? '明天过期' : `${days}天后过期`
}
