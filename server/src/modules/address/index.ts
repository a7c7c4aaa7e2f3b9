import type { ShopModule } from '../shopModule'
import routes from './routes'

export const addressModule: ShopModule = {
  name: 'address',
  routes,
}
