import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { homeSeeder } from './seed'

export const homeModule: ShopModule = {
  name: 'home',
  routes,
  adminRoutes,
  seeders: [homeSeeder],
}
