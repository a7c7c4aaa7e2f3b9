import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { memberSeeder } from './seed'

export const memberModule: ShopModule = {
  name: 'member',
  routes,
  adminRoutes,
  seeders: [memberSeeder],
}
