import type { ShopModule } from '../shopModule'
import routes from './routes'
import { businessCardSeeder } from './seed'

export const businessCardModule: ShopModule = {
  name: 'businessCard',
  routes,
  seeders: [businessCardSeeder],
}
