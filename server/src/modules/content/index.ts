import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { contentSeeder } from './seed'

export const contentModule: ShopModule = {
  name: 'content',
  routes,
  adminRoutes,
  seeders: [contentSeeder],
}
