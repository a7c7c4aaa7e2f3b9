import type { ShopModule } from '../shopModule'
import routes from './routes'
import adminRoutes from './adminRoutes'
import { couponCancelledHook, couponPricingStep } from './pricing'
import { newMemberPackageHook } from './service'

/**
 * Coupons: a pricing step (the best or the chosen coupon), given back when an unpaid order is cancelled; the
 * new-member package handed out in the transaction that creates the member.
 */
export const couponModule: ShopModule = {
  name: 'coupon',
  routes,
  adminRoutes,
  pricingSteps: [couponPricingStep],
  orderHooks: { cancelled: couponCancelledHook },
  onMemberRegistered: newMemberPackageHook,
}
