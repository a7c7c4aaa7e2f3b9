import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'

export const homeModule: ShopModule = {
  name: 'home',
  routes,
  adminRoutes,
}
