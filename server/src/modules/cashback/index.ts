import type { ShopModule } from '../shopModule'
import routes from './routes'
import { cashbackSeeder } from './seed'
import { cashbackCommands } from './admin'

export const cashbackModule: ShopModule = {
  name: 'cashback',
  routes,
  seeders: [cashbackSeeder],
  commands: cashbackCommands,
}
