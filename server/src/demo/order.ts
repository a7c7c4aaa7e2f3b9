import type { Seeder } from './seeder'
import type { Db } from '../db/types'
import { DEMO_SHOPPER_PHONE } from './member'
import { addAddress } from '../modules/address/service'
import { addToCart } from '../modules/cart/service'
import { addTrace, shipOrder } from '../modules/logistics/service'
import { handlePaidNotice } from '../modules/pay/service'
import { signSandboxTicket } from '../payments/sandbox'
import { getPaymentProvider } from '../payments'
import { finalize, freightFor, loadLines, newDraft, type DraftLine } from '../modules/order/pricing'
import { cancelOrderTx, completeOrderTx, createOrder, makeOrderNo, receiveOrderTx } from '../modules/order/service'
import { submitReviews } from '../modules/review/service'
import type { AppContext } from '../context'
import type { MemberAddress } from '../../../types/address'

const HOUR = 3600_000
const DAY = 24 * HOUR

/**
 * Demo trade data for the demo shopper (13800138000): two addresses, a few cart lines, and orders in
 * every state (unpaid, paid, two shipped with traces, received, completed, cancelled).
 * Runs after the catalogue's seeder; with no goods on sale it adds only the addresses.
 */
export const tradeSeeder: Seeder = {
  name: 'trade',
  async run(ctx) {
    const { db } = ctx
    const shopper = await db.selectFrom('members').select('id').where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst()
    if (!shopper) return
    const home = await addAddress(db, shopper.id, {
      name: '小美',
      phone: DEMO_SHOPPER_PHONE,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 478 号华星时代广场 A 座 1201',
      tag: '公司',
      isDefault: true,
    })
    await addAddress(db, shopper.id, { name: '李小美', phone: '13912345678', province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道 100 号 3 号楼 502 室', tag: '家' })

    const skus = await db
      .selectFrom('goodsSkus as s')
      .innerJoin('goods as g', 'g.id', 's.goodsId')
      .select(['s.id', 's.stock'])
      .where('g.status', '=', 'on')
      .where('s.stock', '>=', 20)
      .orderBy('g.sales', 'desc')
      .orderBy('s.id')
      .limit(40)
      .execute()
    // One SKU per goods, so the demo orders show different goods.
    const seen = new Set<number>()
    const picks: number[] = []
    for (const s of skus) {
      const g = await db.selectFrom('goodsSkus').select('goodsId').where('id', '=', s.id).executeTakeFirstOrThrow()
      if (seen.has(g.goodsId)) continue
      seen.add(g.goodsId)
      picks.push(s.id)
    }
    if (!picks.length) {
      ctx.log.info('trade seed: no goods on sale, skipped demo orders and cart')
      return
    }
    const sku = (i: number) => picks[i % picks.length]
    const t0 = Date.now()

    const order = (lines: Array<[number, number]>, at: number, remark = '') => placeDemoOrder(ctx, shopper.id, home, lines, at, remark)
    const pay = (o: { id: number; orderNo: string; payAmount: number }, at: number) => seedPayment(ctx, o, at)
    const backdate = async (orderId: number, f: { paidAt?: number; shippedAt?: number; receivedAt?: number; completedAt?: number; cancelledAt?: number }) => {
      await db.updateTable('orders').set(f).where('id', '=', orderId).execute()
      if (f.shippedAt) {
        const s = await db.selectFrom('shipments').select('id').where('orderId', '=', orderId).executeTakeFirstOrThrow()
        await db.updateTable('shipments').set({ createdAt: f.shippedAt }).where('id', '=', s.id).execute()
        const first = await db.selectFrom('logisticsTraces').select('id').where('shipmentId', '=', s.id).orderBy('id').execute()
        for (const [i, r] of first.entries())
          await db
            .updateTable('logisticsTraces')
            .set({ time: f.shippedAt + i * 2 * HOUR })
            .where('id', '=', r.id)
            .execute()
      }
    }
    // The demo's journeys are typed events (shown as typed by staff), never reported by a courier.
    const journey = async (orderNo: string, shippedAt: number, steps: string[]) => {
      for (const [i, text] of steps.entries()) await addTrace(db, orderNo, text, shippedAt + (i + 2) * 6 * HOUR)
    }

    // Completed 12 days ago (auto-completed after receipt).
    const done = await order([[sku(4), 1]], t0 - 12 * DAY)
    await pay(done, t0 - 12 * DAY + 5 * 60_000)
    await shipOrder(db, ctx.modules, done.orderNo, 'YTO', 'YT7423918846512', 'admin')
    await db.transaction().execute((tx) => receiveOrderTx(tx, ctx.modules, done.id, 'member'))
    await db.transaction().execute((tx) => completeOrderTx(tx, ctx.modules, done.id, 'system', '收货后自动完成'))
    await backdate(done.id, { paidAt: t0 - 12 * DAY + 5 * 60_000, shippedAt: t0 - 11 * DAY, receivedAt: t0 - 9 * DAY, completedAt: t0 - 9 * DAY + HOUR })
    await journey(done.orderNo, t0 - 11 * DAY, ['【杭州市】已到达 杭州转运中心', '【杭州市】快件正在派送中，派送员：王师傅 13512345678', '【杭州市】您的快件已签收，签收人：本人'])
    // Reviewed after it completed: the order offers 追评 (docs/after-sales.md).
    const doneItems = await db.selectFrom('orderItems').select('id').where('orderId', '=', done.id).execute()
    await submitReviews(db, ctx.modules, shopper.id, {
      orderNo: done.orderNo,
      items: doneItems.map((i) => ({ orderItemId: i.id, rating: 5, content: '质量很好，物流也快，会回购。', images: [], anonymous: false })),
    })
    await db
      .updateTable('goodsReviews')
      .set({ createdAt: t0 - 8 * DAY })
      .where('orderId', '=', done.id)
      .execute()

    // Cancelled by the member 5 days ago.
    const cancelled = await order([[sku(5), 2]], t0 - 5 * DAY)
    await db.transaction().execute((tx) => cancelOrderTx(tx, ctx.modules, cancelled.id, '不想要了', 'member'))
    await backdate(cancelled.id, { cancelledAt: t0 - 5 * DAY + 10 * 60_000 })

    // Received two days ago, waiting for a review.
    const received = await order(
      [
        [sku(3), 1],
        [sku(2), 1],
      ],
      t0 - 6 * DAY,
    )
    await pay(received, t0 - 6 * DAY + 3 * 60_000)
    await shipOrder(db, ctx.modules, received.orderNo, 'ZTO', '78312345678901', 'admin')
    await db.transaction().execute((tx) => receiveOrderTx(tx, ctx.modules, received.id, 'member'))
    await backdate(received.id, { paidAt: t0 - 6 * DAY + 3 * 60_000, shippedAt: t0 - 5 * DAY, receivedAt: t0 - 2 * DAY })
    await journey(received.orderNo, t0 - 5 * DAY, ['【上海市】已到达 上海浦东转运中心', '【杭州市】已到达 杭州西湖营业部', '【杭州市】快件正在派送中', '【杭州市】您的快件已签收，签收人：前台代收'])

    // Shipped three days ago, on the way.
    const onWay = await order([[sku(1), 1]], t0 - 4 * DAY)
    await pay(onWay, t0 - 4 * DAY + 60_000)
    await shipOrder(db, ctx.modules, onWay.orderNo, 'SF', 'SF1428765390214', 'admin')
    await backdate(onWay.id, { paidAt: t0 - 4 * DAY + 60_000, shippedAt: t0 - 3 * DAY })
    await journey(onWay.orderNo, t0 - 3 * DAY, ['【深圳市】已到达 深圳华南陆运枢纽', '【杭州市】已到达 杭州萧山集散中心'])

    // Shipped yesterday.
    const fresh = await order([[sku(0), 2]], t0 - 2 * DAY, '请尽快发货，谢谢')
    await pay(fresh, t0 - 2 * DAY + 2 * 60_000)
    await shipOrder(db, ctx.modules, fresh.orderNo, 'JD', 'JDV003219876543', 'admin')
    await backdate(fresh.id, { paidAt: t0 - 2 * DAY + 2 * 60_000, shippedAt: t0 - DAY })
    // The demo's waybill numbers are made up: they are never subscribed at 快递100, even once it is set up (their
    // journeys above are typed, and shown as typed).
    await db.updateTable('trackingSubscriptions').set({ status: 'skipped', lastError: '演示订单，不向快递100 订阅', updatedAt: t0 }).execute()

    // Paid two hours ago, waiting to ship.
    const paid = await order([[sku(6), 1]], t0 - 2 * HOUR)
    await pay(paid, t0 - 2 * HOUR + 60_000)
    await backdate(paid.id, { paidAt: t0 - 2 * HOUR + 60_000 })

    // Placed just now, unpaid (expires after config.orderExpireMinutes).
    await order(
      [
        [sku(7), 1],
        [sku(2), 1],
      ],
      t0,
    )

    // A few lines in the cart, one unchecked.
    for (const [i, q] of [
      [0, 1],
      [3, 2],
      [8, 1],
    ] as const)
      await addToCart(db, shopper.id, sku(i), q, { clamp: true }).catch(() => undefined)
    const last = await db.selectFrom('cartItems').select('id').where('memberId', '=', shopper.id).orderBy('id', 'desc').executeTakeFirst()
    if (last) await db.updateTable('cartItems').set({ selected: 0 }).where('id', '=', last.id).execute()
  },
}

/**
 * An order placed at `at` as the shop's buy-now does (the checkout's draft, the default freight, no coupon or points),
 * unpaid: the demo seeders' orders (the demo shopper's, the agent's shoppers').
 */
export async function placeDemoOrder(ctx: AppContext, memberId: number, address: MemberAddress, lines: Array<[skuId: number, quantity: number]>, at: number, remark = '') {
  const draftLines: DraftLine[] = []
  for (const [skuId, quantity] of lines) draftLines.push(...(await loadLines(ctx.db, { memberId, from: 'buyNow', skuId, quantity })))
  const goodsAmount = draftLines.reduce((s, l) => s + l.amount, 0)
  const draft = finalize(newDraft({ memberId, from: 'buyNow', orderType: 'normal', lines: draftLines, address, freightAmount: freightFor(goodsAmount) }))
  return ctx.db.transaction().execute((tx) => createOrder(tx, ctx.modules, draft, { requestId: null, remark, expireMinutes: ctx.config.orderExpireMinutes, now: at }))
}

/** A sandbox payment paid through the real notify path (every demo order that is paid is paid by this). */
export async function seedPayment(ctx: AppContext, o: { id: number; payAmount: number }, at: number) {
  const db: Db = ctx.db
  const row = await db.selectFrom('orders').select(['memberId', 'expireAt']).where('id', '=', o.id).executeTakeFirstOrThrow()
  const payNo = makeOrderNo(at, 'P')
  await db
    .insertInto('payments')
    .values({
      payNo,
      orderId: o.id,
      memberId: row.memberId,
      channel: 'sandbox',
      provider: 'sandbox',
      amount: o.payAmount,
      status: 'pending',
      transactionId: null,
      paidAt: null,
      rawNotify: null,
      expireAt: Date.now() + 3600_000,
      createdAt: at,
      updatedAt: at,
    })
    .execute()
  const ticket = signSandboxTicket(ctx.config.sandboxPayKey, { payNo, amount: o.payAmount, exp: Date.now() + 3600_000 })
  const raw = JSON.stringify({ payNo, ticket })
  const notice = await getPaymentProvider(ctx, 'sandbox').verifyNotify({}, raw)
  await handlePaidNotice(ctx, { ...notice, paidAt: at }, raw)
}
