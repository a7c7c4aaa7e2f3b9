import type { Seeder } from './seeder'
import { DEMO_AGENT_PHONE } from './member'
import { addAddress } from '../modules/address/service'
import { seedPayment } from './order'
import { submit } from '../modules/groupBuy/service'
import '../db/groupBuyTables'

const HOUR = 3600_000

/**
 * Demo 拼团: one live two-person activity on a goods on sale (group price 80% of each SKU's price, ¥5 off for the
 * leader, 24 hours to fill) and one open group: the demo agent (花语小店店主) started it through the shop's own submit
 * and paid it through the sandbox notify path, so the demo shopper can join it. Everything here can be edited in
 * 营销 → 拼团.
 */
export const groupBuySeeder: Seeder = {
  name: 'groupBuy',
  async run(ctx) {
    const { db } = ctx
    const leader = await db.selectFrom('members').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirst()
    const goods = await db
      .selectFrom('goods as g')
      .select(['g.id'])
      .where('g.status', '=', 'on')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('seckillItems as i').select('i.id').whereRef('i.goodsId', '=', 'g.id'))))
      .where((eb) => eb.exists(eb.selectFrom('goodsSkus as s').select('s.id').whereRef('s.goodsId', '=', 'g.id').where('s.stock', '>=', 20)))
      .orderBy('g.sales', 'desc')
      .orderBy('g.id')
      .executeTakeFirst()
    if (!leader || !goods) return
    const skus = await db.selectFrom('goodsSkus').select(['id', 'price', 'stock']).where('goodsId', '=', goods.id).orderBy('id').execute()
    const t = Date.now()
    const a = await db
      .insertInto('groupBuyActivities')
      .values({
        goodsId: goods.id,
        title: '两人拼团',
        size: 2,
        hours: 24,
        perMemberLimit: 2,
        startAt: t - HOUR,
        endAt: t + 30 * 24 * HOUR,
        virtualFill: 0,
        leaderDiscount: 500,
        enabled: 1,
        createdAt: t,
        updatedAt: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const priced = skus.filter((s) => Number(s.price) >= 200)
    if (!priced.length) return
    await db
      .insertInto('groupBuySkus')
      .values(priced.map((s) => ({ activityId: a.id, skuId: s.id, price: Math.floor((Number(s.price) * 8) / 10) })))
      .execute()
    const sku = priced.find((s) => Number(s.stock) >= 20) || priced[0]
    const address = await addAddress(db, leader.id, {
      name: '花语小店',
      phone: DEMO_AGENT_PHONE,
      province: '浙江省',
      city: '杭州市',
      district: '拱墅区',
      detail: '莫干山路 50 号',
      tag: '公司',
      isDefault: true,
    })
    const o = await submit(ctx, { activityId: a.id, skuId: sku.id, quantity: 1, addressId: address.id, requestId: 'seed-group-leader', memberId: leader.id })
    const row = await db.selectFrom('orders').select(['id', 'payAmount']).where('orderNo', '=', o.orderNo).executeTakeFirstOrThrow()
    await seedPayment(ctx, { id: row.id, payAmount: Number(row.payAmount) }, Date.now())
  },
}
