import type { ShopModule } from '../shopModule'
import routes from './routes'

export const wechatModule: ShopModule = {
  name: 'wechat',
  routes,
}
