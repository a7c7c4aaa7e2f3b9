import type { ShopModule } from '../shopModule'
import routes from './routes'
import { homeSeeder } from './seed'

export const homeModule: ShopModule = {
  name: 'home',
  routes,
  seeders: [homeSeeder],
}
