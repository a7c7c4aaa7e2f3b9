import type { ShopModule } from '../shopModule'
import adminRoutes from './adminRoutes'

/** The console's 系统: staff, roles and the audit log. */
export const systemModule: ShopModule = {
  name: 'system',
  adminRoutes,
}
