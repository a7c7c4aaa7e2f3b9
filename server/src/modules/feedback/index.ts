import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { feedbackCommands } from './commands'
import { CONTENT_FIELD_LABELS } from '../../../../types/adminContent'

export const feedbackModule: ShopModule = {
  name: 'feedback',
  routes,
  adminRoutes,
  adminFieldLabels: CONTENT_FIELD_LABELS,
  commands: feedbackCommands,
}
