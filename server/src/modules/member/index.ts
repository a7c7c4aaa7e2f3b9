import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'

export const memberModule: ShopModule = {
  name: 'member',
  routes,
  adminRoutes,
}
