import { Readable } from 'node:stream'
import { sql, type SqlBool } from 'kysely'
import { dialectOf } from '../../db'
import type { Conn, Db, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { staffNamesAt, type AuditEntry } from '../../admin/audit'
import { keywordMatch, normaliseKeyword } from '../goods/keyword'
import { readTraces } from '../logistics/provider'
import { addTrace, correctWaybill, shipOrder, type ParcelLine } from '../logistics/service'
import { cancelOrderTx, linesOfParcels, receiverAddress } from './service'
import { pickupPointOf } from './pickup'
import { orderCommissions } from '../agent/adminService'
import { ORDER_STATUS_TEXT } from '../../../../types/order'
import { payMethodText } from '../../../../types/pay'
import type { AdminOrderDetail, AdminOrderPage, AdminOrderQuery, AdminOrderRow } from '../../../../types/adminOrders'
import { csvCell } from '../../admin/csv'
import type { Contributions } from '../contributions'
import { chinaSecond } from '../../services/chinaTime'
import { onPage, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void

/**
 * The console's order search: state, order number, phone (the receiver's, or the member's: looked up first so
 * both conditions use their index), goods (order lines whose catalogue goods' name matches, through the shop
 * search's name index), created between. `count` is the query for the total: with the goods name as the only
 * filter it counts the matching order lines' distinct orders without visiting the orders table.
 */
async function filtered(db: Db, q: Omit<AdminOrderQuery, 'page' | 'pageSize'>) {
  let b = db.selectFrom('orders as o')
  if (q.status) b = b.where('o.status', '=', q.status)
  // 待发货 is what staff can ship: not a 拼团 order still waiting for its group (待成团, listed under 全部).
  if (q.status === 'to_ship') b = b.where('o.shipHold', '=', 0)
  if (q.orderNo) b = b.where('o.orderNo', '=', q.orderNo.trim())
  if (q.phone) {
    const phone = q.phone.trim()
    const m = await db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst()
    b = m ? b.where((eb) => eb.or([eb('o.receiverPhone', '=', phone), eb('o.memberId', '=', m.id)])) : b.where('o.receiverPhone', '=', phone)
  }
  if (q.from !== undefined) b = b.where('o.createdAt', '>=', q.from)
  if (q.to !== undefined) b = b.where('o.createdAt', '<', q.to)
  const kw = normaliseKeyword(q.goods)
  if (!kw) return { query: b, count: b.select((eb) => eb.fn.countAll<number>().as('n')) }
  const { lines } = await matchingLines(db, kw)
  const onlyGoods = !q.status && !q.orderNo && !q.phone && q.from === undefined && q.to === undefined
  b = b.where('o.id', 'in', lines.select('i.orderId'))
  const count = onlyGoods ? lines.select((eb) => eb.fn.count<number>('i.orderId').distinct().as('n')) : b.select((eb) => eb.fn.countAll<number>().as('n'))
  // Wrapped: Kysely refuses to let a query builder be awaited (as an async function's result would be).
  return { query: b, count }
}

/**
 * Order lines whose catalogue goods' name holds the word. PostgreSQL: one query with the name match inside (the
 * planner walks the orders by date and stops after a page). SQLite: the matching goods found first (its name index
 * is a side table the planner cannot join well) and passed as one JSON array, not thousands of bound parameters
 * (binding them cost more than the page itself: docs/BENCHMARKS.md, console lists).
 */
async function matchingLines(db: Db, kw: string) {
  const match = keywordMatch(db, kw)
  const name = match.indexed ? sql<SqlBool>`(${match.indexed} AND ${match.check})` : match.check
  const lines = db.selectFrom('orderItems as i')
  if (dialectOf(db) === 'postgres') return { lines: lines.innerJoin('goods', 'goods.id', 'i.goodsId').where(name) }
  const ids = (await db.selectFrom('goods').select('goods.id').where(name).execute()).map((g) => g.id)
  return { lines: lines.where('i.goodsId', 'in', sql<number>`(SELECT value FROM json_each(${JSON.stringify(ids)}))`) }
}

/** The columns of an order row in the console's lists (orders, a member's orders). */
export const ROW_COLUMNS = [
  'o.id',
  'o.orderNo',
  'o.status',
  'o.afterSaleStatus',
  'o.memberId',
  'o.receiverName',
  'o.receiverPhone',
  'o.payAmount',
  'o.itemCount',
  'o.createdAt',
  'o.paidAt',
  'o.payChannel',
  'o.deliveryType',
  'o.shippedAt',
  'o.shipHold',
] as const

/** First goods line of each order (name and picture for the list). */
async function firstItems(db: Conn, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, { goodsName: string; image: string }>()
  const items = await db.selectFrom('orderItems').select(['orderId', 'goodsName', 'image', 'id']).where('orderId', 'in', orderIds).orderBy('id').execute()
  const m = new Map<number, { goodsName: string; image: string }>()
  for (const it of items) if (!m.has(it.orderId)) m.set(it.orderId, it)
  return m
}

async function phones(db: Conn, memberIds: number[]) {
  if (!memberIds.length) return new Map<number, string>()
  const rows = await db
    .selectFrom('members')
    .select(['id', 'phone'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute()
  return new Map(rows.map((r) => [r.id, r.phone || '']))
}

export async function toRows(
  db: Conn,
  rows: Array<{
    id: number
    orderNo: string
    status: string
    afterSaleStatus: string
    memberId: number
    receiverName: string
    receiverPhone: string
    payAmount: number
    itemCount: number
    createdAt: number
    paidAt: number | null
    payChannel: string | null
    deliveryType: string
    shippedAt: number | null
    shipHold: number
  }>,
): Promise<AdminOrderRow[]> {
  const [first, phone] = await Promise.all([
    firstItems(
      db,
      rows.map((r) => r.id),
    ),
    phones(
      db,
      rows.map((r) => r.memberId),
    ),
  ])
  return rows.map(({ shippedAt, shipHold, ...r }) => ({
    ...r,
    held: r.status === 'to_ship' && !!shipHold,
    // Some parcels sent, others still to send (docs/orders.md "Parcels").
    partlyShipped: r.status === 'to_ship' && !!shippedAt,
    memberPhone: phone.get(r.memberId) || '',
    firstGoodsName: first.get(r.id)?.goodsName || '',
    firstImage: first.get(r.id)?.image || '',
    createdAt: Number(r.createdAt),
    paidAt: r.paidAt === null ? null : Number(r.paidAt),
    payChannel: r.payChannel || '',
  }))
}

export async function adminOrderList(db: Db, q: AdminOrderQuery): Promise<AdminOrderPage> {
  const { page, pageSize } = paged(q)
  const { query: b, count: total } = await filtered(db, q)
  const [rows, count] = await Promise.all([
    b
      .select([...ROW_COLUMNS])
      .orderBy('o.createdAt', 'desc')
      .orderBy('o.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    total.executeTakeFirstOrThrow(),
  ])
  return { list: await toRows(db, rows), total: Number(count.n), page, pageSize }
}

const CSV_HEADER = [
  '订单号',
  '状态',
  '下单时间',
  '支付时间',
  '支付方式',
  '会员手机',
  '收货人',
  '收货电话',
  '收货地址',
  '商品',
  '件数',
  '商品金额(元)',
  '运费(元)',
  '优惠(元)',
  '实付(元)',
  '买家备注',
  '商家备注',
]
const yuan = (fen: number) => (fen / 100).toFixed(2)
const cell = csvCell

export const EXPORT_BATCH = 500

/** The filtered orders in pages of EXPORT_BATCH, newest first, by keyset (created_at, id): `read` selects a page's rows. */
export async function* keysetPages<R extends { id: number; createdAt: number }>(db: Db, q: Omit<AdminOrderQuery, 'page' | 'pageSize'>, read: (b: OrderQuery) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: { createdAt: number; id: number } | null = null
  for (;;) {
    let b = (await filtered(db, q)).query
    if (after) {
      const a: { createdAt: number; id: number } = after
      b = b.where((eb) => eb.or([eb('o.createdAt', '<', a.createdAt), eb.and([eb('o.createdAt', '=', a.createdAt), eb('o.id', '<', a.id)])]))
    }
    const rows = await read(b.orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(EXPORT_BATCH))
    if (!rows.length) return
    yield rows
    const last = rows[rows.length - 1]
    after = { createdAt: Number(last.createdAt), id: last.id }
    if (rows.length < EXPORT_BATCH) return
  }
}
type OrderQuery = Awaited<ReturnType<typeof filtered>>['query']

/**
 * The filtered orders as CSV, streamed: pages of EXPORT_BATCH rows by keyset (created_at, id), so 100,000 rows
 * never sit in memory together. A UTF-8 BOM first, so spreadsheet programs read the Chinese.
 */
export function exportOrdersCsv(db: Db, q: Omit<AdminOrderQuery, 'page' | 'pageSize'>): Readable {
  async function* lines() {
    yield `\uFEFF${CSV_HEADER.map(cell).join(',')}\r\n`
    for await (const rows of keysetPages(db, q, (b) =>
      b
        .select([
          ...ROW_COLUMNS,
          'o.receiverProvince',
          'o.receiverCity',
          'o.receiverDistrict',
          'o.receiverDetail',
          'o.goodsAmount',
          'o.freightAmount',
          'o.couponDiscount',
          'o.pointsDiscount',
          'o.levelDiscount',
          'o.remark',
          'o.adminRemark',
        ])
        .execute(),
    )) {
      const [first, phone] = await Promise.all([
        firstItems(
          db,
          rows.map((r) => r.id),
        ),
        phones(
          db,
          rows.map((r) => r.memberId),
        ),
      ])
      let chunk = ''
      for (const r of rows) {
        chunk +=
          [
            r.orderNo,
            ORDER_STATUS_TEXT[r.status],
            chinaSecond(r.createdAt),
            chinaSecond(r.paidAt),
            r.payChannel ? payMethodText('', r.payChannel) : '',
            phone.get(r.memberId) || '',
            r.receiverName,
            r.receiverPhone,
            receiverAddress(r),
            first.get(r.id)?.goodsName || '',
            r.itemCount,
            yuan(r.goodsAmount),
            yuan(r.freightAmount),
            yuan(r.couponDiscount + r.pointsDiscount + Number(r.levelDiscount)),
            yuan(r.payAmount),
            r.remark,
            r.adminRemark,
          ]
            .map(cell)
            .join(',') + '\r\n'
      }
      yield chunk
    }
  }
  return Readable.from(lines())
}

export async function orderByNo(db: Conn, orderNo: string) {
  const o = await db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
  return o
}

export async function adminOrderDetail(db: Conn, orderNo: string): Promise<AdminOrderDetail> {
  const o = await orderByNo(db, orderNo)
  const [member, items, logs, payments, ships, refunds, commissions] = await Promise.all([
    db.selectFrom('members').select('phone').where('id', '=', o.memberId).executeTakeFirst(),
    db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).orderBy('id').execute(),
    db.selectFrom('orderLogs').selectAll().where('orderId', '=', o.id).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('orderId', '=', o.id).orderBy('id').execute(),
    db
      .selectFrom('shipments as s')
      .leftJoin('trackingSubscriptions as t', 't.shipmentId', 's.id')
      .selectAll('s')
      .select(['t.status as subscription', 't.lastError as subscriptionError'])
      .where('s.orderId', '=', o.id)
      .orderBy('s.id')
      .execute(),
    db.selectFrom('afterSales').select(['id', 'afterSaleNo', 'status', 'amount', 'refundAmount', 'refundedAt']).where('orderId', '=', o.id).orderBy('id').execute(),
    orderCommissions(db, o.id),
  ])
  const parcelLines = await linesOfParcels(
    db,
    ships.map((s) => s.id),
  )
  const parcels = await Promise.all(
    ships.map(async (s) => ({
      id: s.id,
      expressCode: s.expressCode,
      expressName: s.expressName,
      trackingNo: s.trackingNo,
      createdAt: Number(s.createdAt),
      trackingState: s.trackingState,
      subscription: s.subscription || '',
      subscriptionProblem: s.subscription === 'failed' || s.subscription === 'aborted' || (s.subscription === 'pending' && !!s.subscriptionError) ? s.subscriptionError || '' : '',
      traces: await readTraces(db, s),
      items: parcelLines
        .filter((l) => l.shipmentId === s.id)
        .map((l) => {
          const it = items.find((i) => i.id === l.orderItemId)
          return { orderItemId: l.orderItemId, goodsName: it?.goodsName || '', specText: it?.specText || '', quantity: Number(l.quantity) }
        }),
    })),
  )
  const staffLogs = logs.filter((l) => l.operator === 'admin')
  const staffNames = await staffNamesAt(
    db,
    [{ type: 'order', id: o.orderNo }, ...refunds.map((r) => ({ type: 'afterSale', id: r.afterSaleNo }))],
    staffLogs.map((l) => Number(l.createdAt)),
  )
  const staffOf = new Map(staffLogs.map((l, i) => [l.id, staffNames[i]]))
  const n = (v: number | null) => (v === null ? null : Number(v))
  return {
    order: {
      id: o.id,
      orderNo: o.orderNo,
      orderType: o.orderType,
      status: o.status,
      held: o.status === 'to_ship' && !!o.shipHold,
      afterSaleStatus: o.afterSaleStatus,
      memberId: o.memberId,
      memberPhone: member?.phone || '',
      goodsAmount: o.goodsAmount,
      freightAmount: o.freightAmount,
      levelDiscount: Number(o.levelDiscount) || 0,
      couponDiscount: o.couponDiscount,
      pointsDiscount: o.pointsDiscount,
      payAmount: o.payAmount,
      balanceAmount: Number(o.balanceAmount) || 0,
      priceAdjust: Number(o.priceAdjust) || 0,
      receiverName: o.receiverName,
      receiverPhone: o.receiverPhone,
      receiverAddress: receiverAddress(o),
      remark: o.remark,
      adminRemark: o.adminRemark,
      cancelReason: o.cancelReason,
      createdAt: Number(o.createdAt),
      paidAt: n(o.paidAt),
      shippedAt: n(o.shippedAt),
      receivedAt: n(o.receivedAt),
      completedAt: n(o.completedAt),
      cancelledAt: n(o.cancelledAt),
      deliveryType: o.deliveryType,
    },
    pickup:
      o.deliveryType === 'pickup'
        ? {
            ...pickupPointOf(o),
            code: o.pickupCode || '',
            verifiedAt: n(o.pickupVerifiedAt),
            verifiedBy: o.pickupVerifiedBy || '',
          }
        : null,
    items: items.map((i) => ({
      id: i.id,
      goodsId: i.goodsId,
      skuId: i.skuId,
      goodsName: i.goodsName,
      image: i.image,
      specText: i.specText,
      price: i.price,
      quantity: i.quantity,
      payAmount: i.payAmount,
      refundedQuantity: i.refundedQuantity,
      refundedAmount: i.refundedAmount,
      shippedQuantity: Number(i.shippedQuantity) || 0,
    })),
    timeline: logs.map((l) => ({
      action: l.action,
      fromStatus: l.fromStatus,
      toStatus: l.toStatus,
      operator: l.operator,
      staffName: staffOf.get(l.id) || '',
      note: l.note,
      createdAt: Number(l.createdAt),
    })),
    payments: payments.map((p) => ({ payNo: p.payNo, provider: p.provider, channel: p.channel, amount: p.amount, status: p.status, transactionId: p.transactionId, paidAt: n(p.paidAt) })),
    shipment: parcels.length ? (({ id: _id, items: _items, ...first }) => first)(parcels[0]) : null,
    parcels,
    refunds: refunds.map((r) => ({ id: r.id, afterSaleNo: r.afterSaleNo, status: r.status, amount: r.amount, refundAmount: r.refundAmount, refundedAt: n(r.refundedAt) })),
    commissions,
  }
}

/**
 * Ships a parcel through the CLI's service (logistics/service.ts shipOrder) inside the audited transaction: the
 * given lines and units, or every unit still waiting. The order becomes to_receive with its last parcel.
 */
export async function adminShip(tx: Tx, modules: Contributions, orderNo: string, expressCode: string, trackingNo: string, log: Log, lines?: ParcelLine[]) {
  const r = await shipOrder(tx, modules, orderNo, expressCode, trackingNo, 'admin', lines)
  log({
    action: 'order.ship',
    targetType: 'order',
    targetId: orderNo,
    before: { status: 'to_ship' },
    after: { status: r.complete ? 'to_receive' : 'to_ship', parcel: r.parcelNo, expressCode: r.expressCode, expressName: r.expressName, trackingNo: r.trackingNo, items: r.lines },
  })
  return r
}

/** 更正运单号 (logistics/service.ts correctWaybill), audited. */
export async function adminCorrectWaybill(tx: Tx, orderNo: string, expressCode: string, trackingNo: string, log: Log, shipmentId?: number) {
  const r = await correctWaybill(tx, orderNo, expressCode, trackingNo, shipmentId)
  log({ action: 'order.waybill', targetType: 'order', targetId: orderNo, before: r.before, after: r.after })
  return r
}

export async function adminTrace(tx: Tx, orderNo: string, text: string, log: Log, shipmentId?: number) {
  const r = await addTrace(tx, orderNo, text, Date.now(), shipmentId)
  log({ action: 'order.trace', targetType: 'order', targetId: orderNo, after: { time: r.time, text: r.text, shipmentId: r.shipmentId } })
}

export async function adminRemark(tx: Tx, orderNo: string, remark: string, log: Log) {
  const o = await orderByNo(tx, orderNo)
  await tx.updateTable('orders').set({ adminRemark: remark.trim(), updatedAt: Date.now() }).where('id', '=', o.id).execute()
  log({ action: 'order.remark', targetType: 'order', targetId: orderNo, before: { adminRemark: o.adminRemark }, after: { adminRemark: remark.trim() } })
}

/** Cancels an unpaid order through the shop's cancel (stock, coupon and points back, payments closed). */
export async function adminCancel(tx: Tx, modules: Contributions, orderNo: string, reason: string, log: Log) {
  const o = await orderByNo(tx, orderNo)
  if (o.status !== 'unpaid') throw new AppError(ErrorCode.ORDER_STATE, '只有待付款的订单可以取消')
  const why = `商家取消：${reason.trim()}`
  if (!(await cancelOrderTx(tx, modules, o.id, why, 'admin'))) throw new AppError(ErrorCode.ORDER_STATE, '订单状态已变化，请刷新后重试')
  log({ action: 'order.cancel', targetType: 'order', targetId: orderNo, before: { status: 'unpaid' }, after: { status: 'cancelled', cancelReason: why } })
}
