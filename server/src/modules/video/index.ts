import type { ShopModule } from '../shopModule'
import routes from './routes'
import { videoSeeder } from './seed'

export const videoModule: ShopModule = {
  name: 'video',
  routes,
  seeders: [videoSeeder],
}
