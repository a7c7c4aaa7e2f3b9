import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '@contract/envelope'
import { useDepsVersion } from './useDepsVersion'
import { useLatest } from './useLatest'

export interface PagedState<T> {
  list: T[]
  page: number
  total: number
  loading: boolean
  /** Every page is loaded. */
  finished: boolean
  /** The last load failed (the list can be retried). */
  error: boolean
  /** The first page has answered at least once. */
  loaded: boolean
}

export const initialPaged = <T>(): PagedState<T> => ({ list: [], page: 0, total: 0, loading: false, finished: false, error: false, loaded: false })

/** Adds a page to the list (page 1 replaces it); rows already present (same key) are not repeated. */
export function mergePage<T>(state: PagedState<T>, res: Page<T>, key: (x: T) => string | number = (x: any) => x.id): PagedState<T> {
  const base = res.page <= 1 ? [] : state.list
  const seen = new Set(base.map(key))
  const list = [...base, ...res.list.filter((x) => !seen.has(key(x)))]
  const finished = res.list.length < res.pageSize || list.length >= res.total
  return { list, page: res.page, total: res.total, loading: false, finished, error: false, loaded: true }
}

/**
 * A paged list: loads page 1 when `deps` change, `loadMore()` the next page (for onReachBottom or
 * InfiniteLoading), `reload()` again from page 1 (pull-to-refresh). Answers of an older load are dropped.
 */
export function usePagedList<T>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  deps: unknown[],
  opts: { pageSize?: number; enabled?: boolean; key?: (x: T) => string | number } = {},
) {
  const pageSize = opts.pageSize || 20
  const enabled = opts.enabled !== false
  const [state, setState] = useState<PagedState<T>>(initialPaged<T>())
  const stateRef = useRef(state)
  stateRef.current = state
  const seq = useRef(0)
  // Callers pass a new fetchPage (and key) on every render: read as they are when a page is asked.
  const fetchRef = useLatest(fetchPage)
  const keyRef = useLatest(opts.key)

  const load = useCallback(
    async (page: number) => {
      const my = ++seq.current
      setState((s) => ({ ...(page === 1 ? { ...s, finished: false } : s), loading: true, error: false }))
      try {
        const res = await fetchRef.current(page, pageSize)
        if (my !== seq.current) return
        setState((s) => mergePage(s, { ...res, page }, keyRef.current))
      } catch {
        if (my !== seq.current) return
        setState((s) => ({ ...s, loading: false, error: true, loaded: true }))
      }
    },
    [pageSize, fetchRef, keyRef],
  )

  const reload = useCallback(() => load(1), [load])
  const loadMore = useCallback(() => {
    const s = stateRef.current
    if (s.loading || s.finished || !s.loaded) return Promise.resolve()
    return load(s.page + 1)
  }, [load])

  // The caller's deps say when page 1 is loaded again.
  const depsVersion = useDepsVersion(deps)
  useEffect(() => {
    if (!enabled) return
    setState(initialPaged<T>())
    load(1)
  }, [enabled, depsVersion, load])

  /** Removes rows locally (after a delete). */
  const removeWhere = useCallback((pred: (x: T) => boolean) => {
    setState((s) => {
      const list = s.list.filter((x) => !pred(x))
      return { ...s, list, total: Math.max(0, s.total - (s.list.length - list.length)) }
    })
  }, [])

  return { ...state, reload, loadMore, removeWhere }
}
