import type { ShopModule } from '../shopModule'
import routes from './routes'

export const reviewModule: ShopModule = {
  name: 'review',
  routes,
}
