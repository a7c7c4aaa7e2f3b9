import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { videoSeeder } from './seed'

export const videoModule: ShopModule = {
  name: 'video',
  routes,
  adminRoutes,
  seeders: [videoSeeder],
}
