import type { ShopModule } from '../shopModule'
import adminRoutes from './adminRoutes'

/** The console's 工作台: sales, visitors, trends and to-do counts read across the other modules' tables. */
export const dashboardModule: ShopModule = {
  name: 'dashboard',
  adminRoutes,
}
