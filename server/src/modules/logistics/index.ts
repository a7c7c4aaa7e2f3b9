import type { ShopModule } from '../shopModule'
import routes from './routes'

export const logisticsModule: ShopModule = {
  name: 'logistics',
  routes,
}
