import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { goodsSeeder } from './seed'

export const goodsModule: ShopModule = {
  name: 'goods',
  routes,
  adminRoutes,
  seeders: [goodsSeeder],
}
