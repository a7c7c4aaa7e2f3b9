/** 拼团 texts shared by goods details, the group page, 我的拼团 and the order (pure, unit-tested). */
import type { GroupState } from '@contract/groupBuy'
import { hms } from './seckill'

/** "还剩 23:59:59" for a group's deadline; '' once past (the settle job then fails or fills it). */
export function groupCountdown(expiresAt: number | null, now: number): string {
  if (!expiresAt || expiresAt <= now) return ''
  return hms(expiresAt - now).join(':')
}

/** The group's state as the shopper reads it. */
export function groupStateText(g: { state: GroupState; missing: number }): string {
  switch (g.state) {
    case 'pending':
      return '待支付'
    case 'open':
      return g.missing > 0 ? `拼团中·还差${g.missing}人` : '拼团中'
    case 'formed':
      return '拼团成功'
    case 'failed':
      return '拼团失败，已退款'
    default:
      return '已取消'
  }
}

/**
 * A member's own place in 我的拼团: the group's state, except where their place differs from it (a payment that came
 * too late is refunded even though the group formed; an unpaid place waits for the payment).
 */
export function myGroupText(g: { state: GroupState; place: string; size: number; filled: number }): string {
  if (g.place === 'unpaid') return g.state === 'pending' || g.state === 'open' ? '待支付' : '已取消'
  if (g.place === 'late') return '名额已满，退款中'
  if (g.place === 'refunded') return g.state === 'failed' ? '拼团失败，已退款' : '名额已满，已退款'
  if (g.place === 'cancelled') return '已取消'
  return groupStateText({ state: g.state, missing: Math.max(0, g.size - g.filled) })
}

/** A seat of a group's page: a paid member, a virtual member of 模拟成团 (no face of its own), or an empty place ("?"). */
export type SeatSlot<T> = { kind: 'member'; seat: T } | { kind: 'virtual' } | { kind: 'empty' }

/** The seats drawn on a group's page: the paid members, the virtual ones, then one empty seat per missing place. */
export function seatSlots<T>(seats: T[], size: number, filled: number): SeatSlot<T>[] {
  const shown = seats.slice(0, size)
  const taken = Math.max(shown.length, Math.min(size, filled))
  return [
    ...shown.map((seat): SeatSlot<T> => ({ kind: 'member', seat })),
    ...Array.from({ length: taken - shown.length }, (): SeatSlot<T> => ({ kind: 'virtual' })),
    ...Array.from({ length: size - taken }, (): SeatSlot<T> => ({ kind: 'empty' })),
  ]
}
