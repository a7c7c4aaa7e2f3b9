import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { freeShippingTagsJob, orderAutoAdvanceJob } from './jobs'
import { orderCommands } from './commands'

/** Orders: pricing, submit, cancel and expiry, the state machine. */
export const orderModule: ShopModule = {
  name: 'order',
  routes,
  adminRoutes,
  // The expiry job is the pay module's: it asks the payment gateway before cancelling (modules/pay/jobs.ts).
  jobs: [orderAutoAdvanceJob, freeShippingTagsJob],
  commands: orderCommands,
}
