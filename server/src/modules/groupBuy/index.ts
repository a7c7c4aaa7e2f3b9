import type { ShopModule } from '../shopModule'
import routes from './routes'
import { groupSettleJob } from './jobs'
import { groupCancelledHook, groupPaidHook } from './service'

/** 拼团 (docs/promotions.md "Group buying"): group orders take their place when paid; the job fails, fills or refunds groups past their deadline. */
export const groupBuyModule: ShopModule = {
  name: 'groupBuy',
  routes,
  jobs: [groupSettleJob],
  orderHooks: { paid: groupPaidHook, cancelled: groupCancelledHook },
}
