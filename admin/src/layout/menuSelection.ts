/**
 * Which side-menu entry a page highlights, and the menu data ProLayout draws (issue 33).
 * - A menu page highlights itself; a page under a menu path (a detail or "new" page: '/orders/2026…',
 *   '/marketing/seckill/new', '/agents/list/3') highlights the longest menu path it sits under; a page opened
 *   from elsewhere names its entry with `parent` ('/todo/failures' → 工作台); anything else (修改密码, 账号安全: the
 *   account menu's pages) highlights nothing rather than a neighbour.
 * - ProLayout keys its menu by path and selects every key whose pattern matches, with the entry's parents: a group
 *   keyed '/goods' holding the entry '/goods' made 商品分类 (a child of that group) light up 商品列表 too. Groups
 *   therefore get a key no page can have (GROUP_PREFIX).
 */
import type { ReactNode } from 'react'
import { matchPath } from '../core/router'
import type { MenuGroup, PageRoute } from '../routes'

/** A group's menu key: never a page's path, so it only ever opens, never selects a page's entry. */
export const GROUP_PREFIX = '/menu-group'

/** The route drawing this path: the first whose pattern matches ('/goods/new' before '/goods/:id'). */
export function findRoute(routes: PageRoute[], path: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const r of routes) {
    const params = matchPath(r.path, path)
    if (params) return { route: r, params }
  }
  return null
}

/** The menu entry (its path) that the page at `path` highlights, or null when none belongs to it. */
export function selectedMenuPath(menu: MenuGroup[], path: string): string | null {
  const routes = menu.flatMap((g) => g.children)
  const entries = routes.filter((r) => r.menu).map((r) => r.path)
  const found = findRoute(routes, path)
  if (found?.route.menu) return found.route.path
  if (found?.route.parent) return found.route.parent
  let best: string | null = null
  for (const e of entries) if ((path === e || path.startsWith(`${e}/`)) && (!best || e.length > best.length)) best = e
  return best
}

export interface MenuItemData {
  path: string
  name: string
  icon?: ReactNode
  routes?: MenuItemData[]
  hideInMenu?: boolean
}

/** ProLayout's `route`: the entries this staff may open; a group with one entry left is that entry, none left hides it. */
export function menuRoute(menu: MenuGroup[], can: (permission?: string) => boolean): { path: string; routes: MenuItemData[] } {
  return {
    path: '/',
    routes: menu.map((g) => {
      const entries = g.children.filter((c) => c.menu && can(c.permission))
      return {
        path: entries.length === 1 ? entries[0].path : `${GROUP_PREFIX}${g.path}`,
        name: g.name,
        icon: g.icon,
        routes: entries.length > 1 ? entries.map((c) => ({ path: c.path, name: c.name })) : undefined,
        hideInMenu: !entries.length,
      }
    }),
  }
}
