import type { ShopModule } from '../shopModule'
import routes from './routes'
import { turntableSeeder } from './seed'
import { turntableCommands } from './admin'

export const turntableModule: ShopModule = {
  name: 'turntable',
  routes,
  seeders: [turntableSeeder],
  commands: turntableCommands,
}
