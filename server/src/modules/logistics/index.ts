import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { subscribeDue } from './tracking'

export const logisticsModule: ShopModule = {
  name: 'logistics',
  routes,
  adminRoutes,
  // Courier subscriptions queued by shipping (tracking.ts), sent with retries while 快递100 is set up.
  jobs: [{ name: 'courier-subscribe', everyMs: 60_000, run: (ctx) => subscribeDue(ctx) }],
}
