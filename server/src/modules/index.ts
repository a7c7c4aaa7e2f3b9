/**
 * The shop, module by module: the one place that says what is in the server. Each module folder exports what it
 * contributes (routes, console routes, jobs, pricing steps, order hooks, logoff contributions, CLI commands) as a
 * ShopModule (./shopModule.ts); nothing registers itself by being imported. The demo shop's data is not a module's
 * contribution: server/src/demo seeds it (its index.ts lists the seeders in the order they run).
 *
 * The list's order is the order routes are registered and order hooks run.
 */
import type { AdminCommandDef, Job, RoutePlugin, ShopModule } from './shopModule'
import type { AdminRouteSet } from '../admin/types'
import { staffModule } from '../admin/index'
import { dashboardModule } from './dashboard'
import { systemModule } from './system'
import type { PricingStep } from './order/pricing'
import type { OrderEvent, OrderHook } from './order/hooks'
import type { Contributions, OrderEventEntry, OrderHookEntry } from './contributions'
import { memberModule } from './member'
import { uploadModule } from './upload'
import { wechatModule } from './wechat'
import { goodsModule } from './goods'
import { homeModule } from './home'
import { videoModule } from './video'
import { articleModule } from './article'
import { contentModule } from './content'
import { businessCardModule } from './businessCard'
import { cartModule } from './cart'
import { addressModule } from './address'
import { orderModule } from './order'
import { payModule } from './pay'
import { logisticsModule } from './logistics'
import { wechatShippingModule } from './wechatShipping'
import { reconcileModule } from './reconcile'
import { settingsModule } from './settings'
import { notificationsModule } from './notifications'
import { reviewModule } from './review'
import { cashbackModule } from './cashback'
import { afterSalesModule } from './afterSales'
import { feedbackModule } from './feedback'
import { accountModule } from './account'
import { agentModule } from './agent'
import { couponModule } from './coupon'
import { integralModule } from './integral'
import { seckillModule } from './seckill'
import { groupBuyModule } from './groupBuy'
import { turntableModule } from './turntable'
import { levelModule } from './level'
import { balanceModule } from './balance'

export const shopModules: readonly ShopModule[] = [
  // Members and the catalogue (docs/catalogue.md)
  memberModule,
  uploadModule,
  wechatModule,
  goodsModule,
  homeModule,
  videoModule,
  articleModule,
  contentModule,
  businessCardModule,
  // Trade: cart, addresses, orders, payment, logistics
  cartModule,
  addressModule,
  orderModule,
  payModule,
  logisticsModule,
  wechatShippingModule,
  reconcileModule,
  settingsModule,
  notificationsModule,
  // After the purchase: reviews, cashback, after-sales, feedback, account logoff
  reviewModule,
  cashbackModule,
  afterSalesModule,
  feedbackModule,
  accountModule,
  // Agent back office (docs/agent.md)
  agentModule,
  // Promotions (docs/promotions.md): coupons, points, flash sales, blind box
  couponModule,
  integralModule,
  seckillModule,
  // 拼团 (docs/promotions.md "Group buying")
  groupBuyModule,
  turntableModule,
  // 会员等级: growth, levels and their benefits (docs/promotions.md "Member levels")
  levelModule,
  // The shopper's balance (docs/balance.md): spent at checkout, refunded in proportion
  balanceModule,
  // The merchant console's own: staff sign-in (server/src/admin), the dashboard, staff and the audit log
  staffModule,
  dashboardModule,
  systemModule,
]

/**
 * The order pricing steps run in: the member level's discount first (normal-price goods), then the coupon (its
 * thresholds see the goods after the level's discount), then points (the points cap is taken on the amount after
 * both), then the balance (it pays part of the final amount: its afterFinalize). A module's step missing from this
 * list is an error at start, not a silent reorder.
 */
export const PRICING_ORDER = ['level', 'coupon', 'points', 'balance'] as const

const all = <T>(pick: (m: ShopModule) => T[] | undefined): T[] => shopModules.flatMap((m) => pick(m) || [])

/**
 * The shop's API routes, registered under /h5. They share one Fastify scope on purpose: the agent module's
 * onResponse hook counts the goods detail views of shoppers bound to a shop (modules/agent/routes.ts).
 */
export const routeModules: RoutePlugin[] = all((m) => (m.routes ? [m.routes] : undefined))
/**
 * The merchant console's routes (modules/<domain>/adminRoutes.ts) with each module's field names: the console mounts
 * them in its scope under /admin/api (with its staff auth), not app.ts yet.
 */
export const adminRouteModules: AdminRouteSet[] = all((m) => (m.adminRoutes ? [{ name: m.name, routes: m.adminRoutes, fieldLabels: m.adminFieldLabels || {} }] : undefined))
/** Periodic jobs (order expiry, commission release, logoff anonymisation, flash-sale schedule...). */
export const jobs: Job[] = unique(
  all((m) => m.jobs),
  'job',
)
/** The operator CLI's commands (`npm run admin -- <command>`). */
export const adminCommands: AdminCommandDef[] = unique(
  all((m) => m.commands),
  'operator command',
)

function unique<T extends { name: string }>(list: T[], what: string): T[] {
  const seen = new Set<string>()
  for (const x of list) {
    if (seen.has(x.name)) throw new Error(`${what} ${x.name} is listed twice`)
    seen.add(x.name)
  }
  return list
}

export const pricingSteps: PricingStep[] = orderedSteps(all((m) => m.pricingSteps))

function orderedSteps(steps: PricingStep[]): PricingStep[] {
  for (const s of steps) if (!(PRICING_ORDER as readonly string[]).includes(s.name)) throw new Error(`pricing step ${s.name} is missing from PRICING_ORDER`)
  return [...steps].sort((a, b) => PRICING_ORDER.indexOf(a.name as never) - PRICING_ORDER.indexOf(b.name as never))
}

/**
 * What the modules contribute to the order, member and account flows (pricing steps, order hooks, order event
 * listeners, registration hooks, logoff notices and anonymisation, the agent application lookup), composed from
 * the module list. buildApp puts it on the app context (`ctx.modules`), the operator CLI on its own; nothing is
 * kept in module state, so two apps in one process (tests) each have their own.
 */
export function installModules(): Contributions {
  const orderHooks: OrderHookEntry[] = []
  for (const m of shopModules) {
    for (const [event, fn] of Object.entries(m.orderHooks || {}) as Array<[OrderEvent, OrderHook]>) orderHooks.push({ event, name: m.name, fn })
  }
  const orderEvents: OrderEventEntry[] = shopModules.flatMap((m) => (m.orderEvents?.refunded ? [{ event: 'refunded' as const, name: m.name, fn: m.orderEvents.refunded }] : []))
  const lookups = shopModules.filter((m) => m.agentApplicationStatus)
  if (lookups.length > 1) throw new Error(`agentApplicationStatus is contributed by ${lookups.map((m) => m.name).join(' and ')}: one module answers it`)
  return {
    pricingSteps,
    orderHooks,
    orderEvents,
    account: shopModules.flatMap((m) => (m.account ? [{ name: m.name, ...m.account }] : [])),
    memberRegistered: shopModules.flatMap((m) => (m.onMemberRegistered ? [{ name: m.name, fn: m.onMemberRegistered }] : [])),
    agentApplicationStatus: lookups[0]?.agentApplicationStatus ?? (async () => 'none'),
  }
}
