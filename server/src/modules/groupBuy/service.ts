import type { AppContext } from '../../context'
import type { Conn, Tx } from '../../db/types'
import type { GoodsGroupBuy, GroupDetail, GroupPreview, GroupPreviewRequest, GroupSeat, GroupState, GroupSubmitRequest, GroupSubmitResponse, GroupSummary, MyGroup } from '../../../../types/groupBuy'
import { AppError, ErrorCode } from '../../errors'
import { defaultAddress, getAddress } from '../address/service'
import type { Contributions } from '../contributions'
import { FREE_FREIGHT_THRESHOLD, finalizeWithSteps, newDraft, type OrderDraft, type PricingInput } from '../order/pricing'
import type { OrderHook } from '../order/hooks'
import { createOrder, isUniqueViolation, logOrder, previewOf } from '../order/service'
import { payPasswordProof as passwordProof } from '../balance/password'
import { openStaffRefund } from '../afterSales/service'
import { refundAfterSale } from '../afterSales/refund'
import { expireOrder } from '../pay/settle'
import { queueMessage, yuan } from '../notifications/service'
import { chinaMinute } from '../../services/chinaTime'
import '../../db/groupBuyTables'

/** Unpaid group orders expire like flash-sale ones: a place is not held long by someone who does not pay. */
export const GROUP_EXPIRE_MINUTES = 15
const HOUR = 3600_000

// ---------------------------------------------------------------- reads

async function liveActivity(db: Conn, goodsId: number, now: number) {
  return db
    .selectFrom('groupBuyActivities')
    .selectAll()
    .where('goodsId', '=', goodsId)
    .where('enabled', '=', 1)
    .where('startAt', '<=', now)
    .where('endAt', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/**
 * The members holding each group's places: those paid, and in a failed group those refunded because it failed (they
 * held a place: paid before its deadline, while a payment after it never took one). Without them a failed group's
 * page drew its members as the faceless seats of 模拟成团.
 */
async function seatsOf(db: Conn, groupIds: number[]): Promise<Map<number, GroupSeat[]>> {
  const out = new Map<number, GroupSeat[]>()
  if (!groupIds.length) return out
  const rows = await db
    .selectFrom('groupBuyMembers as m')
    .innerJoin('groupBuyGroups as g', 'g.id', 'm.groupId')
    .innerJoin('members as u', 'u.id', 'm.memberId')
    .select(['m.groupId', 'm.isLeader', 'u.nickname', 'u.avatar'])
    .where('m.groupId', 'in', groupIds)
    .where((eb) => eb.or([eb('m.status', '=', 'paid'), eb.and([eb('g.status', '=', 'failed'), eb('m.status', '=', 'refunded'), eb('m.paidAt', '<', eb.ref('g.expiresAt'))])]))
    .orderBy('m.isLeader', 'desc')
    .orderBy('m.paidAt')
    .execute()
  for (const r of rows) {
    const list = out.get(r.groupId) || []
    list.push({ nickname: r.nickname || '拼团用户', avatar: r.avatar || '', isLeader: !!r.isLeader })
    out.set(r.groupId, list)
  }
  return out
}

type GroupRow = { id: number; status: GroupState; size: number; paidCount: number; virtualCount: number; expiresAt: number | null }

const toSummary = (g: GroupRow, seats: GroupSeat[]): GroupSummary => {
  const filled = Number(g.paidCount) + Number(g.virtualCount)
  return { id: g.id, state: g.status, size: g.size, filled, missing: Math.max(0, g.size - filled), expiresAt: g.expiresAt === null ? null : Number(g.expiresAt), seats }
}

/** The goods details page's part: the live activity (group price beside the single price of each SKU) and its open groups. */
export async function goodsGroupBuy(db: Conn, goodsId: number, now = Date.now()): Promise<GoodsGroupBuy> {
  const a = await liveActivity(db, goodsId, now)
  if (!a) return { now, activity: null, groups: [] }
  const skus = await db
    .selectFrom('groupBuySkus as p')
    .innerJoin('goodsSkus as s', 's.id', 'p.skuId')
    .select(['p.skuId', 'p.price as groupPrice', 's.price', 's.specText'])
    .where('p.activityId', '=', a.id)
    .orderBy('p.skuId')
    .execute()
  const groups = await db
    .selectFrom('groupBuyGroups')
    .select(['id', 'status', 'size', 'paidCount', 'virtualCount', 'expiresAt'])
    .where('activityId', '=', a.id)
    .where('status', '=', 'open')
    .where('expiresAt', '>', now)
    .orderBy('expiresAt')
    .limit(10)
    .execute()
  const seats = await seatsOf(
    db,
    groups.map((g) => g.id),
  )
  return {
    now,
    activity: {
      id: a.id,
      title: a.title,
      size: a.size,
      hours: a.hours,
      perMemberLimit: a.perMemberLimit,
      leaderDiscount: a.leaderDiscount,
      endAt: Number(a.endAt),
      skus: skus.map((s) => ({ skuId: s.skuId, specText: s.specText, price: Number(s.price), groupPrice: Number(s.groupPrice) })),
    },
    groups: groups.map((g) => toSummary(g, seats.get(g.id) || [])),
  }
}

/** A group's page: public (a shared link opens it logged out); myOrderNo only for a member in it. */
export async function groupDetail(db: Conn, groupId: number, memberId: number | null, now = Date.now()): Promise<GroupDetail> {
  const g = await db
    .selectFrom('groupBuyGroups as g')
    .innerJoin('goods as d', 'd.id', 'g.goodsId')
    .select(['g.id', 'g.status', 'g.size', 'g.paidCount', 'g.virtualCount', 'g.expiresAt', 'g.goodsId', 'g.activityId', 'd.name', 'd.mainImage'])
    .where('g.id', '=', groupId)
    .executeTakeFirst()
  const mine =
    g && memberId
      ? await db
          .selectFrom('groupBuyMembers as m')
          .innerJoin('orders as o', 'o.id', 'm.orderId')
          .select('o.orderNo')
          .where('m.groupId', '=', groupId)
          .where('m.memberId', '=', memberId)
          .executeTakeFirst()
      : undefined
  // A pending group (the leader's payment not confirmed yet) is shown to its leader only: the checkout lands here
  // while the gateway's notify may still be on its way.
  if (!g || g.status === 'cancelled' || (g.status === 'pending' && !mine)) throw new AppError(ErrorCode.NOT_FOUND, '拼团不存在')
  // The lowest group price, and the single price of that SKU beside it (the poster shows both).
  const price = await db
    .selectFrom('groupBuySkus as p')
    .innerJoin('goodsSkus as s', 's.id', 'p.skuId')
    .select(['p.price as groupPrice', 's.price as singlePrice'])
    .where('p.activityId', '=', g.activityId)
    .orderBy('p.price')
    .orderBy('p.skuId')
    .executeTakeFirst()
  const seats = (await seatsOf(db, [g.id])).get(g.id) || []
  return {
    ...toSummary(g, seats),
    now,
    goodsId: g.goodsId,
    activityId: g.activityId,
    goodsName: g.name,
    goodsImage: g.mainImage,
    groupPrice: Number(price?.groupPrice || 0),
    singlePrice: Number(price?.singlePrice || 0),
    myOrderNo: mine?.orderNo ?? null,
  }
}

/** 我的拼团: the member's group orders, newest first. */
export async function myGroups(db: Conn, memberId: number): Promise<MyGroup[]> {
  const rows = await db
    .selectFrom('groupBuyMembers as m')
    .innerJoin('groupBuyGroups as g', 'g.id', 'm.groupId')
    .innerJoin('orders as o', 'o.id', 'm.orderId')
    .innerJoin('goods as d', 'd.id', 'g.goodsId')
    .select(['m.groupId', 'm.status as place', 'o.orderNo', 'd.name', 'd.mainImage', 'g.status', 'g.size', 'g.paidCount', 'g.virtualCount', 'g.expiresAt'])
    .where('m.memberId', '=', memberId)
    .orderBy('m.id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({
    groupId: r.groupId,
    orderNo: r.orderNo,
    goodsName: r.name,
    goodsImage: r.mainImage,
    state: r.status,
    place: r.place,
    size: r.size,
    filled: Number(r.paidCount) + Number(r.virtualCount),
    expiresAt: r.expiresAt === null ? null : Number(r.expiresAt),
  }))
}

// ---------------------------------------------------------------- submit

type GroupOrderInput = GroupPreviewRequest & Pick<PricingInput, 'memberId' | 'payPasswordProof'>
type ActivityRow = Awaited<ReturnType<typeof checkedActivity>>['a']
type LineRow = Awaited<ReturnType<typeof checkedActivity>>['line']

/** The activity and SKU of a group order, checked (on, in its window, within the per-member limit): the preview and the submit refuse alike. */
async function checkedActivity(db: Conn, input: GroupOrderInput, now: number) {
  const a = await db.selectFrom('groupBuyActivities').selectAll().where('id', '=', input.activityId).executeTakeFirst()
  if (!a || !a.enabled) throw new AppError(ErrorCode.NOT_FOUND, '拼团活动不存在或已结束')
  if (now < Number(a.startAt)) throw new AppError(ErrorCode.ORDER_STATE, '拼团活动尚未开始')
  if (now >= Number(a.endAt)) throw new AppError(ErrorCode.ORDER_STATE, '拼团活动已结束')
  if (input.quantity > a.perMemberLimit) throw new AppError(ErrorCode.BAD_REQUEST, `每人限购${a.perMemberLimit}件`)
  const line = await db
    .selectFrom('groupBuySkus as p')
    .innerJoin('goodsSkus as s', 's.id', 'p.skuId')
    .innerJoin('goods as g', 'g.id', 's.goodsId')
    .select(['p.price', 's.id as skuId', 's.goodsId', 's.specText', 's.image', 's.stock', 'g.name', 'g.mainImage', 'g.status'])
    .where('p.activityId', '=', a.id)
    .where('p.skuId', '=', input.skuId)
    .executeTakeFirst()
  if (!line) throw new AppError(ErrorCode.BAD_REQUEST, '该规格不参加拼团')
  if (line.status !== 'on') throw new AppError(ErrorCode.BAD_REQUEST, `「${line.name}」已下架`)
  const held = await db
    .selectFrom('groupBuyMembers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.val(0)).as('n'))
    .where('activityId', '=', a.id)
    .where('memberId', '=', input.memberId)
    .where('status', 'in', ['unpaid', 'paid'])
    .executeTakeFirst()
  const bought = Number(held?.n || 0)
  if (bought + input.quantity > a.perMemberLimit) throw new AppError(ErrorCode.BAD_REQUEST, `每人限购${a.perMemberLimit}件，您已参加过了`)
  return { a, line, bought }
}

/** The group a member asks to join, checked: open, not expired, not full, not their own. */
async function joinableGroup(db: Conn, a: ActivityRow, input: GroupOrderInput, now: number) {
  const g = await db.selectFrom('groupBuyGroups').selectAll().where('id', '=', input.groupId!).where('activityId', '=', a.id).executeTakeFirst()
  if (!g || g.status === 'pending' || g.status === 'cancelled') throw new AppError(ErrorCode.NOT_FOUND, '拼团不存在')
  if (g.leaderMemberId === input.memberId) throw new AppError(ErrorCode.ORDER_STATE, '不能参加自己发起的拼团')
  if (g.status !== 'open' || Number(g.expiresAt) <= now) throw new AppError(ErrorCode.ORDER_STATE, '该团已结束，可以发起新的拼团')
  if (Number(g.paidCount) + Number(g.virtualCount) >= g.size) throw new AppError(ErrorCode.ORDER_STATE, '该团已满，可以发起新的拼团')
  return g
}

/** The order priced at the group price (the leader's discount off each unit, never below ¥0.01), then the registered pricing steps (only the balance applies to group orders). */
async function groupDraft(db: Conn, modules: Contributions, a: ActivityRow, line: LineRow, input: GroupOrderInput, leader: boolean): Promise<OrderDraft> {
  const unit = leader ? Math.max(1, Number(line.price) - Number(a.leaderDiscount)) : Number(line.price)
  const address = input.addressId ? await getAddress(db, input.memberId, input.addressId) : await defaultAddress(db, input.memberId)
  const amount = unit * input.quantity
  const draft: OrderDraft = newDraft({
    memberId: input.memberId,
    from: 'buyNow',
    orderType: 'group',
    lines: [
      {
        skuId: line.skuId,
        goodsId: line.goodsId,
        goodsName: line.name,
        image: line.image || line.mainImage,
        specText: line.specText,
        price: unit,
        quantity: input.quantity,
        stock: Number(line.stock),
        amount,
        payAmount: amount,
        cartItemId: null,
      },
    ],
    address,
  })
  const pricingInput: PricingInput = {
    memberId: input.memberId,
    from: 'buyNow',
    skuId: line.skuId,
    quantity: input.quantity,
    addressId: input.addressId,
    couponId: 0,
    useBalance: input.useBalance,
    balanceAmount: input.balanceAmount,
    payPasswordProof: input.payPasswordProof,
    orderType: 'group',
  }
  for (const step of modules.pricingSteps) await step.apply(db, draft, pricingInput)
  return finalizeWithSteps(db, modules, draft, pricingInput)
}

/** The group checkout: what submit would charge, with the same refusals; nothing is written. */
export async function preview(ctx: Pick<AppContext, 'db' | 'modules'>, input: GroupOrderInput, now = Date.now()): Promise<GroupPreview> {
  const { a, line, bought } = await checkedActivity(ctx.db, input, now)
  const leader = !input.groupId
  if (!leader) await joinableGroup(ctx.db, a, input, now)
  const draft = await groupDraft(ctx.db, ctx.modules, a, line, input, leader)
  return {
    ...previewOf(draft, FREE_FREIGHT_THRESHOLD),
    activity: { id: a.id, title: a.title, size: a.size, hours: a.hours, perMemberLimit: a.perMemberLimit, leaderDiscount: Number(a.leaderDiscount) },
    leader,
    myBought: bought,
  }
}

/**
 * A group order, in one transaction: the group (a new pending one for a leader; an open, unexpired, not yet full
 * one to join — not the member's own, not one they are in), the order through createOrder (stock reserved like any
 * order) at the group price (the leader's discount off each unit), held from shipping (ship_hold) until the group
 * forms, and the member's row (unique per group: joining twice collides). No coupon and no points on group orders;
 * the balance may pay a part. An order paid at once (all by balance) takes its place here, after its row exists.
 */
async function placeOrder(tx: Tx, modules: Contributions, input: GroupSubmitRequest & Pick<PricingInput, 'memberId' | 'payPasswordProof'>, now: number) {
  // First the member's row of this activity: their concurrent submits wait here for each other, so the limit's count
  // below sees the places the earlier ones made (without it, eight submits at once all passed a limit of one).
  await tx
    .insertInto('groupBuyBuyers')
    .values({ activityId: input.activityId, memberId: input.memberId, submits: 1 })
    .onConflict((oc) => oc.columns(['activityId', 'memberId']).doUpdateSet((eb) => ({ submits: eb('groupBuyBuyers.submits', '+', 1) })))
    .execute()
  const { a, line } = await checkedActivity(tx, input, now)
  const leader = !input.groupId
  let groupId: number
  if (leader) {
    const g = await tx
      .insertInto('groupBuyGroups')
      .values({
        activityId: a.id,
        goodsId: a.goodsId,
        leaderMemberId: input.memberId,
        size: a.size,
        paidCount: 0,
        virtualCount: 0,
        status: 'pending',
        expiresAt: null,
        formedAt: null,
        failedAt: null,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    groupId = g.id
  } else {
    groupId = (await joinableGroup(tx, a, input, now)).id
  }
  const draft = await groupDraft(tx, modules, a, line, input, leader)
  if (!draft.address) throw new AppError(ErrorCode.BAD_REQUEST, '请先添加收货地址')
  const o = await createOrder(tx, modules, draft, { requestId: input.requestId, remark: input.remark, expireMinutes: GROUP_EXPIRE_MINUTES, now })
  await tx.updateTable('orders').set({ shipHold: 1 }).where('id', '=', o.id).execute()
  try {
    await tx
      .insertInto('groupBuyMembers')
      .values({ groupId, activityId: a.id, orderId: o.id, memberId: input.memberId, isLeader: leader ? 1 : 0, quantity: input.quantity, status: 'unpaid', paidAt: null, createdAt: now })
      .execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.ORDER_STATE, '您已参加过这个团了')
    throw err
  }
  if (o.status === 'to_ship') await takePlace(tx, o.id, now)
  return { orderNo: o.orderNo, groupId, payAmount: o.payAmount, status: o.status, expireAt: o.expireAt, existing: false }
}

async function byRequest(db: Conn, memberId: number, requestId: string): Promise<GroupSubmitResponse | null> {
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('groupBuyMembers as m', 'm.orderId', 'o.id')
    .select(['o.orderNo', 'o.payAmount', 'o.status', 'o.expireAt', 'm.groupId'])
    .where('o.memberId', '=', memberId)
    .where('o.requestId', '=', requestId)
    .executeTakeFirst()
  return o ? { orderNo: o.orderNo, groupId: o.groupId, payAmount: Number(o.payAmount), status: o.status, expireAt: Number(o.expireAt), existing: true } : null
}

export async function submit(ctx: Pick<AppContext, 'db' | 'modules'>, input: GroupSubmitRequest & { memberId: number }, now = Date.now()): Promise<GroupSubmitResponse> {
  const before = await byRequest(ctx.db, input.memberId, input.requestId)
  if (before) return before
  const payPasswordProof = await passwordProof(ctx.db, input.memberId, input.payPassword)
  try {
    return await ctx.db.transaction().execute((tx) => placeOrder(tx, ctx.modules, { ...input, payPasswordProof }, now))
  } catch (err) {
    if (isUniqueViolation(err)) {
      const same = await byRequest(ctx.db, input.memberId, input.requestId)
      if (same) return same
      throw new AppError(ErrorCode.ORDER_STATE, '您已参加过这个团了')
    }
    throw err
  }
}

// ---------------------------------------------------------------- the paid hook: taking a place

/**
 * A paid group order takes its place, inside the payment's transaction. The leader's payment opens the group
 * (pending → open, the deadline starts). A joiner's payment takes a place by one conditional update
 * (open, not expired, paid_count + virtual_count < size): of two payments for the last place exactly one
 * passes; the other, and any payment on a failed, formed or expired group, becomes 'late' (its order stays held
 * and the settle job refunds it through the after-sales path). The payment that fills the last place forms the
 * group: every paid order of it is released for shipping (ship_hold 0) in the same transaction.
 */
async function takePlace(tx: Tx, orderId: number, now = Date.now()) {
  const m = await tx.selectFrom('groupBuyMembers').selectAll().where('orderId', '=', orderId).executeTakeFirst()
  if (!m || m.status !== 'unpaid') return
  const g = await tx.selectFrom('groupBuyGroups').select(['id', 'activityId']).where('id', '=', m.groupId).executeTakeFirstOrThrow()
  let took = false
  if (m.isLeader) {
    const a = await tx.selectFrom('groupBuyActivities').select(['hours']).where('id', '=', g.activityId).executeTakeFirstOrThrow()
    const res = await tx
      .updateTable('groupBuyGroups')
      .set({ status: 'open', paidCount: 1, expiresAt: now + Number(a.hours) * HOUR })
      .where('id', '=', g.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    took = Number(res.numUpdatedRows) === 1
  } else {
    const res = await tx
      .updateTable('groupBuyGroups')
      .set((eb) => ({ paidCount: eb('paidCount', '+', 1) }))
      .where('id', '=', g.id)
      .where('status', '=', 'open')
      .where('expiresAt', '>', now)
      .where((eb) => eb(eb('paidCount', '+', eb.ref('virtualCount')), '<', eb.ref('size')))
      .executeTakeFirst()
    took = Number(res.numUpdatedRows) === 1
  }
  const mark = await tx
    .updateTable('groupBuyMembers')
    .set({ status: took ? 'paid' : 'late', paidAt: now })
    .where('id', '=', m.id)
    .where('status', '=', 'unpaid')
    .executeTakeFirst()
  if (Number(mark.numUpdatedRows) !== 1) return
  if (!took) {
    await logOrder(tx, orderId, 'to_ship', 'to_ship', 'group_late', 'system', '拼团已结束或已满，付款将原路退回')
    return
  }
  await formIfFull(tx, g.id, now)
}

/** Forms a full open group once (conditional on 'open'): its paid orders are released for shipping together. */
async function formIfFull(tx: Tx, groupId: number, now: number) {
  const res = await tx
    .updateTable('groupBuyGroups')
    .set({ status: 'formed', formedAt: now })
    .where('id', '=', groupId)
    .where('status', '=', 'open')
    .where((eb) => eb(eb('paidCount', '+', eb.ref('virtualCount')), '>=', eb.ref('size')))
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  await release(tx, groupId)
  await messageMembers(tx, groupId, 'group_formed', now)
  return true
}

async function release(tx: Tx, groupId: number) {
  const paid = await tx.selectFrom('groupBuyMembers').select('orderId').where('groupId', '=', groupId).where('status', '=', 'paid').orderBy('orderId').execute()
  for (const p of paid) {
    const r = await tx.updateTable('orders').set({ shipHold: 0, updatedAt: Date.now() }).where('id', '=', p.orderId).where('shipHold', '=', 1).executeTakeFirst()
    if (Number(r.numUpdatedRows) === 1) await logOrder(tx, p.orderId, 'to_ship', 'to_ship', 'group_formed', 'system', '拼团成功，等待发货')
  }
}

/**
 * 拼团成功 / 拼团失败 to each paid member of a group (virtual members and late payments get none: a late payment hears
 * of its refund through the after-sales messages). Called only by the transaction whose conditional update moved the
 * group (open → formed in formIfFull, open → failed in settleGroups), so each member gets it once, and none when the
 * state did not change.
 */
async function messageMembers(tx: Tx, groupId: number, event: 'group_formed' | 'group_failed', now: number) {
  const paid = await tx
    .selectFrom('groupBuyMembers as m')
    .innerJoin('orders as o', 'o.id', 'm.orderId')
    .innerJoin('groupBuyGroups as g', 'g.id', 'm.groupId')
    .innerJoin('goods as d', 'd.id', 'g.goodsId')
    .select(['m.memberId', 'o.orderNo', 'o.payAmount', 'd.name', 'g.size'])
    .where('m.groupId', '=', groupId)
    .where('m.status', '=', 'paid')
    .orderBy('m.id')
    .execute()
  for (const p of paid) {
    const common = { orderNo: p.orderNo, goodsName: p.name.slice(0, 20), amount: yuan(Number(p.payAmount)), groupSize: String(p.size), time: chinaMinute(now) }
    await queueMessage(tx, p.memberId, event, event === 'group_formed' ? { ...common, note: '拼团成功，商品将尽快发货' } : { ...common, note: '未在时限内凑满人数，款项原路退回' })
  }
}

export const groupPaidHook: OrderHook = async (tx, { order }) => {
  if (order.orderType !== 'group') return
  await takePlace(tx, order.id)
}

/** An unpaid group order cancelled (by the member or expiry): its row is freed (the member may join again); a leader's pending group goes with it. */
export const groupCancelledHook: OrderHook = async (tx, { order }) => {
  if (order.orderType !== 'group') return
  const m = await tx.selectFrom('groupBuyMembers').selectAll().where('orderId', '=', order.id).executeTakeFirst()
  if (!m || m.status !== 'unpaid') return
  await tx.deleteFrom('groupBuyMembers').where('id', '=', m.id).where('status', '=', 'unpaid').execute()
  if (m.isLeader) await tx.updateTable('groupBuyGroups').set({ status: 'cancelled' }).where('id', '=', m.groupId).where('status', '=', 'pending').execute()
}

// ---------------------------------------------------------------- the settle job

/**
 * The group job, safe to run twice or beside payments (every step is a conditional update):
 * 1. open groups past their deadline: 模拟成团 fills them virtually and forms them; others fail;
 * 2. unpaid orders of formed or failed groups are cancelled (stock back);
 * 3. paid members of failed groups, and late payments, are refunded once: the member row moves paid/late → refunded
 *    (conditional) in the transaction that opens the merchant refund case (openStaffRefund: one open case per order),
 *    then the case is refunded through refundAfterSale (balance part back to the balance, the rest to the gateway;
 *    a refund the gateway has not confirmed is retried by the after-sales refund-check job).
 */
export async function settleGroups(ctx: Pick<AppContext, 'db' | 'config' | 'http' | 'log' | 'modules'>, now = Date.now(), limit = 100) {
  const { db } = ctx
  let formed = 0
  let failed = 0
  let refunded = 0
  let cancelled = 0
  const due = await db
    .selectFrom('groupBuyGroups as g')
    .innerJoin('groupBuyActivities as a', 'a.id', 'g.activityId')
    .select(['g.id', 'a.virtualFill'])
    .where('g.status', '=', 'open')
    .where('g.expiresAt', '<=', now)
    .limit(limit)
    .execute()
  for (const g of due) {
    await db.transaction().execute(async (tx) => {
      if (g.virtualFill) {
        const res = await tx
          .updateTable('groupBuyGroups')
          .set((eb) => ({ virtualCount: eb(eb.ref('size'), '-', eb.ref('paidCount')) }))
          .where('id', '=', g.id)
          .where('status', '=', 'open')
          .where('expiresAt', '<=', now)
          .executeTakeFirst()
        if (Number(res.numUpdatedRows) === 1 && (await formIfFull(tx, g.id, now))) formed += 1
      } else {
        const res = await tx.updateTable('groupBuyGroups').set({ status: 'failed', failedAt: now }).where('id', '=', g.id).where('status', '=', 'open').where('expiresAt', '<=', now).executeTakeFirst()
        if (Number(res.numUpdatedRows) !== 1) return
        failed += 1
        // In the failing transaction: every paid member hears of it (and of the refund the steps below make) once.
        await messageMembers(tx, g.id, 'group_failed', now)
      }
    })
  }
  const unpaid = await db
    .selectFrom('groupBuyMembers as m')
    .innerJoin('groupBuyGroups as g', 'g.id', 'm.groupId')
    .select(['m.orderId'])
    .where('m.status', '=', 'unpaid')
    .where('g.status', 'in', ['formed', 'failed'])
    .limit(limit)
    .execute()
  // Cancelled like any unpaid order that expires (pay/settle.ts expireOrder): the gateway is asked and its open payments
  // closed first, so a payment landing meanwhile goes through the paid path (its place is then late and refunded below)
  // instead of racing the cancel for the same rows. A gateway error leaves the order for the next run.
  for (const u of unpaid) {
    try {
      if (await expireOrder(ctx, u.orderId, '拼团已结束')) cancelled += 1
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, orderId: u.orderId }, 'group order cancel deferred: gateway check failed')
    }
  }
  const toRefund = await db
    .selectFrom('groupBuyMembers as m')
    .innerJoin('groupBuyGroups as g', 'g.id', 'm.groupId')
    .innerJoin('orders as o', 'o.id', 'm.orderId')
    .select(['m.id', 'o.orderNo'])
    .where((eb) => eb.or([eb('m.status', '=', 'late'), eb.and([eb('m.status', '=', 'paid'), eb('g.status', '=', 'failed')])]))
    .limit(limit)
    .execute()
  for (const r of toRefund) {
    try {
      const opened = await db.transaction().execute(async (tx) => {
        const res = await tx.updateTable('groupBuyMembers').set({ status: 'refunded' }).where('id', '=', r.id).where('status', 'in', ['paid', 'late']).executeTakeFirst()
        if (Number(res.numUpdatedRows) !== 1) return null
        return openStaffRefund(tx, r.orderNo, '拼团未成功，全额退款')
      })
      if (!opened) continue
      refunded += 1
      await refundAfterSale(ctx, String(opened.id), 'system')
    } catch (err) {
      ctx.log.error({ err, orderNo: r.orderNo }, 'group refund failed')
    }
  }
  return { formed, failed, cancelled, refunded }
}
