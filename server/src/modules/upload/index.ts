import type { ShopModule } from '../shopModule'
import routes from './routes'

export const uploadModule: ShopModule = {
  name: 'upload',
  routes,
}
