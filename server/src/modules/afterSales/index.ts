import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { afterSalesSeeder } from './seed'
import { afterSalesCommands } from './admin'

export const afterSalesModule: ShopModule = {
  name: 'afterSales',
  routes,
  adminRoutes,
  seeders: [afterSalesSeeder],
  commands: afterSalesCommands,
}
