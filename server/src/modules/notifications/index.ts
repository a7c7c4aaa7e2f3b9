import type { ShopModule } from '../shopModule'
import { messageOnRefunded, messageOnShipped, sendDueMessages } from './service'

/** Mini-program subscribe messages: queued with the business action, sent by a job after the commit. */
export const notificationsModule: ShopModule = {
  name: 'notifications',
  orderHooks: { shipped: messageOnShipped },
  orderEvents: { refunded: messageOnRefunded },
  jobs: [{ name: 'subscribe-messages', everyMs: 30_000, run: (ctx) => sendDueMessages(ctx) }],
}
