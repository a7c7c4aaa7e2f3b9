import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { CONTENT_FIELD_LABELS } from '../../../../types/adminContent'

export const articleModule: ShopModule = {
  name: 'article',
  routes,
  adminRoutes,
  adminFieldLabels: CONTENT_FIELD_LABELS,
}
