import type { Seeder } from './seeder'
import { DEMO_SHOPPER_PHONE } from './member'
import { SIGN_IN_POINTS } from '../modules/integral/service'
import '../db/promotionTables'
import { chinaDay } from '../services/chinaTime'

const DAY = 86_400_000

/** Yuan price → points: ¥1 is worth 100 points in the mall, sold at a fifth of the cash price. */
const mallPoints = (fen: number) => Math.max(100, Math.round((fen * 0.2) / 100) * 100)

/**
 * Points: an opening ledger line for every member who already has points (so each balance has its
 * ledger), the demo shopper's last two sign-ins (a running streak), and the points mall: cheap goods
 * of the catalogue for points only, and a few for points plus cash.
 */
export const integralSeeder: Seeder = {
  name: 'points',
  async run({ db }) {
    const t = Date.now()
    const shopper = await db.selectFrom('members').select(['id']).where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst()
    // The shopper signed in the last two days (a running streak).
    const signs = shopper ? [2, 1].map((ago, i) => ({ day: chinaDay(t - ago * DAY), streak: i + 1, points: SIGN_IN_POINTS[i], at: t - ago * DAY })) : []
    // Every balance gets its ledger: an opening line a month ago for what no line explains yet (seeded balances,
    // minus the shopper's sign-ins below). Earlier seeders' lines (order rewards) come later in time and stay right.
    const holders = await db.selectFrom('members').select(['id', 'points']).where('points', '>', 0).execute()
    for (const m of holders) {
      const { sum } = await db
        .selectFrom('pointsLedger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('change'), eb.val(0)).as('sum'))
        .where('memberId', '=', m.id)
        .executeTakeFirstOrThrow()
      const mine = shopper && m.id === shopper.id ? signs : []
      const opening = Number(m.points) - Number(sum) - mine.reduce((a, x) => a + x.points, 0)
      let balance = Math.max(0, opening)
      if (opening > 0)
        await db
          .insertInto('pointsLedger')
          .values({ memberId: m.id, change: opening, balanceAfter: balance, reason: 'opening', refKey: 'opening', note: '期初积分', createdAt: t - 30 * DAY })
          .execute()
      for (const x of mine) {
        balance += x.points
        await db.insertInto('signIns').values({ memberId: m.id, day: x.day, streak: x.streak, points: x.points, createdAt: x.at }).execute()
        await db
          .insertInto('pointsLedger')
          .values({ memberId: m.id, change: x.points, balanceAfter: balance, reason: 'sign_in', refKey: `sign:${x.day}`, note: `连续签到第${x.streak}天`, createdAt: x.at })
          .execute()
      }
    }

    // The mall: the cheapest goods on sale with a SKU that has stock, one SKU each.
    const skus = await db
      .selectFrom('goodsSkus as s')
      .innerJoin('goods as g', 'g.id', 's.goodsId')
      .select(['s.id as skuId', 's.goodsId', 's.price', 's.stock', 's.image', 'g.name', 'g.mainImage', 'g.subtitle'])
      .where('g.status', '=', 'on')
      .where('s.stock', '>=', 30)
      .orderBy('s.price')
      .orderBy('s.id')
      .limit(60)
      .execute()
    const seen = new Set<number>()
    const picks = skus.filter((s) => (seen.has(s.goodsId) ? false : (seen.add(s.goodsId), true))).slice(0, 8)
    await db
      .insertInto('pointsGoods')
      .values(
        picks.map((s, i) => {
          const withCash = i % 3 === 2
          const price = Number(s.price)
          return {
            goodsId: s.goodsId,
            skuId: s.skuId,
            name: s.name,
            image: s.image || s.mainImage,
            points: withCash ? Math.max(100, Math.round((price * 0.1) / 100) * 100) : mallPoints(price),
            cash: withCash ? Math.round(price * 0.5) : 0,
            marketPrice: price,
            stock: Math.min(Number(s.stock), 20 + i * 10),
            redeemed: 0,
            perMemberLimit: i < 4 ? 1 : 2,
            status: 'on' as const,
            description: `${s.subtitle || s.name}。积分兑换商品不参与其他优惠，兑换后不支持退换积分（未支付订单取消时积分原路退回）。`,
            sort: i,
            createdAt: t,
            updatedAt: t,
          }
        }),
      )
      .execute()
  },
}
