import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { turntableSeeder } from './seed'
import { turntableCommands } from './commands'

export const turntableModule: ShopModule = {
  name: 'turntable',
  routes,
  adminRoutes,
  seeders: [turntableSeeder],
  commands: turntableCommands,
}
