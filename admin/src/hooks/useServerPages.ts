import { useCallback, useEffect, useState } from 'react'
import { run } from '../core/feedback'
import { useLatest } from './useLatest'

export interface ServerPage {
  list: unknown[]
  total: number
}

/**
 * A console list paged by the server (antd Table, not ProTable): the page asked for, the answer, and the Table's
 * `pagination`. `fetch` asks for one page; it runs again when the page or one of `deps` (the list's filters) changes,
 * and on `reload()` (after an edit). A failed request says why in a toast (run) and keeps the rows shown. A filter
 * change should also go back to page 1 (`setPage(1)` beside the filter's own setter).
 */
export function useServerPages<P extends ServerPage>(fetch: (paging: { page: number; pageSize: number }) => Promise<P>, deps: readonly unknown[], pageSize = 20) {
  const [page, setPage] = useState(1)
  const [data, setData] = useState<P | null>(null)
  const latest = useLatest(fetch)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters are the caller's deps; fetch is read through latest
  const reload = useCallback(() => void run(latest.current({ page, pageSize })).then((r) => r && setData(r)), [latest, page, pageSize, ...deps])
  useEffect(reload, [reload])
  return { data, page, setPage, reload, pagination: { current: page, pageSize, total: data?.total || 0, onChange: setPage } }
}
