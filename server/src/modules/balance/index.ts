import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { balanceCancelledHook, balancePricingStep } from './order'
import { balanceSeeder } from './seed'
import { rechargeSeeder } from './rechargeSeed'
import { BALANCE_FIELD_LABELS } from '../../../../types/adminBalance'
import { RECHARGE_FIELD_LABELS } from '../../../../types/balanceRecharge'
import { rechargeAdminRoutes, rechargeRoutes } from './rechargeRoutes'
import { rechargeJobs } from './rechargeJobs'

/** The shopper's balance (余额, docs/balance.md): the account and its ledger, 使用余额 at checkout (a pricing step), the held part back on cancel, 财务 → 余额. */
export const balanceModule: ShopModule = {
  name: 'balance',
  routes: async (app, ctx) => {
    await routes(app, ctx)
    await rechargeRoutes(app, ctx)
  },
  adminRoutes: async (app, ctx) => {
    await adminRoutes(app, ctx)
    await rechargeAdminRoutes(app, ctx)
  },
  adminFieldLabels: { ...BALANCE_FIELD_LABELS, ...RECHARGE_FIELD_LABELS },
  seeders: [balanceSeeder, rechargeSeeder],
  jobs: rechargeJobs,
  pricingSteps: [balancePricingStep],
  orderHooks: { cancelled: balanceCancelledHook },
}
