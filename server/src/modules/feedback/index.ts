import type { ShopModule } from '../shopModule'
import routes from './routes'
import { feedbackCommands } from './admin'

export const feedbackModule: ShopModule = {
  name: 'feedback',
  routes,
  commands: feedbackCommands,
}
