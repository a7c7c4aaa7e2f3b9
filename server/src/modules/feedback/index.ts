import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { feedbackCommands } from './commands'

export const feedbackModule: ShopModule = {
  name: 'feedback',
  routes,
  adminRoutes,
  commands: feedbackCommands,
}
