import { fromNow, fromNowShort, yuan } from '@/utils/time'

const now = new Date('2026-11-22T12:00:00+08:00').getTime()
const ago = (ms: number) => now - ms
const MIN = 60_000, HOUR = 60 * MIN, DAY = 24 * HOUR

describe('relative time, first formatter', () => {
  it('under 5 minutes is 刚刚', () => expect(fromNow(ago(4 * MIN + 59_000), now)).toBe('刚刚'))
  it('minutes under an hour', () => expect(fromNow(ago(5 * MIN), now)).toBe('5分钟前'))
  it('hours under a day', () => expect(fromNow(ago(3 * HOUR), now)).toBe('3小时前'))
  it('days up to 30', () => expect(fromNow(ago(30 * DAY), now)).toBe('30天前'))
  it('then a date', () => expect(fromNow(ago(31 * DAY), now)).toMatch(/^\d{4}-\d{2}-\d{2}$/))
})

describe('relative time, second formatter', () => {
  it('under 60 s is 刚刚', () => expect(fromNowShort(ago(59_000), now)).toBe('刚刚'))
  it('minutes', () => expect(fromNowShort(ago(61_000), now)).toBe('1分钟前'))
  it('hours', () => expect(fromNowShort(ago(23 * HOUR), now)).toBe('23小时前'))
  it('days under 3', () => expect(fromNowShort(ago(2 * DAY), now)).toBe('2天前'))
  it('date from 3 days', () => expect(fromNowShort(ago(3 * DAY), now)).toMatch(/^\d{4}-\d{2}-\d{2}$/))
})

it('formats fen as yuan', () => {
  expect(yuan(12990)).toBe('129.90')
  expect(yuan(0)).toBe('0.00')
})
