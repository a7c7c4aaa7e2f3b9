import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { articleSeeder } from './seed'

export const articleModule: ShopModule = {
  name: 'article',
  routes,
  adminRoutes,
  seeders: [articleSeeder],
}
