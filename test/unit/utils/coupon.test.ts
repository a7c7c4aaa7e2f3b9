import { expiresSoon } from '@/utils/coupon'
import { chinaDaysBetween } from '@/utils/time'

const DAY = 86_400_000
const at = (iso: string) => Date.parse(`${iso}+08:00`)
/** A coupon of `days` days received at `t` (the server's validity: received + days × 24 h, end exclusive). */
const received = (t: number, days: number) => t + days * DAY

describe('coupon expiry in China calendar days, with fixed clocks', () => {
  it('a 3-day coupon received today reads 3天后过期 all day, whatever the hour', () => {
    for (const time of ['00:00:01', '09:30:00', '23:59:58']) {
      const t = at(`2026-11-24T${time}`)
      // Looked at on the coupon page a moment after receiving it, and again later the same day.
      expect(expiresSoon(received(t, 3), t + 1000)).toBe('3天后过期')
    }
    const t = at('2026-11-24T09:30:00')
    expect(expiresSoon(received(t, 3), at('2026-11-24T21:00:00'))).toBe('3天后过期')
  })

  it('received exactly at midnight, its three whole days end at midnight: the last day is 2 days on', () => {
    const t = at('2026-11-24T00:00:00')
    expect(expiresSoon(received(t, 3), t)).toBe('2天后过期')
  })

  it('counts down by calendar day across midnight', () => {
    const got = at('2026-11-24T23:59:00')
    const validTo = received(got, 3) // last valid moment 2026-11-27 23:58:59
    expect(expiresSoon(validTo, at('2026-11-24T23:59:59'))).toBe('3天后过期')
    expect(expiresSoon(validTo, at('2026-11-25T00:00:00'))).toBe('2天后过期')
    expect(expiresSoon(validTo, at('2026-11-26T12:00:00'))).toBe('明天过期')
    expect(expiresSoon(validTo, at('2026-11-27T00:00:00'))).toBe('今天过期')
    expect(expiresSoon(validTo, at('2026-11-27T23:58:58'))).toBe('今天过期')
    expect(expiresSoon(validTo, validTo)).toBe('')
  })

  it('an end at midnight belongs to the day before (the end is exclusive)', () => {
    const validTo = at('2026-11-27T00:00:00')
    expect(expiresSoon(validTo, at('2026-11-26T08:00:00'))).toBe('今天过期')
    expect(expiresSoon(validTo, at('2026-11-25T23:59:59'))).toBe('明天过期')
  })

  it('says nothing for coupons further out than 3 days', () => {
    const t = at('2026-11-24T10:00:00')
    expect(expiresSoon(received(t, 4), t)).toBe('')
    expect(expiresSoon(received(t, 7), t)).toBe('')
  })

  it('counts China days whatever the phone time zone (UTC midnight is 08:00 in China)', () => {
    expect(chinaDaysBetween(Date.parse('2026-11-24T15:59:59Z'), Date.parse('2026-11-24T16:00:00Z'))).toBe(1)
    expect(chinaDaysBetween(Date.parse('2026-11-24T00:00:00Z'), Date.parse('2026-11-24T15:59:59Z'))).toBe(0)
  })
})
