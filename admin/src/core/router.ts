/**
 * A small history router for the console's client routes under /admin/ (the server answers every such path
 * with index.html). Paths here are without the base: '/goods', '/orders/12'.
 */
import { useSyncExternalStore } from 'react'

export const BASE = '/admin'

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())
if (typeof window !== 'undefined') window.addEventListener('popstate', notify)

function current(): string {
  const p = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname
  return (p || '/') + window.location.search
}

/** Goes to a console path ('/orders?status=1'); `replace` keeps the history length. */
export function navigate(to: string, { replace = false } = {}) {
  const url = BASE + (to.startsWith('/') ? to : `/${to}`)
  if (replace) window.history.replaceState(null, '', url)
  else window.history.pushState(null, '', url)
  notify()
  window.scrollTo(0, 0)
}

/** The current path and query (re-renders on navigation). */
export function useLocation(): { path: string; query: URLSearchParams } {
  const full = useSyncExternalStore((l) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }, current)
  const [path, qs] = full.split('?')
  return { path: path.replace(/\/+$/, '') || '/', query: new URLSearchParams(qs || '') }
}

/** '/goods/:id' against '/goods/12' → {id: '12'}; null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = []
  const re = new RegExp(`^${pattern.replace(/\/:([a-zA-Z]+)/g, (_, n) => (names.push(n), '/([^/]+)'))}$`)
  const m = re.exec(path)
  if (!m) return null
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]))
}
