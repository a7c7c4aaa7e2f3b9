import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { integralCommands } from './commands'
import { pointsExpiryJob } from './expiry'
import { pointsCancelledHook, pointsPricingStep, pointsRewardHook, rewardRefundListener } from './pricing'
import { REWARDS_FIELD_LABELS } from '../../../../types/adminRewards'

/** Points: a pricing step (points off the order), given back on cancel, earned when an order completes and taken back in proportion to its refunds; the points mall; points older than the rule's days expire (a job). */
export const integralModule: ShopModule = {
  name: 'integral',
  routes,
  adminRoutes,
  adminFieldLabels: REWARDS_FIELD_LABELS,
  pricingSteps: [pointsPricingStep],
  orderHooks: { cancelled: pointsCancelledHook, completed: pointsRewardHook },
  orderEvents: { refunded: rewardRefundListener },
  commands: integralCommands,
  jobs: [pointsExpiryJob],
}
