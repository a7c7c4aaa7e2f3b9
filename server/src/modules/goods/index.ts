import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { GOODS_FIELD_LABELS } from '../../../../types/adminGoods'

export const goodsModule: ShopModule = {
  name: 'goods',
  routes,
  adminRoutes,
  adminFieldLabels: GOODS_FIELD_LABELS,
}
