// Which side-menu entry each console page highlights (issue 33): itself for a menu page, its list for a detail or
// "new" page, its `parent` for a page opened from elsewhere, nothing for the account menu's pages; and ProLayout's
// own matching (@umijs/route-utils getMatchMenu, what the side menu selects) over the menu data lights that one entry
// and no neighbour: a group keyed like its first entry ('/goods') made 商品分类 light up 商品列表 too.
import { getMatchMenu, transformRoute } from '@umijs/route-utils'
import { MENU, ROUTES } from '@admin/routes'
import { findRoute, menuRoute, selectedMenuPath, type MenuItemData } from '@admin/layout/menuSelection'

/** A path that opens the route: its parameters filled in. */
const sample = (pattern: string) => pattern.replace(/:([a-zA-Z]+)/g, (_, n: string) => (n === 'id' ? '12' : 'x'))

/** What this page should highlight, written out per kind of page. */
function expected(path: string): string | null {
  const route = findRoute(ROUTES, path)!.route
  if (route.menu) return route.path
  const explicit: Record<string, string | null> = {
    '/goods/new': '/goods',
    '/goods/12': '/goods',
    '/orders/12': '/orders',
    '/orders/print': '/orders',
    '/after-sales/12': '/after-sales',
    '/members/12': '/members',
    '/marketing/seckill/new': '/marketing/seckill',
    '/marketing/seckill/12': '/marketing/seckill',
    '/marketing/group-buy/new': '/marketing/group-buy',
    '/marketing/group-buy/12': '/marketing/group-buy',
    '/agents/list/12': '/agents/list',
    '/todo/failures': '/dashboard',
    '/system/password': null,
    '/system/security': null,
  }
  if (!(path in explicit)) throw new Error(`no expectation written for ${path}: add it to this test`)
  return explicit[path]
}

/** The leaf entries ProLayout selects for a location (its matching, on the menu data the layout gives it). */
function selectedLeaves(pathname: string, routes: MenuItemData[]): string[] {
  const { menuData } = transformRoute(routes as never, false, undefined, true)
  const leaves = new Set(routes.flatMap((g) => (g.routes ? g.routes.map((c) => c.path) : [g.path])))
  const keys = getMatchMenu(pathname, menuData, true).map((m: { key?: string; path?: string }) => m.key || m.path || '')
  return [...new Set(keys)].filter((k) => leaves.has(k))
}

describe('menu selection', () => {
  const all = () => true
  const routes = menuRoute(MENU, all).routes

  test.each(ROUTES.map((r) => [sample(r.path)]))('%s highlights its own entry, its list, or nothing', (path) => {
    const want = expected(path)
    expect(selectedMenuPath(MENU, path)).toBe(want)
    // What ProLayout then selects from the location the layout passes (the entry, else the path itself).
    expect(selectedLeaves(want ?? path, routes)).toEqual(want ? [want] : [])
  })

  test('groups never share a key with a page', () => {
    const pages = new Set(ROUTES.map((r) => r.path))
    for (const g of routes) if (g.routes) expect(pages.has(g.path)).toBe(false)
  })

  test('a staff member seeing one entry of a group gets that entry, selected alone', () => {
    const goodsOnly = menuRoute(MENU, (p) => !p || p.startsWith('goods')).routes
    const goods = goodsOnly.find((g) => g.name === '商品')!
    expect(goods.routes?.map((c) => c.path)).toEqual(['/goods', '/categories', '/brands'])
    expect(selectedLeaves('/brands', goodsOnly)).toEqual(['/brands'])
    const ordersOnly = menuRoute(MENU, (p) => !p || p === 'orders.read').routes
    expect(ordersOnly.find((g) => g.name === '订单')!.path).toBe('/orders')
    expect(selectedLeaves(selectedMenuPath(MENU, '/orders/12')!, ordersOnly)).toEqual(['/orders'])
    // With orders.write the group also holds 自提核销 (its own path, not under /orders: an /orders/… entry would light 订单列表 too).
    const ordersWrite = menuRoute(MENU, (p) => !p || p.startsWith('orders')).routes
    expect(ordersWrite.find((g) => g.name === '订单')!.routes?.map((c) => c.path)).toEqual(['/orders', '/pickup-verify'])
    expect(selectedLeaves(selectedMenuPath(MENU, '/pickup-verify')!, ordersWrite)).toEqual(['/pickup-verify'])
    expect(selectedLeaves(selectedMenuPath(MENU, '/orders/12')!, ordersWrite)).toEqual(['/orders'])
  })

  test('an unknown path highlights nothing', () => {
    expect(selectedMenuPath(MENU, '/nothing-here')).toBeNull()
    expect(selectedMenuPath(MENU, '/goodsx')).toBeNull()
  })
})
