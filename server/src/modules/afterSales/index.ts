import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { afterSalesCommands } from './commands'

export const afterSalesModule: ShopModule = {
  name: 'afterSales',
  routes,
  adminRoutes,
  commands: afterSalesCommands,
}
