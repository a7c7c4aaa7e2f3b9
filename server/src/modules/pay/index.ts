import type { ShopModule } from '../shopModule'
import routes from './routes'
import { orderExpiryJob, refundCheckJob } from './jobs'
import { payCommands } from './commands'
import adminRoutes from './adminRoutes'

/** Payment: prepay, notifications (payments, refunds, transfers), the gateway checks before expiry, refund checks. */
export const payModule: ShopModule = {
  name: 'pay',
  routes,
  adminRoutes,
  jobs: [orderExpiryJob, refundCheckJob],
  commands: payCommands,
}
