import type { Seeder } from './seeder'
import { PRIZE_COUPON_NAMES } from './coupon'
import '../db/promotionTables'

/**
 * The blind box's prize pool: weights out of 10000 (so a weight reads as hundredths of a percent),
 * points and coupons, three catalogue goods with small stocks, and 谢谢参与.
 */
export const turntableSeeder: Seeder = {
  name: 'blind box',
  async run({ db }) {
    const t = Date.now()
    const coupon = async (name: string) => (await db.selectFrom('coupons').select('id').where('name', '=', name).executeTakeFirst())?.id ?? null
    const goods = await db
      .selectFrom('goodsSkus as s')
      .innerJoin('goods as g', 'g.id', 's.goodsId')
      .select(['s.id as skuId', 's.goodsId', 's.price', 'g.name', 'g.mainImage'])
      .where('g.status', '=', 'on')
      .where('s.stock', '>', 20)
      .orderBy('g.sales', 'desc')
      .limit(200)
      .execute()
    const byPrice = [...goods].sort((a, b) => Number(a.price) - Number(b.price))
    const gift = (i: number) => byPrice[Math.min(byPrice.length - 1, Math.floor((byPrice.length - 1) * i))]
    const g1 = gift(0.1)
    const g2 = gift(0.6)
    const g3 = gift(0.98)
    const base = { image: '', points: 0, couponId: null, goodsId: null, skuId: null, stock: 0, unlimited: 0, won: 0, status: 'on' as const, createdAt: t }
    const prizes = [
      { ...base, name: '10积分', kind: 'points' as const, points: 10, weight: 3000, unlimited: 1 },
      { ...base, name: '5元无门槛券', kind: 'coupon' as const, couponId: await coupon(PRIZE_COUPON_NAMES[0]), weight: 1500, stock: 1000 },
      { ...base, name: '50积分', kind: 'points' as const, points: 50, weight: 800, unlimited: 1 },
      { ...base, name: '满99减20券', kind: 'coupon' as const, couponId: await coupon(PRIZE_COUPON_NAMES[1]), weight: 1000, stock: 1000 },
      { ...base, name: '200积分', kind: 'points' as const, points: 200, weight: 100, stock: 50 },
      ...(g1 ? [{ ...base, name: g1.name, image: g1.mainImage, kind: 'goods' as const, goodsId: g1.goodsId, skuId: g1.skuId, weight: 30, stock: 20 }] : []),
      ...(g2 ? [{ ...base, name: g2.name, image: g2.mainImage, kind: 'goods' as const, goodsId: g2.goodsId, skuId: g2.skuId, weight: 10, stock: 5 }] : []),
      ...(g3 ? [{ ...base, name: g3.name, image: g3.mainImage, kind: 'goods' as const, goodsId: g3.goodsId, skuId: g3.skuId, weight: 2, stock: 2 }] : []),
      { ...base, name: '谢谢参与', kind: 'none' as const, weight: 3558, unlimited: 1 },
    ]
    await db
      .insertInto('turntablePrizes')
      .values(prizes.map((p, i) => ({ ...p, sort: i })))
      .execute()
  },
}
