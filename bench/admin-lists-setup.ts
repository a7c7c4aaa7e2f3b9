// Data and app for bench/admin-lists.mjs (loaded through tsx): 100,000 goods and 100,000 orders, and the
// console's API on a real app (Fastify inject: the server's whole work for a request, without the network).
import { sql } from 'kysely'
import '../server/src/db/tables'
import '../server/src/db/tradeTables'
import '../server/src/modules/agent/tables'
import '../server/src/db/moneyTables'
import { createDb, dialectOf } from '../server/src/db'
import { migrateToLatest } from '../server/src/db/migrate'
import { buildApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { createStaff } from '../server/src/admin/staff'
import type { Db } from '../server/src/db/types'

export { createDb, migrateToLatest }
const databaseUrlOf = (db: Db) => dialectOf(db) === 'postgres'

const A = ['法式', '复古', '碎花', '修身', '宽松', '简约', '韩版', '高腰', '纯棉', '真丝', '加厚', '轻薄', '百搭', '针织', '羊毛', '防水', '智能', '无线', '便携', '大容量']
const B = ['连衣裙', '半身裙', 'T恤', '衬衫', '卫衣', '牛仔裤', '运动鞋', '帆布鞋', '双肩包', '保温杯', '蓝牙耳机', '充电宝', '手机壳', '台灯', '收纳盒', '面霜', '口红', '奶粉', '猫粮', '茶叶']
const STATUSES = ['unpaid', 'to_ship', 'to_receive', 'to_review', 'completed', 'completed', 'completed', 'cancelled'] as const
// mulberry32: a repeatable spread (a float LCG loses its low bits in JS numbers).
let seed = 7
const rnd = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
  return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n)
}

/**
 * 10 top categories with 4 children each, 20 brands, `n` goods, `members` members (one in 100 disabled), 50 agent
 * shops, `orders` orders with one line each over 90 days. Every fifth member is bound to an agent shop, a fifth of
 * those to the first shop (the biggest agent); a bound member's paid orders carry the shop and a frozen commission.
 */
export async function fill(db: Db, n: number, sizes: { orders?: number; members?: number } = {}) {
  const nOrders = sizes.orders ?? n
  const nMembers = sizes.members ?? 2000
  const t = Date.now()
  const subs: number[] = []
  const tops: number[] = []
  for (let i = 0; i < 10; i++) {
    const top = await db
      .insertInto('categories')
      .values({ parentId: 0, name: `大类${i}`, icon: '', sort: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    tops.push(top.id)
    for (let k = 0; k < 4; k++)
      subs.push(
        (
          await db
            .insertInto('categories')
            .values({ parentId: top.id, name: `小类${i}-${k}`, icon: '', sort: k })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
  }
  const brands: number[] = []
  for (let i = 0; i < 20; i++)
    brands.push(
      (
        await db
          .insertInto('brands')
          .values({ name: `品牌${i}`, logo: '', intro: '', isExclusive: 0, sort: i })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  const names: string[] = []
  // PostgreSQL takes four times the goods and orders per statement (fewer round trips; under its 65,535 parameters;
  // the members stay 500 a statement: the first 500 are written before the agent shops exist).
  const per = databaseUrlOf(db) ? 4 : 1
  await inChunks(db, n, 400 * per, async (w, i, size) => {
    const rows = Array.from({ length: size }, (_, k) => {
      const name = `${A[rnd(A.length)]}${B[rnd(B.length)]} ${i + k}`
      names.push(name)
      return {
        categoryId: subs[rnd(subs.length)],
        brandId: rnd(4) ? brands[rnd(brands.length)] : null,
        name,
        subtitle: '',
        mainImage: '',
        images: '[]',
        detailHtml: '',
        specGroups: '[]',
        price: 1000 + rnd(50000),
        originalPrice: 60000,
        sales: rnd(10000),
        stock: rnd(200),
        status: rnd(10) ? ('on' as const) : ('off' as const),
        tags: '',
        isHot: 0,
        isNew: 0,
        commissionRate: null,
        reviewCount: 0,
        goodReviewCount: 0,
        createdAt: t - rnd(1e9),
        updatedAt: t,
      }
    })
    await w.insertInto('goods').values(rows).execute()
  })
  // Each member's shop by position (null: none): every fifth member, a fifth of those to the first shop; the shops'
  // owners are the first 50 members.
  const shops: number[] = []
  const shopAt = (j: number) => (j < 50 || j % 5 ? null : j % 25 === 0 ? shops[0] : shops[1 + (j % 49)])
  const members: number[] = []
  const memberShop: Array<number | null> = []
  await inChunks(db, nMembers, 500, async (w, i, size) => {
    const rows = Array.from({ length: size }, (_, k) => ({
      phone: `138${String(i + k).padStart(8, '0')}`,
      nickname: `会员${i + k}`,
      avatar: '',
      gender: 0,
      openidH5: null,
      openidMini: null,
      shareMemberId: null,
      boundBusinessId: shops.length ? shopAt(i + k) : null,
      invitationCode: null,
      points: 0,
      status: 'active' as const,
      logoffAt: null,
      disabledAt: (i + k) % 100 === 99 ? t : null,
      createdAt: t - rnd(1e10),
      updatedAt: t,
    }))
    members.push(...(await w.insertInto('members').values(rows).returning('id').execute()).map((r) => r.id))
    memberShop.push(...rows.map((r) => r.boundBusinessId))
    if (!shops.length)
      shops.push(
        ...(
          await w
            .insertInto('agentShops')
            .values(members.slice(0, 50).map((memberId, k) => ({ memberId, shopName: `代理小店${k}`, status: 'active', commissionRate: 1000, createdAt: t - 200 * 86400_000 })))
            .returning('id')
            .execute()
        ).map((r) => r.id),
      )
  })
  await inChunks(db, nOrders, 200 * per, async (w, i, size) => {
    const rows = Array.from({ length: size }, (_, k) => {
      const status = STATUSES[rnd(STATUSES.length)]
      const created = t - rnd(90 * 86400_000)
      const paid = status === 'unpaid' || status === 'cancelled' ? null : created + 60_000
      const j = rnd(members.length)
      const m = members[j]
      return {
        orderNo: `2026${String(i + k).padStart(16, '0')}`,
        memberId: m,
        orderType: 'normal' as const,
        status,
        afterSaleStatus: 'none' as const,
        goodsAmount: 5000,
        freightAmount: 0,
        couponId: null,
        couponDiscount: 0,
        pointsUsed: 0,
        pointsDiscount: 0,
        payAmount: 5000,
        itemCount: 1,
        receiverName: '张三',
        receiverPhone: `139${String(rnd(2000)).padStart(8, '0')}`,
        receiverProvince: '浙江省',
        receiverCity: '杭州市',
        receiverDistrict: '西湖区',
        receiverDetail: '文三路 1 号',
        remark: '',
        requestId: null,
        boundBusinessId: paid ? memberShop[j] : null,
        payChannel: paid ? 'sandbox' : null,
        cancelReason: '',
        expireAt: created + 1800_000,
        paidAt: paid,
        shippedAt: null,
        receivedAt: null,
        completedAt: null,
        cancelledAt: status === 'cancelled' ? created + 1800_000 : null,
        deletedAt: null,
        createdAt: created,
        updatedAt: created,
      }
    })
    const ids = await w.insertInto('orders').values(rows).returning(['id', 'memberId', 'createdAt', 'boundBusinessId']).execute()
    const items = await w
      .insertInto('orderItems')
      .values(
        ids.map((o, k) => ({
          orderId: o.id,
          memberId: o.memberId,
          goodsId: 1 + ((i + k) % n),
          skuId: 1,
          goodsName: names[(i + k) % n],
          image: '',
          specText: '',
          price: 5000,
          quantity: 1,
          amount: 5000,
          payAmount: 5000,
          reviewed: 0,
          refundedQuantity: 0,
          refundedAmount: 0,
          createdAt: o.createdAt,
        })),
      )
      .returning(['id', 'orderId'])
      .execute()
    // The paid orders' payments and the sandbox gateway's record of them (the daily reconciliation's two sides).
    const paidRows = ids.flatMap((o, k) => (rows[k].paidAt ? [{ o, payNo: `P${rows[k].orderNo}`, paidAt: rows[k].paidAt! }] : []))
    if (paidRows.length) {
      await w
        .insertInto('payments')
        .values(
          paidRows.map(({ o, payNo, paidAt }) => ({
            payNo,
            orderId: o.id,
            memberId: o.memberId,
            channel: 'sandbox',
            provider: 'sandbox',
            amount: 5000,
            status: 'paid' as const,
            transactionId: `T${payNo}`,
            paidAt,
            rawNotify: null,
            expireAt: paidAt,
            createdAt: paidAt - 60_000,
            updatedAt: paidAt,
          })),
        )
        .execute()
      await w
        .insertInto('sandboxGateway')
        .values(paidRows.map(({ payNo, paidAt }) => ({ key: `pay:${payNo}`, state: 'paid' as const, refId: `T${payNo}`, amount: 5000, at: paidAt })))
        .execute()
    }
    const bound = ids.flatMap((o, k) => (o.boundBusinessId ? [{ o, itemId: items[k].id, goodsId: 1 + ((i + k) % n) }] : []))
    if (bound.length)
      await w
        .insertInto('commissions')
        .values(
          bound.map(({ o, itemId, goodsId }) => ({
            shopId: o.boundBusinessId!,
            orderId: o.id,
            orderItemId: itemId,
            buyerId: o.memberId,
            goodsId,
            baseAmount: 5000,
            rate: 1000,
            refundedBase: 0,
            originalAmount: 500,
            amount: 500,
            status: 'frozen' as const,
            releaseAt: null,
            releasedAt: null,
            cancelledAt: null,
            createdAt: o.createdAt,
            updatedAt: o.createdAt,
            sourceShopId: o.boundBusinessId!,
          })),
        )
        .execute()
  })
  // As autovacuum leaves a table in production (visibility map set, statistics fresh).
  if (databaseUrlOf(db)) await sql`VACUUM ANALYZE`.execute(db)
  else await sql`ANALYZE`.execute(db)
  return { tops, subs, brands, t, shops, members }
}

/** `total` rows in batches of `step` (fn writes one), a transaction each 50 batches: a million rows in minutes. */
async function inChunks(db: Db, total: number, step: number, fn: (w: Db, i: number, size: number) => Promise<void>) {
  for (let c = 0; c < total; c += step * 50)
    await db.transaction().execute(async (tx) => {
      for (let i = c; i < Math.min(total, c + step * 50); i += step) await fn(tx as unknown as Db, i, Math.min(step, total - i))
    })
}

/** The app on this database with a signed-in owner: its cookie. */
export async function appWithOwner(db: Db, databaseUrl: string) {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', READ_CACHE_MS: '0' } as NodeJS.ProcessEnv)
  const { app } = await buildApp({ config, db, logger: false, serveStatic: false })
  await app.ready()
  // A new owner each run: a kept database (--keep) already has the earlier runs' owners.
  const username = `bench${Date.now().toString(36)}`
  await createStaff(db, { username, role: 'owner', password: 'Bench-pass1' })
  const res = await app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username, password: 'Bench-pass1' } })
  const c = res.cookies.find((x: { name: string }) => x.name === 'mall_admin')
  if (!c) throw new Error(`login failed: ${res.body}`)
  return { app, cookie: `mall_admin=${c.value}`, csrf: String(res.json().data.csrfToken) }
}
