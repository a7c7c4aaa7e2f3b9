import type { GoodsCard } from '@contract/goods'
import { initialPaged, mergePage } from '@/hooks/usePagedList'

const card = (id: number): GoodsCard => ({ id, name: `商品${id}`, subtitle: '', mainImage: '', price: 100, originalPrice: 200, sales: 0, tags: [], isHot: false, isNew: false, status: 'on', stock: 1 })

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
