import { act, renderHook, waitFor } from '@testing-library/react'
import type { GoodsCard } from '@contract/goods'
import { initialPaged, mergePage, usePagedList } from '@/hooks/usePagedList'

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

describe('usePagedList', () => {
  const page = (ids: number[], p = 1) => Promise.resolve({ list: ids.map(card), total: 40, page: p, pageSize: ids.length })

  it('loads page 1 once per change of the caller deps, not on renders that pass a new fetch function and key', async () => {
    const fetch = jest.fn((p: number) => page([p], p))
    const { result, rerender } = renderHook(({ sort }) => usePagedList((p) => fetch(p), [sort], { key: (g) => g.id }), { initialProps: { sort: 'sales' } })
    await waitFor(() => expect(result.current.loaded).toBe(true))
    expect(fetch).toHaveBeenCalledTimes(1)
    rerender({ sort: 'sales' })
    rerender({ sort: 'sales' })
    expect(fetch).toHaveBeenCalledTimes(1)
    rerender({ sort: 'newest' })
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    expect(fetch).toHaveBeenLastCalledWith(1)
  })

  it('asks nothing while disabled, and loads when enabled', async () => {
    const fetch = jest.fn((p: number) => page([p], p))
    const { result, rerender } = renderHook(({ enabled }) => usePagedList(fetch, [], { enabled }), { initialProps: { enabled: false } })
    expect(fetch).not.toHaveBeenCalled()
    rerender({ enabled: true })
    await waitFor(() => expect(result.current.list.map((g) => g.id)).toEqual([1]))
  })

  it('loadMore asks the next page with the fetch function of the last render', async () => {
    const first = jest.fn((p: number) => page([p], p))
    const second = jest.fn((p: number) => page([p + 100], p))
    const { result, rerender } = renderHook(({ f }) => usePagedList(f, []), { initialProps: { f: first } })
    await waitFor(() => expect(result.current.loaded).toBe(true))
    rerender({ f: second })
    await act(() => result.current.loadMore())
    expect(second).toHaveBeenCalledWith(2, 20)
    expect(result.current.list.map((g) => g.id)).toEqual([1, 102])
  })
})
