import type { FootprintItem, GoodsCard } from '@contract/goods'
import { chinaDay, dayLabel, groupByDay, richHtml, salesText } from '@/utils/goods'
import { initialPaged, mergePage } from '@/hooks/usePagedList'

const card = (id: number): GoodsCard => ({ id, name: `商品${id}`, subtitle: '', mainImage: '', price: 100, originalPrice: 200, sales: 0, tags: [], isHot: false, isNew: false, status: 'on', stock: 1 })

describe('catalogue helpers', () => {
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

  it('makes rich-text images fit the width and keeps their server path', () => {
    const html = richHtml('<p>说明</p><img src="/media/goods/g1-d1.svg" /><img style="width:10px" src="/media/x.svg">')
    expect(html).toContain('<img src="/media/goods/g1-d1.svg" alt="" style="max-width:100%;width:100%;height:auto;display:block;" />')
    expect(html).not.toContain('width:10px')
    expect(html).toContain('<p style=')
  })

  it('gives rich-text images the goods name as their text alternative, keeping one already written', () => {
    const html = richHtml('<img src="/media/goods/g1-d1.svg" /><img alt="尺码表" src="/media/x.svg">', '法式连衣裙 详情图')
    expect(html).toContain('<img src="/media/goods/g1-d1.svg" alt="法式连衣裙 详情图" style=')
    expect(html).toContain('<img alt="尺码表" src="/media/x.svg" style=')
  })

  it('writes large sales in 万', () => {
    expect(salesText(9999)).toBe('9999')
    expect(salesText(12345)).toBe('1.2万')
  })

  it('merges pages without repeats and knows when the list is finished', () => {
    let s = mergePage(initialPaged(), { list: [card(1), card(2)], total: 5, page: 1, pageSize: 2 })
    expect(s).toMatchObject({ page: 1, finished: false, loaded: true })
    s = mergePage(s, { list: [card(2), card(3)], total: 5, page: 2, pageSize: 2 })
    expect(s.list.map((g) => g.id)).toEqual([1, 2, 3])
    s = mergePage(s, { list: [card(5)], total: 5, page: 3, pageSize: 2 })
    expect(s.finished).toBe(true)
    // Page 1 again (pull to refresh) replaces the list.
    s = mergePage(s, { list: [card(9)], total: 1, page: 1, pageSize: 2 })
    expect(s.list.map((g) => g.id)).toEqual([9])
    expect(s.finished).toBe(true)
  })
})
