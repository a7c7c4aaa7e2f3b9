import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { turntableCommands } from './commands'
import { REWARDS_FIELD_LABELS } from '../../../../types/adminRewards'

/**
 * The blind box (盲盒): a draw for points from a prize pool with odds the console sets (营销 › 盲盒奖池 / 盲盒发货), prizes
 * claimed by the shopper (points, a coupon, goods shipped to an address). Named `turntable` because the original app's
 * API paths are `/api/turntable/*` (docs/SPEC.md §7), which the client keeps; there is no wheel. Rules: docs/promotions.md,
 * "Blind box (turntable)".
 */
export const turntableModule: ShopModule = {
  name: 'turntable',
  routes,
  adminRoutes,
  adminFieldLabels: REWARDS_FIELD_LABELS,
  commands: turntableCommands,
}
