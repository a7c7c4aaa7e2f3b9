import crypto from 'node:crypto'
import { sql, type Selectable } from 'kysely'
import type { Conn, Db, Tx } from '../../db/types'
import type { OrderItemTable, OrderStatusValue, OrderTable } from '../../db/tradeTables'
import type { Config } from '../../config'
import type { BuyAgainResponse, OrderAction, OrderCounts, OrderDetail, OrderItem, OrderPage, OrderPreview, OrderSubmitResponse, OrderSummary, OrderTab } from '../../../../types/order'
import { FOLLOW_UP_DAYS } from '../../../../types/review'
import { AppError, ErrorCode } from '../../errors'
import { addToCart } from '../cart/service'
import { priceOrder, type OrderDraft, type PricingInput } from './pricing'
import { payPasswordProof } from '../balance/password'
import type { Contributions } from '../contributions'
import { freightQuote } from './freight'
import { runOrderHooks, type Operator } from './hooks'
import { newPickupCode, orderStatusText, pickupAddressLine, pickupPointOf } from './pickup'
import { chinaClock } from '../../services/chinaTime'
import { onPage, countRows } from '../../db/paging'

type OrderRow = Selectable<OrderTable>
type ItemRow = Selectable<OrderItemTable>

const MIN = 60_000
const DAY = 86_400_000
/** Shipped orders are received automatically after this many days; received ones complete (unreviewed) after this many. */
export const AUTO_RECEIVE_DAYS = 15
export const AUTO_COMPLETE_DAYS = 15

/** States in which the member has paid. */
export const PAID_STATES: OrderStatusValue[] = ['to_ship', 'to_receive', 'to_review', 'completed']

/** 20-digit order number: local time to the second, then 6 random digits. */
export function makeOrderNo(t = Date.now(), prefix = ''): string {
  const d = chinaClock(t)
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`
  return `${prefix}${stamp}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`
}

/**
 * What the gateway is asked for: the order's amount less what the balance paid (docs/balance.md). Prepay, the paid
 * notification's amount check and refunds use this, never payAmount alone.
 */
export const gatewayAmount = (o: { payAmount: number; balanceAmount: number }) => Number(o.payAmount) - Number(o.balanceAmount || 0)

export function isUniqueViolation(err: any): boolean {
  return err?.code === '23505' || /UNIQUE constraint failed/i.test(String(err?.message || '')) || err?.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

// ---------------------------------------------------------------- stock

/** Takes n units of a SKU: one conditional update; refuses when fewer than n are left (stock never goes negative). */
export async function reserveStock(tx: Conn, line: { skuId: number; goodsId: number; quantity: number; goodsName?: string }) {
  const n = line.quantity
  const res = await tx
    .updateTable('goodsSkus')
    .set((eb) => ({ stock: eb('stock', '-', n), sales: eb('sales', '+', n) }))
    .where('id', '=', line.skuId)
    .where('stock', '>=', n)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.OUT_OF_STOCK, line.goodsName ? `「${line.goodsName}」库存不足` : '商品库存不足')
  await tx
    .updateTable('goods')
    .set({ stock: sql<number>`CASE WHEN stock >= ${n} THEN stock - ${n} ELSE 0 END`, sales: sql<number>`sales + ${n}` })
    .where('id', '=', line.goodsId)
    .execute()
}

/** The receiver's address in one line, as the order keeps it (province, city, district, detail). */
export const receiverAddress = (o: { receiverProvince: string; receiverCity: string; receiverDistrict: string; receiverDetail: string }) =>
  `${o.receiverProvince}${o.receiverCity}${o.receiverDistrict}${o.receiverDetail}`

/** Gives n units back (cancel, expiry, refund of unshipped goods). A SKU deleted meanwhile is skipped. */
export async function returnStock(tx: Conn, line: { skuId: number; goodsId: number; quantity: number }) {
  const n = line.quantity
  const res = await tx
    .updateTable('goodsSkus')
    .set({ stock: sql<number>`stock + ${n}`, sales: sql<number>`CASE WHEN sales >= ${n} THEN sales - ${n} ELSE 0 END` })
    .where('id', '=', line.skuId)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return
  await tx
    .updateTable('goods')
    .set({ stock: sql<number>`stock + ${n}`, sales: sql<number>`CASE WHEN sales >= ${n} THEN sales - ${n} ELSE 0 END` })
    .where('id', '=', line.goodsId)
    .execute()
}

export async function logOrder(tx: Conn, orderId: number, from: string, to: string, action: string, operator: Operator, note = '') {
  await tx
    .insertInto('orderLogs')
    .values({ orderId, fromStatus: from, toStatus: to, action, operator, note: note.slice(0, 250), createdAt: Date.now() })
    .execute()
}

// ---------------------------------------------------------------- create

export interface CreateOrderOptions {
  requestId: string | null
  remark?: string
  expireMinutes: number
  operator?: Operator
  /** false when the caller has already taken the stock (e.g. from a flash-sale quota that is also SKU stock). */
  reserveStock?: boolean
  /** Pickup orders: who picks up (the checkout's contact). */
  pickupContact?: { name: string; phone: string }
  now?: number
}

/**
 * Writes an order from a priced draft inside the caller's transaction: the order row (its unique
 * (member, requestId) index makes a repeated submit collide), stock for every line by conditional
 * update (ascending SKU id, so concurrent orders never deadlock), the lines, the log, the pricing
 * steps' commits, and removal of the cart lines. A zero pay amount (fully covered by points) is paid at once.
 * Seckill and points orders call this with their own draft and orderType.
 */
export async function createOrder(tx: Tx, modules: Contributions, draft: OrderDraft, opts: CreateOrderOptions) {
  const t = opts.now ?? Date.now()
  const operator = opts.operator || 'member'
  const point = draft.pickupPoint
  const contact = point ? pickupContactOf(opts.pickupContact) : null
  const address = point ? { name: contact!.name, phone: contact!.phone, province: '', city: '', district: '', detail: '' } : draft.address
  if (!address) throw new AppError(ErrorCode.BAD_REQUEST, '请选择收货地址')
  const pickupCode = point ? await newPickupCode(tx) : null
  const member = await tx.selectFrom('members').select(['boundBusinessId']).where('id', '=', draft.memberId).executeTakeFirst()
  const orderNo = makeOrderNo(t)
  // Nothing left for the gateway (free, points, or the balance pays it all): paid at once, through the same 'paid' hooks.
  const status: OrderStatusValue = gatewayAmount(draft) === 0 ? 'to_ship' : 'unpaid'
  const row = await tx
    .insertInto('orders')
    .values({
      orderNo,
      memberId: draft.memberId,
      orderType: draft.orderType,
      status,
      afterSaleStatus: 'none',
      goodsAmount: draft.goodsAmount,
      freightAmount: draft.freightAmount,
      levelDiscount: draft.levelDiscount,
      pointsTenths: draft.pointsTenths,
      couponId: draft.couponId,
      couponDiscount: draft.couponDiscount,
      pointsUsed: draft.pointsUsed,
      pointsDiscount: draft.pointsDiscount,
      payAmount: draft.payAmount,
      balanceAmount: draft.balanceAmount,
      itemCount: draft.lines.reduce((s, l) => s + l.quantity, 0),
      receiverName: address.name,
      receiverPhone: address.phone,
      receiverProvince: address.province,
      receiverCity: address.city,
      receiverDistrict: address.district,
      receiverDetail: address.detail,
      remark: (opts.remark || '').trim().slice(0, 200),
      requestId: opts.requestId,
      boundBusinessId: member?.boundBusinessId ?? null,
      payChannel: status === 'to_ship' && draft.balanceAmount > 0 ? 'balance' : null,
      cancelReason: '',
      expireAt: t + opts.expireMinutes * MIN,
      paidAt: status === 'to_ship' ? t : null,
      shippedAt: null,
      receivedAt: null,
      completedAt: null,
      cancelledAt: null,
      deletedAt: null,
      createdAt: t,
      updatedAt: t,
      ...(point
        ? {
            deliveryType: 'pickup' as const,
            pickupPointId: point.id,
            pickupName: point.name,
            pickupAddress: pickupAddressLine(point),
            pickupHours: point.hours,
            pickupPhone: point.phone,
            pickupCode,
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (opts.reserveStock !== false) {
    for (const line of [...draft.lines].sort((a, b) => a.skuId - b.skuId)) await reserveStock(tx, line)
  }
  await tx
    .insertInto('orderItems')
    .values(
      draft.lines.map((l) => ({
        orderId: row.id,
        memberId: draft.memberId,
        goodsId: l.goodsId,
        skuId: l.skuId,
        goodsName: l.goodsName,
        image: l.image,
        specText: l.specText,
        price: l.price,
        quantity: l.quantity,
        amount: l.amount,
        payAmount: l.payAmount,
        reviewed: 0,
        refundedQuantity: 0,
        refundedAmount: 0,
        createdAt: t,
      })),
    )
    .execute()
  const balanceNote = draft.balanceAmount > 0 ? `余额支付 ¥${(draft.balanceAmount / 100).toFixed(2)}` : ''
  await logOrder(tx, row.id, '', status, 'submit', operator, status === 'to_ship' ? balanceNote || '无需支付' : balanceNote)
  const ref = { id: row.id, orderNo, memberId: draft.memberId }
  for (const step of modules.pricingSteps) if (step.commit) await step.commit(tx, draft, ref)
  const cartIds = draft.lines.map((l) => l.cartItemId).filter((x): x is number => !!x)
  if (cartIds.length) await tx.deleteFrom('cartItems').where('memberId', '=', draft.memberId).where('id', 'in', cartIds).execute()
  await runOrderHooks(tx, modules, 'created', row.id, operator)
  if (status === 'to_ship') await runOrderHooks(tx, modules, 'paid', row.id, operator)
  return { id: row.id, orderNo, status, payAmount: draft.payAmount, balanceAmount: draft.balanceAmount, expireAt: t + opts.expireMinutes * MIN }
}

const MOBILE = /^1[3-9]\d{9}$/

/** A pickup order's contact: a name and a mainland mobile number (staff call it when the goods are ready). */
function pickupContactOf(c?: { name: string; phone: string }) {
  const name = (c?.name || '').trim()
  const phone = (c?.phone || '').replace(/\s+/g, '')
  if (!name) throw new AppError(ErrorCode.BAD_REQUEST, '请填写提货人姓名')
  if (!MOBILE.test(phone)) throw new AppError(ErrorCode.BAD_REQUEST, '请填写正确的提货人手机号')
  return { name: name.slice(0, 32), phone }
}

export async function previewOrder(db: Conn, modules: Contributions, input: PricingInput): Promise<OrderPreview> {
  const d = await priceOrder(db, modules, input)
  // The checkout's "free from ¥x" hint: the order's template's threshold (0 = no hint: never free, or mixed templates).
  return previewOf(d, (await freightQuote(db, d.lines, d.address)).freeThreshold)
}

/** What the checkout page shows of a priced draft (an order's or a flash sale's): its lines, address and amounts. */
export function previewOf(d: OrderDraft, freeFreightThreshold: number): OrderPreview {
  return {
    lines: d.lines.map((l) => ({
      skuId: l.skuId,
      goodsId: l.goodsId,
      goodsName: l.goodsName,
      image: l.image,
      specText: l.specText,
      price: l.price,
      quantity: l.quantity,
      stock: l.stock,
      amount: l.amount,
    })),
    deliveryType: d.pickupPoint ? 'pickup' : 'delivery',
    pickup: d.pickupPreview,
    address: d.address,
    goodsAmount: d.goodsAmount,
    freightAmount: d.freightAmount,
    levelDiscount: d.levelDiscount,
    couponDiscount: d.couponDiscount,
    pointsDiscount: d.pointsDiscount,
    payAmount: d.payAmount,
    freeFreightThreshold,
    extras: d.extras,
  }
}

async function byRequest(db: Conn, memberId: number, requestId: string): Promise<OrderSubmitResponse | null> {
  const o = await db.selectFrom('orders').select(['orderNo', 'payAmount', 'status', 'expireAt']).where('memberId', '=', memberId).where('requestId', '=', requestId).executeTakeFirst()
  return o ? { ...o, existing: true } : null
}

/**
 * Places an order. One order per (member, requestId): a repeated or concurrent submit with the same
 * requestId answers the first order. Prices, stock and the address are read inside the transaction.
 */
export async function submitOrder(
  db: Db,
  config: Config,
  modules: Contributions,
  input: PricingInput & { remark?: string; requestId: string; receiverName?: string; receiverPhone?: string; payPassword?: string },
): Promise<OrderSubmitResponse> {
  const before = await byRequest(db, input.memberId, input.requestId)
  if (before) return before
  const proof = await payPasswordProof(db, input.memberId, input.payPassword)
  try {
    return await db.transaction().execute(async (tx) => {
      const draft = await priceOrder(tx, modules, { ...input, submitting: true, payPasswordProof: proof }, { lock: true })
      const o = await createOrder(tx, modules, draft, {
        requestId: input.requestId,
        remark: input.remark,
        expireMinutes: config.orderExpireMinutes,
        pickupContact: { name: input.receiverName || '', phone: input.receiverPhone || '' },
      })
      return { orderNo: o.orderNo, payAmount: o.payAmount, status: o.status, expireAt: o.expireAt, existing: false }
    })
  } catch (err) {
    if (isUniqueViolation(err)) {
      const same = await byRequest(db, input.memberId, input.requestId)
      if (same) return same
    }
    throw err
  }
}

// ---------------------------------------------------------------- read

/**
 * What the member may do now; the list and detail pages show exactly these buttons. `followUp`: the order has a
 * first review that may still get its 追评 (docs/after-sales.md), from `followUpOrders`.
 */
export function orderActions(
  o: Pick<OrderRow, 'status' | 'orderType' | 'expireAt' | 'shippedAt' | 'receivedAt' | 'afterSaleStatus'> & { deliveryType?: OrderRow['deliveryType']; shipHold?: number | null },
  afterSalesDays: number,
  now = Date.now(),
  followUp = false,
): OrderAction[] {
  const a: OrderAction[] = []
  const again = o.orderType === 'normal'
  switch (o.status) {
    case 'unpaid':
      a.push('cancel')
      if (o.expireAt > now) a.push('pay')
      break
    case 'to_ship':
      // A 拼团 place held until its group forms cannot be refunded by hand (a failed group refunds it itself).
      if (Number(o.shipHold) !== 1) a.push('afterSale')
      // 部分发货: some parcels are on their way (split shipment).
      if (o.shippedAt) a.push('logistics')
      if (again) a.push('buyAgain')
      break
    case 'to_receive':
      a.push('afterSale', 'logistics', 'confirmReceipt')
      break
    case 'to_review':
      a.push('afterSale', 'logistics')
      if (again) a.push('buyAgain')
      if (followUp) a.push('followUp')
      a.push('evaluate')
      break
    case 'completed':
      if (o.receivedAt && o.receivedAt + afterSalesDays * DAY > now) a.push('afterSale')
      a.push('delete')
      if (o.shippedAt) a.push('logistics')
      if (again) a.push('buyAgain')
      if (followUp) a.push('followUp')
      break
    case 'cancelled':
      a.push('delete')
      if (again) a.push('buyAgain')
      break
  }
  // A pickup order has no parcel to follow: no 查看物流.
  const shown = o.deliveryType === 'pickup' ? a.filter((x) => x !== 'logistics') : a
  if (o.afterSaleStatus !== 'processing') return shown
  // A case is open: its details instead of a second application, and the order stays until it ends.
  const open = shown.filter((x) => x !== 'delete' && x !== 'afterSale')
  return ['viewAfterSale', ...open]
}

/** Orders (of those given) with a first review still open to its 追评: none yet and within FOLLOW_UP_DAYS. */
export async function followUpOrders(db: Conn, orderIds: number[], now = Date.now()): Promise<Set<number>> {
  if (!orderIds.length) return new Set()
  const reviews = await db.selectFrom('goodsReviews').select(['id', 'orderId', 'parentId', 'createdAt']).where('orderId', 'in', orderIds).execute()
  const followed = new Set(reviews.map((r) => r.parentId).filter((id) => id !== null))
  const open = reviews.filter((r) => r.parentId === null && !followed.has(r.id) && Number(r.createdAt) > now - FOLLOW_UP_DAYS * DAY)
  return new Set(open.map((r) => Number(r.orderId)))
}

const toItem = (i: ItemRow): OrderItem => ({
  id: i.id,
  goodsId: i.goodsId,
  skuId: i.skuId,
  goodsName: i.goodsName,
  image: i.image,
  specText: i.specText,
  price: i.price,
  quantity: i.quantity,
  amount: i.amount,
  payAmount: i.payAmount,
  reviewed: !!i.reviewed,
  refundedQuantity: i.refundedQuantity,
  refundedAmount: i.refundedAmount,
  shippedQuantity: Number(i.shippedQuantity) || 0,
})

function toSummary(o: OrderRow, items: ItemRow[], afterSalesDays: number, followUp: boolean): OrderSummary {
  return {
    orderNo: o.orderNo,
    status: o.status,
    statusText: orderStatusText(o),
    deliveryType: o.deliveryType,
    orderType: o.orderType,
    afterSaleStatus: o.afterSaleStatus,
    goodsAmount: o.goodsAmount,
    freightAmount: o.freightAmount,
    levelDiscount: Number(o.levelDiscount) || 0,
    couponDiscount: o.couponDiscount,
    pointsDiscount: o.pointsDiscount,
    pointsUsed: Number(o.pointsUsed) || 0,
    payAmount: o.payAmount,
    balanceAmount: Number(o.balanceAmount) || 0,
    priceAdjust: Number(o.priceAdjust) || 0,
    itemCount: o.itemCount,
    items: items.map(toItem),
    actions: orderActions(o, afterSalesDays, Date.now(), followUp),
    createdAt: o.createdAt,
    expireAt: o.expireAt,
  }
}

/** The member's own order by number (soft-deleted ones are gone for the member); 404 for anyone else's. */
export async function ownOrder(db: Conn, memberId: number, orderNo: string): Promise<OrderRow> {
  const o = await db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).where('memberId', '=', memberId).where('deletedAt', 'is', null).executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
  return o
}

const TAB_FILTER: Record<Exclude<OrderTab, 'all' | 'afterSale'>, OrderStatusValue> = { unpaid: 'unpaid', unshipped: 'to_ship', unreceived: 'to_receive', unreviewed: 'to_review' }

export async function listOrders(db: Conn, config: Config, memberId: number, tab: OrderTab, page: number, pageSize: number): Promise<OrderPage> {
  let q = db.selectFrom('orders').where('memberId', '=', memberId).where('deletedAt', 'is', null)
  if (tab === 'afterSale') q = q.where('afterSaleStatus', '!=', 'none')
  else if (tab !== 'all') q = q.where('status', '=', TAB_FILTER[tab])
  const total = await countRows(q)
  const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  const items = rows.length
    ? await db
        .selectFrom('orderItems')
        .selectAll()
        .where(
          'orderId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : []
  const followUp = await followUpOrders(
    db,
    rows.map((r) => r.id),
  )
  return {
    list: rows.map((o) =>
      toSummary(
        o,
        items.filter((i) => i.orderId === o.id),
        config.afterSalesDays,
        followUp.has(o.id),
      ),
    ),
    total: Number(total),
    page,
    pageSize,
  }
}

export async function orderCounts(db: Conn, memberId: number): Promise<OrderCounts> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('memberId', '=', memberId)
    .where('deletedAt', 'is', null)
    .where('status', 'in', ['unpaid', 'to_ship', 'to_receive', 'to_review'])
    .groupBy('status')
    .execute()
  const by = (s: string) => Number(rows.find((r) => r.status === s)?.n || 0)
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberId', '=', memberId)
    .where('deletedAt', 'is', null)
    .where('afterSaleStatus', '=', 'processing')
    .executeTakeFirstOrThrow()
  return { unpaid: by('unpaid'), unshipped: by('to_ship'), unreceived: by('to_receive'), unreviewed: by('to_review'), afterSale: Number(n) }
}

/** The lines and units in each of these parcels (shipment_items, migration 099), by order line. */
export const linesOfParcels = async (db: Conn, shipmentIds: number[]) =>
  shipmentIds.length ? db.selectFrom('shipmentItems').select(['shipmentId', 'orderItemId', 'quantity']).where('shipmentId', 'in', shipmentIds).orderBy('orderItemId').execute() : []

export async function orderDetail(db: Conn, config: Config, memberId: number, orderNo: string): Promise<OrderDetail> {
  const o = await ownOrder(db, memberId, orderNo)
  const items = await db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).orderBy('id').execute()
  const ships = await db.selectFrom('shipments').selectAll().where('orderId', '=', o.id).orderBy('id').execute()
  const parcelLines = await linesOfParcels(
    db,
    ships.map((s) => s.id),
  )
  const latestOf = (shipmentId: number) =>
    db.selectFrom('logisticsTraces').select(['time', 'text']).where('shipmentId', '=', shipmentId).orderBy('time', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()
  const parcels = await Promise.all(
    ships.map(async (s) => ({
      expressCode: s.expressCode,
      expressName: s.expressName,
      trackingNo: s.trackingNo,
      latest: (await latestOf(s.id)) ?? null,
      items: parcelLines.filter((l) => l.shipmentId === s.id).map((l) => ({ orderItemId: l.orderItemId, quantity: Number(l.quantity) })),
    })),
  )
  const ship = parcels[0]
  return {
    ...toSummary(o, items, config.afterSalesDays, (await followUpOrders(db, [o.id])).has(o.id)),
    pickup:
      o.deliveryType === 'pickup'
        ? {
            ...pickupPointOf(o),
            // The code is shown only while it can be used or after it was: not before payment, not once cancelled or refunded.
            code: o.paidAt && o.status !== 'cancelled' ? o.pickupCode : null,
            verifiedAt: o.pickupVerifiedAt,
          }
        : null,
    receiver: { name: o.receiverName, phone: o.receiverPhone, province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict, detail: o.receiverDetail },
    remark: o.remark,
    payChannel: o.payChannel,
    cancelReason: o.cancelReason,
    paidAt: o.paidAt,
    shippedAt: o.shippedAt,
    receivedAt: o.receivedAt,
    completedAt: o.completedAt,
    cancelledAt: o.cancelledAt,
    shipment: ship ? { expressCode: ship.expressCode, expressName: ship.expressName, trackingNo: ship.trackingNo, latest: ship.latest } : null,
    parcels,
  }
}

// ---------------------------------------------------------------- transitions

/**
 * Cancels an unpaid order inside the caller's transaction: one conditional update (so a member's
 * cancel, the expiry job and a payment can race safely), then stock back, pending payments closed,
 * the log, and the 'cancelled' hooks (coupons, points, seckill quota). False when it was no longer unpaid.
 */
export async function cancelOrderTx(tx: Tx, modules: Contributions, orderId: number, reason: string, operator: Operator): Promise<boolean> {
  const t = Date.now()
  const res = await tx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelledAt: t, cancelReason: reason.slice(0, 60), updatedAt: t })
    .where('id', '=', orderId)
    .where('status', '=', 'unpaid')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  const items = await tx.selectFrom('orderItems').select(['skuId', 'goodsId', 'quantity']).where('orderId', '=', orderId).execute()
  for (const it of [...items].sort((a, b) => a.skuId - b.skuId)) await returnStock(tx, it)
  await tx.updateTable('payments').set({ status: 'closed', updatedAt: t }).where('orderId', '=', orderId).where('status', '=', 'pending').execute()
  await logOrder(tx, orderId, 'unpaid', 'cancelled', 'cancel', operator, reason)
  await runOrderHooks(tx, modules, 'cancelled', orderId, operator)
  return true
}

export async function cancelOrder(db: Db, modules: Contributions, memberId: number, orderNo: string, reason = '') {
  return db.transaction().execute(async (tx) => {
    const o = await ownOrder(tx, memberId, orderNo)
    if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, '只有待付款的订单可以取消')
    const ok = await cancelOrderTx(tx, modules, o.id, reason.trim() || '买家取消订单', 'member')
    if (!ok) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化，请刷新后重试')
    return { orderNo, status: 'cancelled' as const }
  })
}

/** Shipped → received (the member, or the system after the auto-receive days: config.autoReceiveDays, console 设置). */
export async function receiveOrderTx(tx: Tx, modules: Contributions, orderId: number, operator: Operator, t = Date.now(), autoDays = AUTO_RECEIVE_DAYS): Promise<boolean> {
  const res = await tx.updateTable('orders').set({ status: 'to_review', receivedAt: t, updatedAt: t }).where('id', '=', orderId).where('status', '=', 'to_receive').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  const signed = operator === 'system' ? await tx.selectFrom('shipments').select('signedAt').where('orderId', '=', orderId).orderBy('id', 'desc').executeTakeFirst() : undefined
  const note = operator !== 'system' ? '' : signed?.signedAt ? `快递签收${autoDays}天后自动确认收货` : `发货${autoDays}天后自动确认收货`
  await logOrder(tx, orderId, 'to_receive', 'to_review', 'receive', operator, note)
  await runOrderHooks(tx, modules, 'received', orderId, operator)
  return true
}

export async function confirmReceipt(db: Db, modules: Contributions, memberId: number, orderNo: string) {
  return db.transaction().execute(async (tx) => {
    const o = await ownOrder(tx, memberId, orderNo)
    if (o.status !== 'to_receive') throw new AppError(ErrorCode.ORDER_STATE, '只有已发货的订单可以确认收货')
    if (!(await receiveOrderTx(tx, modules, o.id, 'member'))) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化，请刷新后重试')
    return { orderNo, status: 'to_review' as const }
  })
}

/** Received → completed. */
export async function completeOrderTx(tx: Tx, modules: Contributions, orderId: number, operator: Operator, note = '', t = Date.now()): Promise<boolean> {
  const res = await tx.updateTable('orders').set({ status: 'completed', completedAt: t, updatedAt: t }).where('id', '=', orderId).where('status', '=', 'to_review').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  await logOrder(tx, orderId, 'to_review', 'completed', 'complete', operator, note)
  await runOrderHooks(tx, modules, 'completed', orderId, operator)
  return true
}

/**
 * For the review module: marks order lines reviewed (the member's own), and completes the order
 * when every line is reviewed. Call inside the transaction that stores the review.
 */
export async function markItemsReviewed(tx: Tx, modules: Contributions, memberId: number, orderId: number, itemIds: number[]) {
  if (itemIds.length) await tx.updateTable('orderItems').set({ reviewed: 1 }).where('orderId', '=', orderId).where('memberId', '=', memberId).where('id', 'in', itemIds).execute()
  const { left } = await tx
    .selectFrom('orderItems')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('orderId', '=', orderId)
    .where('reviewed', '=', 0)
    .executeTakeFirstOrThrow()
  if (Number(left) === 0) await completeOrderTx(tx, modules, orderId, 'member', '已评价')
}

/** For the after-sales module: flags the order ('processing' while a case is open, 'finished' after). */
export async function setAfterSaleStatus(tx: Conn, orderId: number, status: 'none' | 'processing' | 'finished') {
  await tx.updateTable('orders').set({ afterSaleStatus: status, updatedAt: Date.now() }).where('id', '=', orderId).execute()
}

/** Soft delete: hidden from the member, kept for the shop. Only completed or cancelled orders. */
export async function deleteOrder(db: Db, memberId: number, orderNo: string) {
  const o = await ownOrder(db, memberId, orderNo)
  if (o.status !== 'completed' && o.status !== 'cancelled') throw new AppError(ErrorCode.ORDER_STATE, '只有已完成或已取消的订单可以删除')
  if (o.afterSaleStatus === 'processing') throw new AppError(ErrorCode.ORDER_STATE, '售后处理中的订单不能删除')
  const t = Date.now()
  const res = await db
    .updateTable('orders')
    .set({ deletedAt: t, updatedAt: t })
    .where('id', '=', o.id)
    .where('memberId', '=', memberId)
    .where('status', 'in', ['completed', 'cancelled'])
    .where('deletedAt', 'is', null)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化，请刷新后重试')
  return { orderNo, deleted: true }
}

/** Puts the order's SKUs back in the cart (what is still on sale, bounded by stock). */
export async function buyAgain(db: Db, memberId: number, orderNo: string): Promise<BuyAgainResponse> {
  const o = await ownOrder(db, memberId, orderNo)
  if (o.orderType !== 'normal') throw new AppError(ErrorCode.ORDER_STATE, '该订单不支持再次购买')
  const items = await db.selectFrom('orderItems').select(['skuId', 'quantity']).where('orderId', '=', o.id).orderBy('id').execute()
  let added = 0
  let skipped = 0
  for (const it of items) {
    try {
      await addToCart(db, memberId, it.skuId, it.quantity, { clamp: true })
      added += 1
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      skipped += 1
    }
  }
  if (!added) throw new AppError(ErrorCode.OUT_OF_STOCK, '商品已售罄或已下架')
  return { added, skipped }
}

// ---------------------------------------------------------------- jobs

/** Cancels unpaid orders whose expire_at has passed and returns their stock. Returns how many it cancelled. */
export async function expireOrders(db: Db, modules: Contributions, now = Date.now(), limit = 200): Promise<number> {
  const due = await db.selectFrom('orders').select('id').where('status', '=', 'unpaid').where('expireAt', '<=', now).orderBy('expireAt').limit(limit).execute()
  let n = 0
  for (const { id } of due) {
    if (await db.transaction().execute((tx) => cancelOrderTx(tx, modules, id, '超时未支付，订单自动取消', 'system'))) n += 1
  }
  return n
}

/** Receives orders shipped receiveDays ago (config.autoReceiveDays) and completes orders received AUTO_COMPLETE_DAYS ago. */
export async function autoAdvanceOrders(db: Db, modules: Contributions, now = Date.now(), limit = 200, receiveDays = AUTO_RECEIVE_DAYS): Promise<{ received: number; completed: number }> {
  let received = 0
  let completed = 0
  // Counted from the courier's 签收 when it is known (migration 084, logistics/tracking.ts), else from shipping.
  const cutoff = now - receiveDays * DAY
  // Several parcels: shipped_at is the last parcel's; every parcel signed for (when the courier said so) by the cutoff.
  const ship = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.status', '=', 'to_receive')
    .where('o.shippedAt', '<=', cutoff)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('shipments as s').select('s.id').whereRef('s.orderId', '=', 'o.id').where('s.signedAt', '>', cutoff))))
    .limit(limit)
    .execute()
  for (const { id } of ship) if (await db.transaction().execute((tx) => receiveOrderTx(tx, modules, id, 'system', now, receiveDays))) received += 1
  const rec = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'to_review')
    .where('receivedAt', '<=', now - AUTO_COMPLETE_DAYS * DAY)
    .limit(limit)
    .execute()
  for (const { id } of rec) if (await db.transaction().execute((tx) => completeOrderTx(tx, modules, id, 'system', `收货${AUTO_COMPLETE_DAYS}天后自动完成`, now))) completed += 1
  return { received, completed }
}
