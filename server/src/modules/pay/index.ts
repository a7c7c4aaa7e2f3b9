import type { ShopModule } from '../shopModule'
import routes from './routes'
import { orderExpiryJob, refundCheckJob } from './jobs'
import { payCommands } from './commands'
import adminRoutes from './adminRoutes'
import { FINANCE_FIELD_LABELS } from '../../../../types/adminFinance'

/** Payment: prepay, notifications (payments, refunds, transfers), the gateway checks before expiry, refund checks. */
export const payModule: ShopModule = {
  name: 'pay',
  routes,
  adminRoutes,
  adminFieldLabels: FINANCE_FIELD_LABELS,
  jobs: [orderExpiryJob, refundCheckJob],
  commands: payCommands,
}
