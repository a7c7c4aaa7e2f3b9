/** Flash-sale time logic shared by the list, the detail and the confirm page (pure, unit-tested). */
import type { SessionState } from '@contract/seckill'

export const STATE_TEXT: Record<SessionState, string> = { active: '抢购中', upcoming: '即将开始', ended: '已结束' }

/** The phone's clock may be wrong: countdowns run on server time = Date.now() + offset. */
export const clockOffset = (serverNow: number, clientNow: number = Date.now()) => serverNow - clientNow

export function slotState(s: { startAt: number; endAt: number }, now: number): SessionState {
  if (now < s.startAt) return 'upcoming'
  if (now >= s.endAt) return 'ended'
  return 'active'
}

/** What a session's countdown counts to: the end while running, the start before; nothing after. */
export function countdownOf(s: { startAt: number; endAt: number }, now: number): { label: string; ms: number } | null {
  const state = slotState(s, now)
  if (state === 'active') return { label: '距结束', ms: s.endAt - now }
  if (state === 'upcoming') return { label: '距开始', ms: s.startAt - now }
  return null
}

/** 3725000 → ['01', '02', '05'] (hours may pass 24). */
export function hms(ms: number): [string, string, string] {
  const t = Math.max(0, Math.floor(ms / 1000))
  const p = (n: number) => String(n).padStart(2, '0')
  return [p(Math.floor(t / 3600)), p(Math.floor((t % 3600) / 60)), p(t % 60)]
}

export interface BuyButton {
  text: string
  disabled: boolean
}

/** The buy button of an item: by the session's state, what is left, and what the member already bought. */
export function buyButton(item: { quota: number; sold: number; perMemberLimit: number }, state: SessionState, myBought = 0): BuyButton {
  if (state === 'ended') return { text: '已结束', disabled: true }
  if (state === 'upcoming') return { text: '即将开始', disabled: true }
  if (item.sold >= item.quota) return { text: '已抢光', disabled: true }
  if (myBought >= item.perMemberLimit) return { text: '已抢购', disabled: true }
  return { text: '马上抢', disabled: false }
}

/** "已抢75%" / "仅剩3件" for the progress bar. */
export function progressText(item: { quota: number; sold: number }): string {
  const left = Math.max(0, item.quota - item.sold)
  if (left === 0) return '已抢光'
  if (left <= 5) return `仅剩${left}件`
  return `已抢${Math.min(100, Math.floor((item.sold * 100) / Math.max(1, item.quota)))}%`
}
