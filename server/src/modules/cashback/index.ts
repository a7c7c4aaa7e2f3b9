import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { cashbackSeeder } from './seed'
import { cashbackCommands } from './commands'

export const cashbackModule: ShopModule = {
  name: 'cashback',
  routes,
  adminRoutes,
  seeders: [cashbackSeeder],
  commands: cashbackCommands,
}
