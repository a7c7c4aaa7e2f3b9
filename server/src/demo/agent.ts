import type { Seeder } from './seeder'
import type { AppContext } from '../context'
import type { Db } from '../db/types'
import { DEMO_AGENT_PHONE, DEMO_SHOPPER_PHONE } from './member'
import { placeDemoOrder, seedPayment } from './order'
import { memberRow } from './rows'
import { addAddress, getAddress } from '../modules/address/service'
import { shipOrder } from '../modules/logistics/service'
import { completeOrderTx, receiveOrderTx } from '../modules/order/service'
import { applyWithdraw, ensureAccount, payWithdrawal, saveWithdrawAccount } from '../modules/agent/account'
import { bookCommission, releaseDueCommissions } from '../modules/agent/commission'
import { approveApplication } from '../modules/agent/service'
import { DAY } from '../modules/agent/util'
import '../modules/agent/tables'
import { chinaDay } from '../services/chinaTime'

const HOUR = 3600_000

/** Shoppers bound to the demo shop through the agent's share links (log in with these phones). */
export const DEMO_BOUND_USERS = [
  { phone: '13700137001', nickname: '阿杰', days: 24 },
  { phone: '13700137002', nickname: '小雨', days: 16 },
  { phone: '13700137003', nickname: '李姐', days: 9 },
  { phone: '13700137004', nickname: '王先生', days: 4 },
]

/** A tiny deterministic random (same demo data on every first start). */
function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

/**
 * The demo agent 13900139000 (花语小店, made by the member seeder): its approved application, a shelf of
 * acting goods, four more bound shoppers with orders in every state, commissions frozen / released /
 * cancelled with their ledger in time order, a bank card, a paid and a pending withdrawal, and two weeks of
 * traffic. Runs after the trade seeder (it also books the commission of the demo shopper's orders).
 */
export const agentSeeder: Seeder = {
  name: 'agent',
  async run(ctx) {
    const { db } = ctx
    const agent = await db.selectFrom('members').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirst()
    const shop = agent ? await db.selectFrom('agentShops').selectAll().where('memberId', '=', agent.id).executeTakeFirst() : undefined
    if (!agent || !shop) return
    const t0 = Date.now()
    const days = ctx.config.afterSalesDays
    await ensureAccount(db, shop.id)
    await db
      .insertInto('agentApplications')
      .values({
        memberId: agent.id,
        shopName: shop.shopName,
        realName: '林花语',
        phone: DEMO_AGENT_PHONE,
        idCard: '110101199003074514',
        reason: '经营花艺工作室多年，有稳定的社群客户',
        status: 'approved',
        rejectReason: '',
        shopId: shop.id,
        reviewedAt: t0 - 40 * DAY,
        createdAt: t0 - 41 * DAY,
        updatedAt: t0 - 40 * DAY,
      })
      .execute()
    await db
      .updateTable('agentShops')
      .set({ createdAt: t0 - 40 * DAY })
      .where('id', '=', shop.id)
      .execute()

    const goods = await db.selectFrom('goods').select(['id', 'price']).where('status', '=', 'on').orderBy('sales', 'desc').orderBy('id').limit(14).execute()
    if (!goods.length) return

    // Bound shoppers and their orders (made while the shelf is still empty: commission is booked below, in time order).
    const users: Array<{ id: number; at: number }> = []
    for (const u of DEMO_BOUND_USERS) {
      const at = t0 - u.days * DAY
      const row = await db
        .insertInto('members')
        .values(memberRow(at, { phone: u.phone, nickname: u.nickname, shareMemberId: agent.id, boundBusinessId: shop.id }))
        .returning('id')
        .executeTakeFirstOrThrow()
      users.push({ id: row.id, at })
    }
    const skuOf = async (goodsId: number) => (await db.selectFrom('goodsSkus').select('id').where('goodsId', '=', goodsId).where('stock', '>=', 10).orderBy('id').executeTakeFirst())?.id
    const orderFor = async (memberId: number, goodsId: number, quantity: number, at: number) => {
      const skuId = await skuOf(goodsId)
      if (!skuId) return null
      const address = await addressOf(db, memberId)
      const o = await placeDemoOrder(ctx, memberId, address, [[skuId, quantity]], at)
      await seedPayment(ctx, o, at + 3 * 60_000)
      await db
        .updateTable('orders')
        .set({ paidAt: at + 3 * 60_000 })
        .where('id', '=', o.id)
        .execute()
      return o
    }
    const ship = async (o: { id: number; orderNo: string }, at: number, express: string, no: string) => {
      await shipOrder(db, ctx.modules, o.orderNo, express, no, 'admin')
      await db.updateTable('orders').set({ shippedAt: at }).where('id', '=', o.id).execute()
      await db.updateTable('shipments').set({ createdAt: at }).where('orderId', '=', o.id).execute()
    }
    const receive = async (o: { id: number }, at: number) => {
      await db.transaction().execute((tx) => receiveOrderTx(tx, ctx.modules, o.id, 'member'))
      await db.updateTable('orders').set({ receivedAt: at }).where('id', '=', o.id).execute()
    }
    const [ajie, xiaoyu, lijie, wang] = users
    const g = (i: number) => goods[i % goods.length].id
    const o1 = await orderFor(ajie.id, g(0), 3, t0 - 22 * DAY)
    if (o1) {
      await ship(o1, t0 - 21 * DAY, 'SF', 'SF1312345678901')
      await receive(o1, t0 - 19 * DAY)
      await db.transaction().execute((tx) => completeOrderTx(tx, ctx.modules, o1.id, 'system', '收货后自动完成'))
      await db
        .updateTable('orders')
        .set({ completedAt: t0 - 4 * DAY })
        .where('id', '=', o1.id)
        .execute()
    }
    const o2 = await orderFor(xiaoyu.id, g(1), 2, t0 - 14 * DAY)
    if (o2) {
      await ship(o2, t0 - 13 * DAY, 'ZTO', '78312340000012')
      await receive(o2, t0 - 11 * DAY)
    }
    const o3 = await orderFor(ajie.id, g(2), 1, t0 - 8 * DAY)
    if (o3) {
      await ship(o3, t0 - 7 * DAY, 'YTO', 'YT7400000012345')
      await receive(o3, t0 - 5 * DAY)
    }
    const o4 = await orderFor(lijie.id, g(3), 2, t0 - 3 * DAY)
    if (o4) await ship(o4, t0 - 2 * DAY, 'JD', 'JDV000123456789')
    const o5 = await orderFor(wang.id, g(4), 1, t0 - DAY)
    const o6 = await orderFor(lijie.id, g(5), 1, t0 - 2 * HOUR)
    void o6

    // The shelf: the best sellers, and whatever the shop's shoppers bought.
    const bought = await db.selectFrom('orderItems as i').innerJoin('orders as o', 'o.id', 'i.orderId').select('i.goodsId').distinct().where('o.boundBusinessId', '=', shop.id).execute()
    const shelf = [...new Set([...goods.slice(0, 12).map((x) => x.id), ...bought.map((b) => b.goodsId)])]
    await db
      .insertInto('agentGoods')
      .values(shelf.map((goodsId, i) => ({ shopId: shop.id, goodsId, status: i === 11 ? ('off' as const) : ('on' as const), createdAt: t0 - (35 - i) * DAY, updatedAt: t0 - (35 - i) * DAY })))
      .onConflict((oc) => oc.columns(['shopId', 'goodsId']).doNothing())
      .execute()

    // Bank card for withdrawals.
    await saveWithdrawAccount(db, shop.id, agent.id, { method: 'bank', accountName: '林花语', accountNo: '6222021202041234567', bankName: '中国工商银行', bankBranch: '杭州西湖支行' })

    // The money in time order: commission at payment, release after the after-sales window, withdrawals.
    const paid = await db.selectFrom('orders').selectAll().where('boundBusinessId', '=', shop.id).where('paidAt', 'is not', null).where('status', '!=', 'cancelled').orderBy('paidAt').execute()
    type Ev = { at: number; run: () => Promise<unknown> }
    const events: Ev[] = []
    for (const o of paid) {
      events.push({
        at: Number(o.paidAt),
        run: async () => {
          const items = await db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).execute()
          await db.transaction().execute((tx) => bookCommission(tx, o, items, Number(o.paidAt)))
        },
      })
      if (o.receivedAt && Number(o.receivedAt) + days * DAY <= t0)
        events.push({ at: Number(o.receivedAt) + days * DAY + 10 * 60_000, run: () => releaseDueCommissions(db, Number(o.receivedAt) + days * DAY + 10 * 60_000) })
    }
    let firstWithdrawal = ''
    events.push({
      at: t0 - 3 * DAY,
      run: async () => {
        const w = await applyWithdraw(db, shop.id, agent.id, { amount: 3000, method: 'bank', requestId: 'seed-withdraw-1' }, t0 - 3 * DAY).catch(() => null)
        firstWithdrawal = w?.withdrawNo || ''
      },
    })
    events.push({ at: t0 - 2 * DAY, run: async () => firstWithdrawal && payWithdrawal(db, firstWithdrawal, t0 - 2 * DAY) })
    events.push({ at: t0 - 3 * HOUR, run: () => applyWithdraw(db, shop.id, agent.id, { amount: 1000, method: 'bank', requestId: 'seed-withdraw-2' }, t0 - 3 * HOUR).catch(() => null) })
    events.sort((a, b) => a.at - b.at)
    for (const e of events) await e.run()
    // Received orders keep their release time (receipt + after-sales days) for when the window passes.
    for (const o of paid) {
      if (o.receivedAt)
        await db
          .updateTable('commissions')
          .set({ releaseAt: Number(o.receivedAt) + days * DAY })
          .where('orderId', '=', o.id)
          .where('status', '=', 'frozen')
          .execute()
    }

    // A refund through the after-sales flow cancels a frozen commission (王先生's order of yesterday).
    if (o5) await refundWholeOrder(ctx, wang.id, o5.orderNo).catch((err) => ctx.log.info({ err: String(err?.message || err) }, 'agent seed: demo refund skipped'))

    // A sub-agent (two-level distribution): 周小满, bound to the demo shop through its link, applied and was approved,
    // so the demo shop is its parent; a shopper bound to it bought today: both shops earn (docs/agent.md §4a).
    const sub = await seedSubAgent(
      ctx,
      agent.id,
      shop.id,
      goods.slice(0, 4).map((x) => x.id),
      t0,
    )
    if (sub) {
      const o = await orderFor(sub.buyerId, goods[0].id, 1, t0 - HOUR)
      if (!o) ctx.log.info('agent seed: the sub-agent demo order was skipped (no stock)')
    }

    await seedViews(
      db,
      shop.id,
      [
        ...users,
        { id: (await db.selectFrom('members').select('id').where('boundBusinessId', '=', shop.id).where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst())?.id ?? 0, at: t0 - 30 * DAY },
      ].filter((u) => u.id),
      shelf,
      t0,
    )
  },
}

/** Demo members of the sub-agent (log in with these phones): the sub-agent, and a shopper bound to its shop. */
export const DEMO_SUB_AGENT = { phone: '13700137005', nickname: '周小满', shopName: '小满鲜花铺', buyerPhone: '13700137006', buyerNickname: '小满的朋友' }

/**
 * 周小满 registered through the demo shop's link 12 days ago, applied and was approved (approveApplication, which
 * records the demo shop as the parent); its shelf has a few goods; 小满的朋友 registered through its link. Answers the
 * shopper's id, or null when the sub-agent exists already.
 */
async function seedSubAgent(ctx: AppContext, parentMemberId: number, parentShopId: number, shelf: number[], t0: number) {
  const { db } = ctx
  if (await db.selectFrom('members').select('id').where('phone', '=', DEMO_SUB_AGENT.phone).executeTakeFirst()) return null
  const member = (at: number, phone: string, nickname: string, sharer: number, shopId: number) =>
    db
      .insertInto('members')
      .values(memberRow(at, { phone, nickname, shareMemberId: sharer, boundBusinessId: shopId }))
      .returning('id')
      .executeTakeFirstOrThrow()
  const joined = t0 - 12 * DAY
  const { id: subMemberId } = await member(joined, DEMO_SUB_AGENT.phone, DEMO_SUB_AGENT.nickname, parentMemberId, parentShopId)
  await db.insertInto('agentBindings').values({ memberId: subMemberId, shopId: parentShopId, boundAt: joined }).execute()
  const app = await db
    .insertInto('agentApplications')
    .values({
      memberId: subMemberId,
      shopName: DEMO_SUB_AGENT.shopName,
      realName: '周小满',
      phone: DEMO_SUB_AGENT.phone,
      idCard: '110101199003074514',
      reason: '在花语小店买过花，想一起做鲜花生意',
      status: 'pending',
      rejectReason: '',
      shopId: null,
      reviewedAt: null,
      createdAt: joined + DAY,
      updatedAt: joined + DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { shopId } = await approveApplication(db, app.id)
  const approved = joined + 2 * DAY
  await db.updateTable('agentApplications').set({ reviewedAt: approved, updatedAt: approved }).where('id', '=', app.id).execute()
  await db.updateTable('agentShops').set({ createdAt: approved }).where('id', '=', shopId).execute()
  await db.updateTable('agentParents').set({ createdAt: approved }).where('shopId', '=', shopId).execute()
  await db
    .insertInto('agentGoods')
    .values(shelf.map((goodsId) => ({ shopId, goodsId, status: 'on' as const, createdAt: approved, updatedAt: approved })))
    .onConflict((oc) => oc.columns(['shopId', 'goodsId']).doNothing())
    .execute()
  const at = t0 - 5 * DAY
  const { id: buyerId } = await member(at, DEMO_SUB_AGENT.buyerPhone, DEMO_SUB_AGENT.buyerNickname, subMemberId, shopId)
  await db.insertInto('agentBindings').values({ memberId: buyerId, shopId, boundAt: at }).execute()
  return { shopId, buyerId }
}

async function addressOf(db: Db, memberId: number) {
  const a = await db.selectFrom('memberAddresses').select('id').where('memberId', '=', memberId).executeTakeFirst()
  if (a) return getAddress(db, memberId, a.id)
  const m = await db.selectFrom('members').select(['nickname', 'phone']).where('id', '=', memberId).executeTakeFirstOrThrow()
  return addAddress(db, memberId, {
    name: m.nickname,
    phone: m.phone || '13700137000',
    province: '浙江省',
    city: '杭州市',
    district: '拱墅区',
    detail: '莫干山路 88 号 2 幢 301',
    tag: '家',
    isDefault: true,
  })
}

/** Refund-only of a whole unshipped order through the after-sales module (apply, approve, refund). */
async function refundWholeOrder(ctx: AppContext, memberId: number, orderNo: string) {
  const as = await import('../modules/afterSales/service')
  const order = await ctx.db.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const items = await ctx.db.selectFrom('orderItems').select(['id', 'quantity']).where('orderId', '=', order.id).execute()
  const selection = items.map((i) => ({ orderItemId: i.id, quantity: i.quantity }))
  const quote = await as.quoteFor(ctx.db, memberId, orderNo, selection)
  const { AFTER_SALE_REASONS } = await import('../../../types/afterSales')
  const c: any = await as.applyAfterSale(ctx.db, ctx.config, memberId, {
    orderNo,
    type: 'refund',
    items: selection,
    reason: AFTER_SALE_REASONS.refund[1],
    description: '拍错了规格，申请退款',
    images: [],
    amount: quote.maxAmount,
  })
  const ref = String(c?.afterSaleNo ?? c?.id ?? '')
  await as.approveAfterSale(ctx.db, ref)
  const { refundAfterSale } = await import('../modules/afterSales/refund')
  await refundAfterSale(ctx as any, ref)
}

/** Two weeks of shop traffic: bound shoppers viewing acting goods, and visitors arriving through links. */
async function seedViews(db: Db, shopId: number, users: Array<{ id: number; at: number }>, goodsIds: number[], t0: number) {
  const rand = rng(shopId * 7919 + 17)
  const rows: any[] = []
  for (let d = 13; d >= 0; d--) {
    const dayStart = t0 - d * DAY
    const visitors = 6 + Math.floor(rand() * 10) + (13 - d)
    for (let v = 0; v < visitors; v++) {
      const user = rand() < 0.45 ? users[Math.floor(rand() * users.length)] : null
      if (user && user.at > dayStart) continue
      const visitor = user ? `m:${user.id}` : `k:seedvisitor${d}x${v}`
      const views = 1 + Math.floor(rand() * 3)
      for (let k = 0; k < views; k++) {
        const at = Math.min(t0 - 60_000, dayStart - Math.floor(rand() * 10 * HOUR) + k * 5 * 60_000)
        const goodsId = goodsIds[Math.floor(rand() * Math.min(goodsIds.length, 8))]
        rows.push({ shopId, goodsId, memberId: user?.id ?? null, visitor, page: '/goodsPages/details/details', source: user ? 'detail' : 'link', day: chinaDay(at), createdAt: at })
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('shopViews')
      .values(rows.slice(i, i + 200))
      .execute()
}
