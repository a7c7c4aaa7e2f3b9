import type { FootprintItem, GoodsCard } from '@contract/goods'
import { chinaDay, dayLabel, fromNow, fromNowShort, groupByDay } from '@/utils/time'

const now = new Date('2026-11-22T12:00:00+08:00').getTime()
const ago = (ms: number) => now - ms
const MIN = 60_000,
  HOUR = 60 * MIN,
  DAY = 24 * HOUR

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

const card = (id: number): GoodsCard => ({ id, name: `商品${id}`, subtitle: '', mainImage: '', price: 100, originalPrice: 200, sales: 0, tags: [], isHot: false, isNew: false, status: 'on', stock: 1 })

describe('China days', () => {
  it('groups footprints by day in list order', () => {
    const f = (id: number, day: string): FootprintItem => ({ id, goodsId: id, day, viewedAt: id, goods: card(id) })
    const days = groupByDay([f(1, '2026-11-22'), f(2, '2026-11-22'), f(3, '2026-11-21'), f(4, '2026-11-19')])
    expect(days.map((d) => [d.day, d.items.map((i) => i.id)])).toEqual([
      ['2026-11-22', [1, 2]],
      ['2026-11-21', [3]],
      ['2026-11-19', [4]],
    ])
  })

  it('labels days as 今天, 昨天 or a date in China time', () => {
    const now = Date.UTC(2026, 10, 22, 17, 0) // 01:00 on 23 Nov in China
    expect(chinaDay(now)).toBe('2026-11-23')
    expect(dayLabel('2026-11-23', now)).toBe('今天')
    expect(dayLabel('2026-11-22', now)).toBe('昨天')
    expect(dayLabel('2026-10-01', now)).toBe('10月1日')
    expect(dayLabel('2025-12-31', now)).toBe('2025年12月31日')
  })
})
