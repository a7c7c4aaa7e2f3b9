import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { balanceCancelledHook, balancePricingStep } from './order'
import { balanceSeeder } from './seed'
import { BALANCE_FIELD_LABELS } from '../../../../types/adminBalance'

/** The shopper's balance (余额, docs/balance.md): the account and its ledger, 使用余额 at checkout (a pricing step), the held part back on cancel, 财务 → 余额. */
export const balanceModule: ShopModule = {
  name: 'balance',
  routes,
  adminRoutes,
  adminFieldLabels: BALANCE_FIELD_LABELS,
  seeders: [balanceSeeder],
  pricingSteps: [balancePricingStep],
  orderHooks: { cancelled: balanceCancelledHook },
}
