import type { ShopModule } from '../shopModule'
import adminRoutes from './adminRoutes'
import { SYSTEM_FIELD_LABELS } from '../../../../types/adminSystem'

/** The console's 系统: staff, roles and the audit log. */
export const systemModule: ShopModule = {
  name: 'system',
  adminRoutes,
  adminFieldLabels: SYSTEM_FIELD_LABELS,
}
