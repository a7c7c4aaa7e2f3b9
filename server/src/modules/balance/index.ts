import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import withdrawRoutes from './withdrawRoutes'
import withdrawAdminRoutes from './withdrawAdminRoutes'
import { balanceCancelledHook, balancePricingStep } from './order'
import { checkBalanceTransfers } from './withdraw'
import { BALANCE_FIELD_LABELS } from '../../../../types/adminBalance'
import { BALANCE_WITHDRAW_FIELD_LABELS } from '../../../../types/balanceWithdraw'
import { RECHARGE_FIELD_LABELS } from '../../../../types/balanceRecharge'
import { rechargeAdminRoutes, rechargeRoutes } from './rechargeRoutes'
import { rechargeJobs } from './rechargeJobs'

/** The shopper's balance (余额, docs/balance.md): the account and its ledger, 使用余额 at checkout (a pricing step), the held part back on cancel, 充值, 提现, 财务 → 余额. */
export const balanceModule: ShopModule = {
  name: 'balance',
  routes: async (app, ctx) => {
    await routes(app, ctx)
    await withdrawRoutes(app, ctx)
    await rechargeRoutes(app, ctx)
  },
  adminRoutes: async (app, ctx) => {
    await adminRoutes(app, ctx)
    await withdrawAdminRoutes(app, ctx)
    await rechargeAdminRoutes(app, ctx)
  },
  adminFieldLabels: { ...BALANCE_FIELD_LABELS, ...BALANCE_WITHDRAW_FIELD_LABELS, ...RECHARGE_FIELD_LABELS },
  pricingSteps: [balancePricingStep],
  orderHooks: { cancelled: balanceCancelledHook },
  jobs: [...rechargeJobs, { name: 'balance-transfer-check', everyMs: 5 * 60_000, run: (ctx) => checkBalanceTransfers(ctx) }],
}
