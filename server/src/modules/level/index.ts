import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { growthCompletedHook, growthRefundListener, levelPricingStep } from './service'
import { LEVELS_FIELD_LABELS } from '../../../../types/adminLevels'

/**
 * 会员等级 (docs/promotions.md "Member levels"): growth from completed orders (taken back on refunds), the level it
 * gives, and the level's benefits as the first pricing step (discount, free shipping) and on the order (points multiplier).
 */
export const levelModule: ShopModule = {
  name: 'level',
  routes,
  adminRoutes,
  adminFieldLabels: LEVELS_FIELD_LABELS,
  pricingSteps: [levelPricingStep],
  orderHooks: { completed: growthCompletedHook },
  orderEvents: { refunded: growthRefundListener },
}
