import type { ShopModule } from '../shopModule'
import routes from './routes'

export const payModule: ShopModule = {
  name: 'pay',
  routes,
}
