import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'

export const reviewModule: ShopModule = {
  name: 'review',
  routes,
  adminRoutes,
}
