import type { ShopModule } from '../shopModule'
import routes from './routes'
import { goodsSeeder } from './seed'

export const goodsModule: ShopModule = {
  name: 'goods',
  routes,
  seeders: [goodsSeeder],
}
