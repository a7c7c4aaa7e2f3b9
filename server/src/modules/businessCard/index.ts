import type { ShopModule } from '../shopModule'
import routes from './routes'

export const businessCardModule: ShopModule = {
  name: 'businessCard',
  routes,
}
