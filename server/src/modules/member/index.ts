import type { ShopModule } from '../shopModule'
import routes from './routes'
import { memberSeeder } from './seed'

export const memberModule: ShopModule = {
  name: 'member',
  routes,
  seeders: [memberSeeder],
}
