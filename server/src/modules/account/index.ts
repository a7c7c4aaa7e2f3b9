import type { ShopModule } from '../shopModule'
import routes from './routes'
import { logoffAnonymiseJob } from './jobs'

export const accountModule: ShopModule = {
  name: 'account',
  routes,
  jobs: [logoffAnonymiseJob],
}
