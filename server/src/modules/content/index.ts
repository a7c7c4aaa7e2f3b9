import type { ShopModule } from '../shopModule'
import routes from './routes'
import { contentSeeder } from './seed'

export const contentModule: ShopModule = {
  name: 'content',
  routes,
  seeders: [contentSeeder],
}
