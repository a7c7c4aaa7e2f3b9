import type { ShopModule } from '../shopModule'
import routes from './routes'
import { afterSalesSeeder } from './seed'
import { afterSalesCommands } from './admin'

export const afterSalesModule: ShopModule = {
  name: 'afterSales',
  routes,
  seeders: [afterSalesSeeder],
  commands: afterSalesCommands,
}
