// Data and app for bench/admin-lists.mjs (loaded through tsx): 100,000 goods and 100,000 orders, and the
// console's API on a real app (Fastify inject: the server's whole work for a request, without the network).
import { sql, type RawBuilder } from 'kysely'
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
  if (databaseUrlOf(db)) return { tops, subs, brands, t, ...(await fillPostgres(db, t, n, nMembers, nOrders, subs, brands)) }
  const names: string[] = []
  await inChunks(db, n, 400, async (w, i, size) => {
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
  await inChunks(db, nOrders, 200, async (w, i, size) => {
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

/**
 * PostgreSQL: the same shop written by the server itself (INSERT … SELECT over generate_series), each row's spread from
 * a hash of its position instead of the SQLite fill's generator: the same sizes, shares and rules (statuses, the agent
 * binding, one line, a payment and the gateway's record per paid order, a commission per bound paid order), not the
 * same rows. Row by row from Node, a million orders took far too long beside other work.
 */
async function fillPostgres(db: Db, t: number, n: number, nMembers: number, nOrders: number, subs: number[], brands: number[]) {
  const h = (i: RawBuilder<unknown>, salt: string) => sql<number>`(hashtext(${i}::text || ${salt})::bigint & 2147483647)`
  const big = (i: RawBuilder<unknown>, salt: string) => sql<number>`(${h(i, salt)} * 8 + ${h(i, `${salt}2`)} % 8)` // 0 … 1.7e10
  const i = sql.ref('i')
  const g0 = Number((await sql<{ m: number }>`SELECT COALESCE(MAX(id), 0) AS m FROM goods`.execute(db)).rows[0].m)
  await sql`INSERT INTO goods (category_id, brand_id, name, subtitle, main_image, images, detail_html, spec_groups, price, original_price, sales, stock, status, tags, is_hot, is_new, commission_rate, review_count, good_review_count, created_at, updated_at)
    SELECT (${subs}::int[])[(1 + ${h(i, 'c')} % ${subs.length})::int], CASE WHEN ${h(i, 'b')} % 4 = 0 THEN NULL ELSE (${brands}::int[])[(1 + ${h(i, 'bb')} % ${brands.length})::int] END,
      (${A}::text[])[(1 + ${h(i, 'a')} % ${A.length})::int] || (${B}::text[])[(1 + ${h(i, 'n')} % ${B.length})::int] || ' ' || i, '', '', '[]', '', '[]',
      1000 + ${h(i, 'p')} % 50000, 60000, ${h(i, 's')} % 10000, ${h(i, 'k')} % 200, CASE WHEN ${h(i, 'o')} % 10 = 0 THEN 'off' ELSE 'on' END, '', 0, 0, NULL, 0, 0,
      ${t}::bigint - ${h(i, 't')} % 1000000000, ${t}::bigint
    FROM generate_series(0, ${n - 1}) AS i ORDER BY i`.execute(db)
  const m0 = Number((await sql<{ m: number }>`SELECT COALESCE(MAX(id), 0) AS m FROM members`.execute(db)).rows[0].m) + 1
  await sql`INSERT INTO members (phone, nickname, avatar, gender, points, status, disabled_at, created_at, updated_at)
    SELECT '138' || lpad(i::text, 8, '0'), '会员' || i, '', 0, 0, 'active', CASE WHEN i % 100 = 99 THEN ${t}::bigint END, ${t}::bigint - ${big(i, 'mc')} % 10000000000, ${t}::bigint
    FROM generate_series(0, ${nMembers - 1}) AS i ORDER BY i`.execute(db)
  const shops = (
    await db
      .insertInto('agentShops')
      .values(Array.from({ length: 50 }, (_, k) => ({ memberId: m0 + k, shopName: `代理小店${k}`, status: 'active', commissionRate: 1000, createdAt: t - 200 * 86400_000 })))
      .returning('id')
      .execute()
  ).map((r) => r.id)
  // A member's shop by position j (as the SQLite fill): every fifth from the 50th, a fifth of those the first shop.
  const shopAt = (j: RawBuilder<unknown>) => sql<number>`CASE WHEN ${j} < 50 OR ${j} % 5 <> 0 THEN NULL WHEN ${j} % 25 = 0 THEN ${shops[0]}::int ELSE (${shops}::int[])[(2 + ${j} % 49)::int] END`
  await sql`UPDATE members SET bound_business_id = ${shopAt(sql`(id - ${m0})`)} WHERE id >= ${m0 + 50} AND (id - ${m0}) % 5 = 0`.execute(db)
  const st = sql`(${[...STATUSES]}::text[])[(1 + ${h(i, 'st')} % ${STATUSES.length})::int]`
  await sql`INSERT INTO orders (order_no, member_id, order_type, status, after_sale_status, goods_amount, freight_amount, coupon_discount, points_used, points_discount, pay_amount, item_count,
      receiver_name, receiver_phone, receiver_province, receiver_city, receiver_district, receiver_detail, remark, bound_business_id, pay_channel, cancel_reason, expire_at, paid_at, cancelled_at, created_at, updated_at)
    SELECT '2026' || lpad(i::text, 16, '0'), ${m0} + j, 'normal', s, 'none', 5000, 0, 0, 0, 0, 5000, 1, '张三', '139' || lpad((${h(i, 'rp')} % 2000)::text, 8, '0'), '浙江省', '杭州市', '西湖区', '文三路 1 号', '',
      CASE WHEN paid THEN ${shopAt(sql.ref('j'))} END, CASE WHEN paid THEN 'sandbox' END, '', c + 1800000, CASE WHEN paid THEN c + 60000 END, CASE WHEN s = 'cancelled' THEN c + 1800000 END, c, c
    FROM (SELECT i, s, s NOT IN ('unpaid', 'cancelled') AS paid, ${h(i, 'm')} % ${nMembers} AS j, ${t}::bigint - ${big(i, 'cr')} % ${90 * 86400_000}::bigint AS c
          FROM (SELECT i, ${st} AS s FROM generate_series(0, ${nOrders - 1}) AS i) x) y ORDER BY i`.execute(db)
  const pos = sql`substring(o.order_no from 5)::int`
  await sql`INSERT INTO order_items (order_id, member_id, goods_id, sku_id, goods_name, image, spec_text, price, quantity, amount, pay_amount, reviewed, refunded_quantity, refunded_amount, created_at)
    SELECT o.id, o.member_id, g.id, 1, g.name, '', '', 5000, 1, 5000, 5000, 0, 0, 0, o.created_at FROM orders o JOIN goods g ON g.id = ${g0 + 1} + ${pos} % ${n} ORDER BY o.id`.execute(db)
  await sql`INSERT INTO payments (pay_no, order_id, member_id, channel, provider, amount, status, transaction_id, paid_at, expire_at, created_at, updated_at)
    SELECT 'P' || order_no, id, member_id, 'sandbox', 'sandbox', 5000, 'paid', 'TP' || order_no, paid_at, paid_at, paid_at - 60000, paid_at FROM orders WHERE paid_at IS NOT NULL ORDER BY id`.execute(
    db,
  )
  await sql`INSERT INTO sandbox_gateway (key, state, ref_id, amount, at) SELECT 'pay:P' || order_no, 'paid', 'TP' || order_no, 5000, paid_at FROM orders WHERE paid_at IS NOT NULL`.execute(db)
  await sql`INSERT INTO commissions (shop_id, order_id, order_item_id, buyer_id, goods_id, base_amount, rate, refunded_base, original_amount, amount, status, created_at, updated_at, source_shop_id)
    SELECT o.bound_business_id, o.id, it.id, o.member_id, it.goods_id, 5000, 1000, 0, 500, 500, 'frozen', o.created_at, o.created_at, o.bound_business_id
    FROM orders o JOIN order_items it ON it.order_id = o.id WHERE o.bound_business_id IS NOT NULL ORDER BY o.id`.execute(db)
  await sql`VACUUM ANALYZE`.execute(db)
  const members = (await db.selectFrom('members').select('id').where('id', '>=', m0).orderBy('id').limit(10_000).execute()).map((r) => r.id)
  return { shops, members }
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
