import { buyButton, clockOffset, countdownOf, hms, progressText, slotState } from '@/utils/seckill'

const HOUR = 3600_000
const s = { startAt: 10 * HOUR, endAt: 12 * HOUR }

describe('flash-sale slots and countdowns', () => {
  it('tells upcoming, running and ended slots apart at their edges', () => {
    expect(slotState(s, s.startAt - 1)).toBe('upcoming')
    expect(slotState(s, s.startAt)).toBe('active')
    expect(slotState(s, s.endAt - 1)).toBe('active')
    expect(slotState(s, s.endAt)).toBe('ended')
  })

  it('counts to the start before, to the end during, and not after', () => {
    expect(countdownOf(s, s.startAt - 90_000)).toEqual({ label: '距开始', ms: 90_000 })
    expect(countdownOf(s, s.startAt + HOUR)).toEqual({ label: '距结束', ms: HOUR })
    expect(countdownOf(s, s.endAt)).toBeNull()
  })

  it('formats hours, minutes and seconds, past 24 hours too, never negative', () => {
    expect(hms(3_725_000)).toEqual(['01', '02', '05'])
    expect(hms(26 * HOUR + 59_999)).toEqual(['26', '00', '59'])
    expect(hms(-5)).toEqual(['00', '00', '00'])
  })

  it('runs on server time: the offset corrects a wrong phone clock', () => {
    const phone = 1_000_000
    const server = phone + 5 * 60_000
    const off = clockOffset(server, phone)
    expect(off).toBe(300_000)
    const session = { startAt: server + 60_000, endAt: server + HOUR }
    // The phone thinks it is 6 minutes before the start; on server time it is 1 minute.
    expect(countdownOf(session, phone + off)!.ms).toBe(60_000)
  })

  it('labels the buy button by state, stock and the member limit', () => {
    const item = { quota: 10, sold: 3, perMemberLimit: 2 }
    expect(buyButton(item, 'upcoming')).toEqual({ text: '即将开始', disabled: true })
    expect(buyButton(item, 'ended')).toEqual({ text: '已结束', disabled: true })
    expect(buyButton(item, 'active')).toEqual({ text: '马上抢', disabled: false })
    expect(buyButton(item, 'active', 2)).toEqual({ text: '已抢购', disabled: true })
    expect(buyButton({ ...item, sold: 10 }, 'active')).toEqual({ text: '已抢光', disabled: true })
  })

  it('shows progress as a share, then the last few pieces', () => {
    expect(progressText({ quota: 100, sold: 75 })).toBe('已抢75%')
    expect(progressText({ quota: 100, sold: 97 })).toBe('仅剩3件')
    expect(progressText({ quota: 100, sold: 100 })).toBe('已抢光')
  })
})
