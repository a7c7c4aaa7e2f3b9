/**
 * 营销 · 拼团's form logic, apart from the page so it is tested alone: an activity's state as the merchant reads it,
 * the form's values from a saved activity, and the body sent (yuan typed → fen; each group price checked against its
 * SKU's single price).
 */
import type { AdminGroupBuyActivity, GroupBuyActivityBody } from '@contract/adminGroupBuy'
import { fenToYuan, yuanLabel, yuanToFen } from '../../core/money'

export type GroupBuyState = 'upcoming' | 'active' | 'ended' | 'closed'
export const GROUP_BUY_STATE: Record<GroupBuyState, { text: string; color: string }> = {
  upcoming: { text: '未开始', color: 'blue' },
  active: { text: '进行中', color: 'red' },
  ended: { text: '已结束', color: 'default' },
  closed: { text: '已关闭', color: 'default' },
}

/** 已关闭 (turned off) before the time window: an off activity opens no group whatever the time. */
export function groupBuyState(a: { enabled: boolean; startAt: number; endAt: number }, now = Date.now()): GroupBuyState {
  if (!a.enabled) return 'closed'
  if (now < a.startAt) return 'upcoming'
  if (now >= a.endAt) return 'ended'
  return 'active'
}

/** One SKU of the goods in the price table: its single price (fen) and the group price typed (yuan; empty = not in the activity). */
export interface GroupSkuRow {
  skuId: number
  specText: string
  singlePrice: number
  stock?: number
  price: string
}

export interface GroupBuyFormValues {
  title: string
  goodsId?: number
  startAt: number
  endAt: number
  size: number
  hours: number
  perMemberLimit: number
  virtualFill: boolean
  /** 团长优惠 in yuan as typed ('' = none). */
  leaderDiscount: string
}

export const specName = (s: { specText: string }) => s.specText || '默认规格'

/** The form of a saved activity, and its SKUs' rows merged into the goods' current SKUs (a SKU not in it: empty price). */
export function toFormValues(a: AdminGroupBuyActivity): GroupBuyFormValues {
  return {
    title: a.title,
    goodsId: a.goodsId,
    startAt: a.startAt,
    endAt: a.endAt,
    size: a.size,
    hours: a.hours,
    perMemberLimit: a.perMemberLimit,
    virtualFill: a.virtualFill,
    leaderDiscount: a.leaderDiscount ? fenToYuan(a.leaderDiscount) : '',
  }
}

export function mergeSkuRows(goodsSkus: Array<{ skuId: number; specText: string; price: number; stock?: number }>, saved: AdminGroupBuyActivity['skus'] = []): GroupSkuRow[] {
  const rows: GroupSkuRow[] = goodsSkus.map((s) => {
    const p = saved.find((x) => x.skuId === s.skuId)
    return { skuId: s.skuId, specText: s.specText, singlePrice: s.price, stock: s.stock, price: p ? fenToYuan(p.price) : '' }
  })
  // A saved SKU the search did not answer (more than it lists) still shows with its price.
  for (const p of saved) if (!rows.some((r) => r.skuId === p.skuId)) rows.push({ skuId: p.skuId, specText: p.specText, singlePrice: p.singlePrice, price: fenToYuan(p.price) })
  return rows
}

/** What is wrong with one SKU's group price ('' when it is fine or left empty). */
export function skuPriceError(r: GroupSkuRow): string {
  if (!r.price.trim()) return ''
  const fen = yuanToFen(r.price)
  if (fen === null) return `「${specName(r)}」的拼团价须为金额，最多两位小数`
  if (fen < 1) return `「${specName(r)}」的拼团价不能低于 ¥0.01`
  if (fen >= r.singlePrice) return `「${specName(r)}」的拼团价需低于单买价 ${yuanLabel(r.singlePrice)}`
  return ''
}

/** The body to send, or the first thing to fix in Chinese. */
export function toGroupBuyBody(v: GroupBuyFormValues, rows: GroupSkuRow[]): { body: GroupBuyActivityBody } | { error: string } {
  if (!v.goodsId) return { error: '请选择商品' }
  if (!(v.endAt > v.startAt)) return { error: '结束时间需晚于开始时间' }
  const leaderDiscount = v.leaderDiscount.trim() ? yuanToFen(v.leaderDiscount) : 0
  if (leaderDiscount === null || leaderDiscount < 0) return { error: '团长优惠须为金额，最多两位小数' }
  const skus: GroupBuyActivityBody['skus'] = []
  for (const r of rows) {
    const error = skuPriceError(r)
    if (error) return { error }
    if (r.price.trim()) skus.push({ skuId: r.skuId, price: yuanToFen(r.price)! })
  }
  if (!skus.length) return { error: '请至少为一个规格填写拼团价' }
  return {
    body: {
      goodsId: v.goodsId,
      title: v.title.trim(),
      size: v.size,
      hours: v.hours,
      perMemberLimit: v.perMemberLimit,
      startAt: v.startAt,
      endAt: v.endAt,
      virtualFill: !!v.virtualFill,
      leaderDiscount,
      skus,
    },
  }
}
