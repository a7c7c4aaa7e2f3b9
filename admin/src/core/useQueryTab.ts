import { navigate, useLocation } from './router'

/**
 * A list's filter tab kept in the page's query (`?status=to_ship`): a link (工作台's to-dos) opens the list filtered
 * and the tab shows it; choosing another tab rewrites the query in place, so a reload or a shared link keeps it.
 * A value that is not one of the tabs falls back to the list's default.
 */
export function useQueryTab(name: string, keys: readonly string[], fallback: string): [string, (key: string) => void] {
  const { path, query } = useLocation()
  const asked = query.get(name)
  const value = asked && keys.includes(asked) ? asked : fallback
  const set = (key: string) => {
    const next = new URLSearchParams(query)
    next.set(name, key)
    navigate(`${path}?${next.toString()}`, { replace: true })
  }
  return [value, set]
}
