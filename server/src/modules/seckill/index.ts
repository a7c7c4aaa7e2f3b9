import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { seckillReconcileJob, seckillScheduleJob } from './jobs'
import { seckillCancelledHook } from './service'

/** Flash sales: the sessions, the gate in front of the stock; an unpaid flash-sale order cancelled gives its quota back. */
export const seckillModule: ShopModule = {
  name: 'seckill',
  routes,
  adminRoutes,
  jobs: [seckillScheduleJob, seckillReconcileJob],
  orderHooks: { cancelled: seckillCancelledHook },
}
