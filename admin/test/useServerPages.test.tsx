/** @jest-environment jsdom */
import { useState } from 'react'
import { act, renderHook, waitFor } from '@testing-library/react'
import { bindFeedback } from '@admin/core/feedback'
import { ApiError } from '@admin/core/request'
import { useServerPages } from '@admin/hooks/useServerPages'

// The console's request module loads the contracts (TypeBox needs TextEncoder, which jsdom lacks): its error class alone.
jest.mock('@admin/core/request', () => ({
  ApiError: class ApiError extends Error {
    constructor(_code: number, message: string) {
      super(message)
    }
  },
}))

describe('useServerPages: a console list paged by the server', () => {
  const shown: string[] = []
  beforeAll(() => bindFeedback({ error: (t: string) => shown.push(t), success: () => undefined, info: () => undefined } as never, {} as never))

  it('asks for page 1, then the page the Table asks for, then page 1 again when a filter changes', async () => {
    const asked: string[] = []
    const fetch = jest.fn(async ({ page, pageSize }: { page: number; pageSize: number }, status: string) => {
      asked.push(`${status} ${page}/${pageSize}`)
      return { list: [`${status}-${page}`], total: 45 }
    })
    // A page with a tab filter: its tab handler sets the filter and page 1 together, as BlindBoxShipping's does.
    const { result } = renderHook(() => {
      const [status, setStatus] = useState('to_ship')
      const pages = useServerPages((paging) => fetch(paging, status), [status])
      return { ...pages, chooseTab: (k: string) => (setStatus(k), pages.setPage(1)) }
    })
    await waitFor(() => expect(result.current.data?.list).toEqual(['to_ship-1']))
    expect(result.current.pagination).toMatchObject({ current: 1, pageSize: 20, total: 45 })

    act(() => result.current.pagination.onChange(3))
    await waitFor(() => expect(result.current.data?.list).toEqual(['to_ship-3']))
    expect(result.current.pagination.current).toBe(3)

    act(() => result.current.chooseTab('shipped'))
    await waitFor(() => expect(result.current.data?.list).toEqual(['shipped-1']))
    expect(asked).toEqual(['to_ship 1/20', 'to_ship 3/20', 'shipped 1/20'])
  })

  it('reload() asks for the same page again (after an edit)', async () => {
    let n = 0
    const { result } = renderHook(() => useServerPages(async () => ({ list: [`answer ${++n}`], total: 1 }), [], 10))
    await waitFor(() => expect(result.current.data?.list).toEqual(['answer 1']))
    act(() => result.current.reload())
    await waitFor(() => expect(result.current.data?.list).toEqual(['answer 2']))
    expect(result.current.pagination.pageSize).toBe(10)
  })

  it('a failed page says why and keeps the rows shown', async () => {
    let fail = false
    const { result } = renderHook(() =>
      useServerPages(async ({ page }) => {
        if (fail) throw new ApiError(403, '没有权限')
        return { list: [`row ${page}`], total: 30 }
      }, []),
    )
    await waitFor(() => expect(result.current.data?.list).toEqual(['row 1']))
    fail = true
    act(() => result.current.pagination.onChange(2))
    await waitFor(() => expect(shown).toEqual(['没有权限']))
    expect(result.current.data?.list).toEqual(['row 1'])
  })
})
