import type { ShopModule } from '../shopModule'
import routes from './routes'

export const cartModule: ShopModule = {
  name: 'cart',
  routes,
}
