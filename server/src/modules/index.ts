import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import type { Seeder } from '../db/seed'
import type { Job } from '../jobs'
import memberRoutes from './member/routes'
import { memberSeeder } from './member/seed'
import uploadRoutes from './upload/routes'
import cartRoutes from './cart/routes'
import addressRoutes from './address/routes'
import orderRoutes from './order/routes'
import payRoutes from './pay/routes'
import logisticsRoutes from './logistics/routes'
import { tradeSeeder } from './order/seed'
import { orderAutoAdvanceJob, orderExpiryJob } from './order/jobs'
import goodsRoutes from './goods/routes'
import { goodsSeeder } from './goods/seed'
import homeRoutes from './home/routes'
import { homeSeeder } from './home/seed'
import wechatRoutes from './wechat/routes'

import videoRoutes from './video/routes'
import { videoSeeder } from './video/seed'
import articleRoutes from './article/routes'
import { articleSeeder } from './article/seed'
import contentRoutes from './content/routes'
import { contentSeeder } from './content/seed'
import businessCardRoutes from './businessCard/routes'
import { businessCardSeeder } from './businessCard/seed'
import reviewRoutes from './review/routes'
import cashbackRoutes from './cashback/routes'
import { cashbackSeeder } from './cashback/seed'
import afterSalesRoutes from './afterSales/routes'
import { afterSalesSeeder } from './afterSales/seed'
import feedbackRoutes from './feedback/routes'
import accountRoutes from './account/routes'
import { logoffAnonymiseJob } from './account/jobs'
import agentRoutes from './agent/routes'
import { agentSeeder } from './agent/seed'
import { commissionReleaseJob } from './agent/jobs'
import couponRoutes from './coupon/routes'
import { couponSeeder } from './coupon/seed'
import integralRoutes from './integral/routes'
import { integralSeeder } from './integral/seed'
import seckillRoutes from './seckill/routes'
import { seckillSeeder } from './seckill/seed'
import { seckillReconcileJob, seckillScheduleJob } from './seckill/jobs'
import turntableRoutes from './turntable/routes'
import { turntableSeeder } from './turntable/seed'
/** Every module's routes, registered under /h5. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [memberRoutes, uploadRoutes, wechatRoutes, goodsRoutes, homeRoutes, videoRoutes, articleRoutes, contentRoutes, businessCardRoutes]

/** Demo data, in order, for a first start on an empty database. */
export const seeders: Seeder[] = [memberSeeder, goodsSeeder, homeSeeder, videoSeeder, articleSeeder, contentSeeder, businessCardSeeder]

/** Periodic jobs (order expiry, commission release, logoff anonymisation...). */
export const jobs: Job[] = []

// Trade (cart, addresses, orders, payment, logistics). Its seeder stays last: it needs the catalogue's goods.
routeModules.push(cartRoutes, addressRoutes, orderRoutes, payRoutes, logisticsRoutes)
seeders.push(tradeSeeder)
jobs.push(orderExpiryJob, orderAutoAdvanceJob)

// After the purchase (reviews, cashback, after-sales, feedback, account logoff). Cashback seeds after the goods.
routeModules.push(reviewRoutes, cashbackRoutes, afterSalesRoutes, feedbackRoutes, accountRoutes)
seeders.push(cashbackSeeder, afterSalesSeeder)
jobs.push(logoffAnonymiseJob)

// Agent back office (docs/agent.md). Its seeder runs after trade's and after-sales': it books the demo orders' commission.
routeModules.push(agentRoutes)
seeders.push(agentSeeder)
jobs.push(commissionReleaseJob)

// Promotions (docs/promotions.md): coupons, points, flash sales, blind box. Seeders after the catalogue's and trade's (real goods, the demo shopper).
routeModules.push(couponRoutes, integralRoutes, seckillRoutes, turntableRoutes)
seeders.push(couponSeeder, integralSeeder, seckillSeeder, turntableSeeder)
jobs.push(seckillScheduleJob, seckillReconcileJob)
