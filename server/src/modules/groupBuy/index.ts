import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { GROUP_BUY_FIELD_LABELS } from '../../../../types/adminGroupBuy'
import { groupSettleJob } from './jobs'
import { groupCancelledHook, groupPaidHook } from './service'

/** 拼团 (docs/promotions.md "Group buying"): group orders take their place when paid; the job fails, fills or refunds groups past their deadline. */
export const groupBuyModule: ShopModule = {
  name: 'groupBuy',
  routes,
  adminRoutes,
  adminFieldLabels: GROUP_BUY_FIELD_LABELS,
  jobs: [groupSettleJob],
  orderHooks: { paid: groupPaidHook, cancelled: groupCancelledHook },
}
