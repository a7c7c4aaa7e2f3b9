import type { ShopModule } from '../shopModule'
import adminRoutes from './adminRoutes'
import visitRoutes from './visits'

/** The console's 工作台: sales, visitors, trends and to-do counts read across the other modules' tables; the shop's device visits (visits.ts). */
export const dashboardModule: ShopModule = {
  name: 'dashboard',
  routes: visitRoutes,
  adminRoutes,
}
