import type { Insertable } from 'kysely'
import type { Seeder } from './seeder'
import type { Db } from '../db/types'
import type { CouponTable } from '../db/promotionTables'
import { DEMO_SHOPPER_PHONE } from './member'
import { grantCoupon } from '../modules/coupon/service'
import { ruleText, yuanShort } from '../modules/coupon/rules'
import '../db/promotionTables'

const DAY = 86_400_000

type CouponSeed = Omit<Insertable<CouponTable>, 'createdAt' | 'updatedAt' | 'issuedCount' | 'usedCount'> & { issuedCount?: number }

const days = (n: number) => ({ validType: 'days' as const, validFrom: null, validTo: null, validDays: n })
const base = { rate: 100, maxDiscount: 0, scope: 'all' as const, scopeIds: '[]', newMember: 0, allowSeckill: 0, visible: 1, status: 'on' as const, description: '' }

/**
 * The new-member package: what registering gives (handed out in the registration's transaction). The seeded
 * coupons, the home popup and the seeded notice all come from this one list.
 */
export const NEW_MEMBER_PACKAGE: CouponSeed[] = [
  {
    ...base,
    ...days(7),
    name: '新人专享无门槛券',
    kind: 'amount',
    amount: 1000,
    threshold: 0,
    perMemberLimit: 1,
    totalCount: 100000,
    newMember: 1,
    visible: 0,
    sort: 1,
    description: '新用户注册即得，全场通用，秒杀商品除外',
  },
  {
    ...base,
    ...days(7),
    name: '新人满99减20券',
    kind: 'threshold',
    amount: 2000,
    threshold: 9900,
    perMemberLimit: 1,
    totalCount: 100000,
    newMember: 1,
    visible: 0,
    sort: 2,
    description: '新用户专享，全场满99元可用，秒杀商品除外',
  },
]

/** "无门槛减10元、满99减20优惠券各一张，领取后7天内有效": the package in a sentence, for notices. */
export function newMemberPackageText(pkg: CouponSeed[] = NEW_MEMBER_PACKAGE): { total: string; items: string; validity: string } {
  const total = pkg.filter((c) => c.kind !== 'discount').reduce((s, c) => s + Number(c.amount), 0)
  const valid = [...new Set(pkg.map((c) => (c.validType === 'days' ? `领取后${c.validDays}天内有效` : '')).filter(Boolean))]
  return { total: `${yuanShort(total)}元`, items: `${pkg.map((c) => ruleText(c)).join('、')}优惠券各一张`, validity: valid.join('，') }
}

/** Names of the two coupons the blind box gives as prizes (hidden from the coupon centre). */
export const PRIZE_COUPON_NAMES = ['盲盒5元无门槛券', '盲盒满99减20券']

/**
 * The coupon centre of the demo shop: a new-member package, coupons of every kind and scope (one
 * category coupon, one for named goods, one usable on flash sales, one already gone), and the blind
 * box's prize coupons. The demo shopper holds a few, one of them expired.
 */
export const couponSeeder: Seeder = {
  name: 'coupons',
  async run({ db }) {
    const t = Date.now()
    const top = await db.selectFrom('categories').select(['id', 'name']).where('parentId', '=', 0).orderBy('sort').orderBy('id').execute()
    const digital = top.find((c) => c.name === '数码') || top[0]
    const beauty = top.find((c) => c.name === '美妆') || top[1] || top[0]
    const hot = await db.selectFrom('goods').select('id').where('status', '=', 'on').orderBy('sales', 'desc').orderBy('id').limit(8).execute()
    const fixed = { validType: 'fixed' as const, validFrom: t - DAY, validTo: t + 30 * DAY, validDays: 0 }
    const list: CouponSeed[] = [
      ...NEW_MEMBER_PACKAGE,
      { ...base, ...days(3), name: '全场无门槛券', kind: 'amount', amount: 500, threshold: 0, perMemberLimit: 1, totalCount: 2000, sort: 10, description: '领取后3天内有效，全场通用，秒杀商品除外' },
      { ...base, ...fixed, name: '全场满199减30', kind: 'threshold', amount: 3000, threshold: 19900, perMemberLimit: 2, totalCount: 1000, sort: 11, description: '每人限领2张，秒杀商品除外' },
      {
        ...base,
        ...days(7),
        name: '全场9折券',
        kind: 'discount',
        amount: 0,
        threshold: 10000,
        rate: 90,
        maxDiscount: 3000,
        perMemberLimit: 1,
        totalCount: 800,
        sort: 12,
        description: '满100元享9折，最多减30元',
      },
      {
        ...base,
        ...fixed,
        name: `${digital?.name || '数码'}品类券`,
        kind: 'threshold',
        amount: 5000,
        threshold: 29900,
        scope: 'category',
        scopeIds: JSON.stringify(digital ? [digital.id] : []),
        perMemberLimit: 1,
        totalCount: 500,
        sort: 13,
        description: `仅限${digital?.name || '数码'}分类商品使用`,
      },
      {
        ...base,
        ...days(15),
        name: `${beauty?.name || '美妆'}8.8折券`,
        kind: 'discount',
        amount: 0,
        threshold: 0,
        rate: 88,
        maxDiscount: 5000,
        scope: 'category',
        scopeIds: JSON.stringify(beauty ? [beauty.id] : []),
        perMemberLimit: 1,
        totalCount: 500,
        sort: 14,
        description: `仅限${beauty?.name || '美妆'}分类商品，最多减50元`,
      },
      {
        ...base,
        ...fixed,
        name: '爆款指定商品券',
        kind: 'threshold',
        amount: 1000,
        threshold: 5900,
        scope: 'goods',
        scopeIds: JSON.stringify(hot.map((g) => g.id)),
        perMemberLimit: 1,
        totalCount: 600,
        sort: 15,
        description: '仅限指定爆款商品使用',
      },
      {
        ...base,
        ...days(1),
        name: '秒杀专享券',
        kind: 'threshold',
        amount: 300,
        threshold: 3000,
        allowSeckill: 1,
        perMemberLimit: 1,
        totalCount: 1000,
        sort: 16,
        description: '可用于秒杀商品，当天有效',
      },
      { ...base, ...fixed, name: '满500减100', kind: 'threshold', amount: 10000, threshold: 50000, perMemberLimit: 1, totalCount: 50, issuedCount: 50, sort: 17, description: '限量50张' },
      {
        ...base,
        ...days(7),
        name: PRIZE_COUPON_NAMES[0],
        kind: 'amount',
        amount: 500,
        threshold: 0,
        perMemberLimit: 999,
        totalCount: 1_000_000,
        visible: 0,
        sort: 90,
        description: '盲盒奖品，全场通用',
      },
      {
        ...base,
        ...days(7),
        name: PRIZE_COUPON_NAMES[1],
        kind: 'threshold',
        amount: 2000,
        threshold: 9900,
        perMemberLimit: 999,
        totalCount: 1_000_000,
        visible: 0,
        sort: 91,
        description: '盲盒奖品，全场满99元可用',
      },
    ]
    await db
      .insertInto('coupons')
      .values(list.map((c) => ({ ...c, issuedCount: c.issuedCount ?? 0, usedCount: 0, createdAt: t, updatedAt: t })))
      .execute()
    await demoShopperCoupons(db, t)
  },
}

async function demoShopperCoupons(db: Db, t: number) {
  const shopper = await db.selectFrom('members').select('id').where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst()
  if (!shopper) return
  const byName = async (name: string) => (await db.selectFrom('coupons').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
  const [a, b, c] = [await byName('全场满199减30'), await byName('全场9折券'), await byName('全场无门槛券')]
  await db.transaction().execute(async (tx) => {
    await grantCoupon(tx, shopper.id, a, 'centre', t)
    await grantCoupon(tx, shopper.id, b, 'centre', t)
    // One received long ago that has run out.
    const old = await grantCoupon(tx, shopper.id, c, 'centre', t)
    await tx
      .updateTable('memberCoupons')
      .set({ validFrom: t - 10 * DAY, validTo: t - 7 * DAY, receivedAt: t - 10 * DAY })
      .where('id', '=', old.row.id)
      .execute()
  })
}
