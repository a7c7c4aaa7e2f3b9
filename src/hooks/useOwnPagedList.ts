import { useEffect, useRef, useState } from 'react'
import { useDidShow, useReachBottom } from '@tarojs/taro'
import type { Page } from '@contract/envelope'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { usePagedList } from './usePagedList'

/**
 * A paged list of the member's own records (collects, footprints, blind-box draws): asks to log in first, loads the next page at
 * the bottom of the page, and reloads when the page shows again (a record may have been removed on a detail page).
 */
export function useOwnPagedList<T>(fetchPage: (page: number, pageSize: number) => Promise<Page<T>>, deps: unknown[], opts: { pageSize?: number; key?: (x: T) => string | number } = {}) {
  const [loggedIn] = useState(() => isLoggedIn())
  const list = usePagedList(fetchPage, deps, { ...opts, enabled: loggedIn })
  const shown = useRef(false)

  useEffect(() => {
    if (!loggedIn) requireLogin()
  }, [loggedIn])
  useDidShow(() => {
    if (shown.current && loggedIn) list.reload()
    shown.current = true
  })
  useReachBottom(() => {
    list.loadMore()
  })
  return list
}
