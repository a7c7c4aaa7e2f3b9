import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { goodsSeeder } from './seed'
import { GOODS_FIELD_LABELS } from '../../../../types/adminGoods'

export const goodsModule: ShopModule = {
  name: 'goods',
  routes,
  adminRoutes,
  adminFieldLabels: GOODS_FIELD_LABELS,
  seeders: [goodsSeeder],
}
