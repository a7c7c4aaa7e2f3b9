import type { ShopModule } from '../shopModule'
import routes from './routes'
import { articleSeeder } from './seed'

export const articleModule: ShopModule = {
  name: 'article',
  routes,
  seeders: [articleSeeder],
}
