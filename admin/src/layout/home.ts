import { MENU } from '../routes'

/**
 * Where a staff lands after signing in: 工作台 when its role may see it, else the first menu page it may open
 * (a role made of 订单 permissions only opens on 订单列表, not on a 没有权限 page).
 */
export function homePath(permissions: readonly string[]): string {
  for (const g of MENU) for (const c of g.children) if (c.menu && (!c.permission || permissions.includes(c.permission))) return c.path
  return '/system/password'
}
