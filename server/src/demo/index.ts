/**
 * The demo shop: what a first start on an empty database shows (db/seed.ts seedIfEmpty runs these seeders, in this
 * order). Demo content lives here and nowhere else: the seeders, the catalogue's word lists, the pictures drawn at seed
 * time, the committed media's specs, and the row builders the benches share (rows.ts). Production code never imports
 * it (server/test/boundaries.test.ts checks); the seeders go through the modules' own services where one exists.
 *
 * The order matters: a seeder may use what an earlier one made. The catalogue needs the members (the demo shopper
 * writes reviews), trade's demo orders need the goods, the agent's commissions need trade's orders and the after-sales
 * return address, promotions need goods and the demo shopper, the levels give the growth of the orders completed
 * before them, the balance is the demo shopper's.
 */
import type { Seeder } from './seeder'
import { memberSeeder } from './member'
import { goodsSeeder } from './goods'
import { homeSeeder } from './home'
import { videoSeeder } from './video'
import { articleSeeder } from './article'
import { contentSeeder } from './content'
import { businessCardSeeder } from './businessCard'
import { tradeSeeder } from './order'
import { serviceSeeder } from './settings'
import { cashbackSeeder } from './cashback'
import { afterSalesSeeder } from './afterSales'
import { agentSeeder } from './agent'
import { couponSeeder } from './coupon'
import { integralSeeder } from './integral'
import { seckillSeeder } from './seckill'
import { groupBuySeeder } from './groupBuy'
import { turntableSeeder } from './turntable'
import { levelSeeder } from './level'
import { balanceSeeder } from './balance'
import { rechargeSeeder } from './recharge'
import { staffSeeder } from './staff'

export type { Seeder }

export const demoSeeders: readonly Seeder[] = [
  // Members and the catalogue
  memberSeeder,
  goodsSeeder,
  homeSeeder,
  videoSeeder,
  articleSeeder,
  contentSeeder,
  businessCardSeeder,
  // Trade: the demo shopper's addresses, cart and orders; the shop's 客服
  tradeSeeder,
  serviceSeeder,
  // After the purchase
  cashbackSeeder,
  afterSalesSeeder,
  // The agent back office
  agentSeeder,
  // Promotions: coupons, points, flash sales, 拼团, the blind box
  couponSeeder,
  integralSeeder,
  seckillSeeder,
  groupBuySeeder,
  turntableSeeder,
  // Member levels, the balance and its recharge packages
  levelSeeder,
  balanceSeeder,
  rechargeSeeder,
  // The console's owner account
  staffSeeder,
]
