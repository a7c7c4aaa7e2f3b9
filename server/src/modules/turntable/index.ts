import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { turntableSeeder } from './seed'
import { turntableCommands } from './commands'
import { REWARDS_FIELD_LABELS } from '../../../../types/adminRewards'

export const turntableModule: ShopModule = {
  name: 'turntable',
  routes,
  adminRoutes,
  adminFieldLabels: REWARDS_FIELD_LABELS,
  seeders: [turntableSeeder],
  commands: turntableCommands,
}
