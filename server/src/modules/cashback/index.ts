import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { cashbackCommands } from './commands'
import { REWARDS_FIELD_LABELS } from '../../../../types/adminRewards'

export const cashbackModule: ShopModule = {
  name: 'cashback',
  routes,
  adminRoutes,
  adminFieldLabels: REWARDS_FIELD_LABELS,
  commands: cashbackCommands,
}
