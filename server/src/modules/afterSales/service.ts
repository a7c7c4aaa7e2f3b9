import type { Selectable } from 'kysely'
import type { Config } from '../../config'
import type { AppContext } from '../../context'
import type { Conn, Db, Tx } from '../../db/types'
import { inTx } from '../../db/tx'
import type { OrderItemTable, OrderTable } from '../../db/tradeTables'
import type { AfterSaleStatusValue, AfterSaleTable, AfterSaleTypeValue, CaseOperator } from '../../db/afterSalesTables'
import type {
  AfterSaleApplyInfo,
  AfterSaleApplyItem,
  AfterSaleApplyRequest,
  AfterSaleDetail,
  AfterSalePage,
  AfterSaleSummary,
  AfterSaleType,
  RefundableItem,
  RefundQuote,
  ReturnShipRequest,
} from '../../../../types/afterSales'
import { AFTER_SALE_DESC_MAX, AFTER_SALE_MAX_IMAGES, AFTER_SALE_REASONS, AFTER_SALE_STATE_TEXT, AFTER_SALE_TYPE_TEXT } from '../../../../types/afterSales'
import { AppError, ErrorCode } from '../../errors'
import { getPaymentProvider } from '../../payments'
import { allocate } from '../order/pricing'
import { isUniqueViolation, logOrder, makeOrderNo, ownOrder, returnStock, setAfterSaleStatus } from '../order/service'
import { emitOrderEvent } from '../order/events'
import { balanceShareOfRefund, changeBalance } from '../balance/service'
import { withdrawableBack } from '../balance/order'
import { changePoints, hasLedgerKey } from '../integral/points'
import { giveCouponBack } from '../coupon/pricing'
import { rejectTasksOfRefundedItems } from '../cashback/service'
import { queueMessage } from '../notifications/service'
import { completeIfAllReviewed } from '../review/service'
import { finishShippingIfDone } from '../logistics/service'
import { charCount, ownImages, parseImages } from '../review/images'
import { addressLine, NO_RETURN_ADDRESS, returnAddressFor } from './returnAddresses'
import type { Contributions } from '../contributions'
import { chinaMinute } from '../../services/chinaTime'
import { onPage } from '../../db/paging'

type OrderRow = Selectable<OrderTable>
type ItemRow = Selectable<OrderItemTable>
type CaseRow = Selectable<AfterSaleTable>

const DAY = 86_400_000
/** Cases that are still open: at most one per order (unique partial index after_sales_one_open). */
export const OPEN_STATES: AfterSaleStatusValue[] = ['applied', 'approved', 'returned', 'received', 'refunding']
/** A refund starts from here: refund only once approved, return and refund once the shop has the goods back. */
const REFUND_FROM: Record<AfterSaleTypeValue, AfterSaleStatusValue> = { refund: 'approved', return_refund: 'received' }
const TRACKING_RE = /^[A-Za-z0-9-]{6,40}$/

// ---------------------------------------------------------------- amounts

/** What k units of a line are worth: floor(payAmount × k / quantity), the whole pay amount for every unit. */
export const shareOf = (item: Pick<ItemRow, 'quantity' | 'payAmount'>, k: number) => (k >= item.quantity ? item.payAmount : Math.floor((item.payAmount * k) / item.quantity))

/** The most that q more units of a line can bring back: their share of what was paid for the line. */
export const unitsMax = (item: Pick<ItemRow, 'quantity' | 'payAmount' | 'refundedQuantity'>, q: number) => Math.max(0, shareOf(item, item.refundedQuantity + q) - shareOf(item, item.refundedQuantity))

/** Freight the member paid: what the order cost beyond its lines' pay amounts (never negative). */
export const freightPaid = (order: Pick<OrderRow, 'payAmount'>, items: Array<Pick<ItemRow, 'payAmount'>>) => Math.max(0, order.payAmount - items.reduce((s, i) => s + i.payAmount, 0))

async function freightRefunded(db: Conn, orderId: number, exceptId = 0) {
  const r = await db
    .selectFrom('afterSales')
    .select((eb) => eb.fn.sum<number>('freightAmount').as('s'))
    .where('orderId', '=', orderId)
    .where('status', 'in', ['refunding', 'refunded'])
    .where('id', '!=', exceptId)
    .executeTakeFirst()
  return Number(r?.s || 0)
}

/**
 * The refund limit for a selection of lines: each line's share for its units, plus the freight when the
 * order has not shipped and the selection takes back every unit still left (the last refund of an unshipped order).
 */
export function quote(
  order: Pick<OrderRow, 'payAmount' | 'shippedAt' | 'status'>,
  items: ItemRow[],
  selection: AfterSaleApplyItem[],
  freightAlreadyRefunded: number,
): RefundQuote & { perItem: number[] } {
  const perItem = selection.map((s) => {
    const item = items.find((i) => i.id === s.orderItemId)
    if (!item) throw new AppError(ErrorCode.NOT_FOUND, '订单商品不存在')
    const left = item.quantity - item.refundedQuantity
    if (!Number.isInteger(s.quantity) || s.quantity < 1) throw new AppError(ErrorCode.BAD_REQUEST, '请选择退款数量')
    if (s.quantity > left) throw new AppError(ErrorCode.REFUND_EXCEEDS, left <= 0 ? `「${item.goodsName}」已全部退款` : `「${item.goodsName}」最多可退${left}件`)
    return unitsMax(item, s.quantity)
  })
  const goodsAmount = perItem.reduce((a, b) => a + b, 0)
  const takesAll = items.every((i) => i.quantity - i.refundedQuantity === (selection.find((s) => s.orderItemId === i.id)?.quantity || 0))
  const unshipped = !order.shippedAt && order.status === 'to_ship'
  const freightAmount = unshipped && takesAll ? Math.max(0, freightPaid(order, items) - freightAlreadyRefunded) : 0
  return { goodsAmount, freightAmount, maxAmount: goodsAmount + freightAmount, perItem }
}

/** A new case's columns that only later steps fill (refund, return parcel, rejection). */
const NEW_CASE = {
  refundAmount: 0,
  freightAmount: 0,
  pointsReturned: 0,
  couponReturned: 0,
  returnName: '',
  returnPhone: '',
  returnAddress: '',
  returnExpressCode: '',
  returnExpressName: '',
  returnTrackingNo: '',
  rejectReason: '',
  refundNo: null,
  refundId: null,
  refundError: '',
} as const

/** Which kinds of after-sales an order allows now: none before payment, refund only before shipping, both after. */
export function allowedTypes(order: Pick<OrderRow, 'status' | 'receivedAt'>, config: Pick<Config, 'afterSalesDays'>, now = Date.now()): AfterSaleType[] {
  switch (order.status) {
    case 'to_ship':
      return ['refund']
    case 'to_receive':
    case 'to_review':
      return ['refund', 'return_refund']
    case 'completed':
      return order.receivedAt && order.receivedAt + config.afterSalesDays * DAY > now ? ['refund', 'return_refund'] : []
    default:
      return []
  }
}

const toRefundable = (i: ItemRow): RefundableItem => {
  const left = i.quantity - i.refundedQuantity
  return {
    orderItemId: i.id,
    goodsId: i.goodsId,
    goodsName: i.goodsName,
    image: i.image,
    specText: i.specText,
    price: i.price,
    quantity: i.quantity,
    payAmount: i.payAmount,
    refundedQuantity: i.refundedQuantity,
    refundedAmount: i.refundedAmount,
    refundableQuantity: left,
    refundableAmount: unitsMax(i, left),
  }
}

export async function applyInfo(db: Db, config: Config, memberId: number, orderNo: string): Promise<AfterSaleApplyInfo> {
  const o = await ownOrder(db, memberId, orderNo)
  const items = await db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).orderBy('id').execute()
  const open = await db.selectFrom('afterSales').select('afterSaleNo').where('orderId', '=', o.id).where('status', 'in', OPEN_STATES).executeTakeFirst()
  const all = items.filter((i) => i.quantity > i.refundedQuantity).map((i) => ({ orderItemId: i.id, quantity: i.quantity - i.refundedQuantity }))
  const q = all.length ? quote(o, items, all, await freightRefunded(db, o.id)) : { freightAmount: 0 }
  return {
    orderNo: o.orderNo,
    orderStatus: o.status,
    shipped: !!o.shippedAt,
    types: all.length && !o.shipHold ? allowedTypes(o, config) : [],
    items: items.map(toRefundable),
    refundableFreight: q.freightAmount,
    openAfterSaleNo: open?.afterSaleNo ?? null,
  }
}

/** The limit for a selection, as the apply page shows it (the same computation the apply call enforces). */
export async function quoteFor(db: Db, memberId: number, orderNo: string, selection: AfterSaleApplyItem[]): Promise<RefundQuote> {
  const o = await ownOrder(db, memberId, orderNo)
  const items = await db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).execute()
  const q = quote(o, items, selection, await freightRefunded(db, o.id))
  return { maxAmount: q.maxAmount, goodsAmount: q.goodsAmount, freightAmount: q.freightAmount }
}

// ---------------------------------------------------------------- log and flags

export async function logCase(tx: Conn, afterSaleId: number, status: AfterSaleStatusValue, operator: CaseOperator, note = '') {
  await tx
    .insertInto('afterSaleLogs')
    .values({ afterSaleId, status, note: note.slice(0, 200), operator, createdAt: Date.now() })
    .execute()
}

/** The order's after-sales flag: processing while a case is open, finished once one ended other than by cancelling, else none. */
async function syncOrderFlag(tx: Tx, orderId: number) {
  const rows = await tx.selectFrom('afterSales').select('status').where('orderId', '=', orderId).execute()
  const flag = rows.some((r) => OPEN_STATES.includes(r.status)) ? 'processing' : rows.some((r) => r.status !== 'cancelled') ? 'finished' : 'none'
  await setAfterSaleStatus(tx, orderId, flag)
}

// ---------------------------------------------------------------- member

/**
 * A member applies: own order in a state that allows the type, lines with units left, a reason from the list,
 * at most 200 characters of description, at most 9 own images, an amount from 1 fen to the limit. One open
 * case per order: the unique partial index refuses a second one even when two arrive at once.
 */
export async function applyAfterSale(db: Db, config: Config, memberId: number, req: AfterSaleApplyRequest & { images: string[] }) {
  if (!AFTER_SALE_REASONS[req.type]) throw new AppError(ErrorCode.BAD_REQUEST, '请选择售后类型')
  if (!AFTER_SALE_REASONS[req.type].includes(req.reason)) throw new AppError(ErrorCode.BAD_REQUEST, '请选择售后原因')
  const description = String(req.description || '').trim()
  if (charCount(description) > AFTER_SALE_DESC_MAX) throw new AppError(ErrorCode.BAD_REQUEST, `问题描述最多${AFTER_SALE_DESC_MAX}个字`)
  if (!Array.isArray(req.items) || !req.items.length) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要售后的商品')
  if (new Set(req.items.map((i) => i.orderItemId)).size !== req.items.length) throw new AppError(ErrorCode.BAD_REQUEST, '商品重复')
  if (!Number.isInteger(req.amount) || req.amount < 1) throw new AppError(ErrorCode.BAD_REQUEST, '请输入退款金额')
  const images = await ownImages(db, memberId, req.images, AFTER_SALE_MAX_IMAGES, '凭证图片')
  try {
    return await db.transaction().execute(async (tx) => {
      const o = await ownOrder(tx, memberId, req.orderNo)
      // A group order still waiting for its group (拼团): its place counts in the group; a failed group refunds it in full.
      if (o.shipHold) throw new AppError(ErrorCode.ORDER_STATE, '拼团进行中，成团后可申请售后；未成团将自动全额退款')
      const types = allowedTypes(o, config)
      if (!types.includes(req.type)) {
        throw new AppError(ErrorCode.ORDER_STATE, !types.length ? (o.status === 'completed' ? '已超过售后期限' : '该订单当前不能申请售后') : '商品未发货，请申请仅退款')
      }
      const open = await tx.selectFrom('afterSales').select('afterSaleNo').where('orderId', '=', o.id).where('status', 'in', OPEN_STATES).executeTakeFirst()
      if (open) throw new AppError(ErrorCode.AFTER_SALE_STATE, '该订单已有进行中的售后，请等待处理完成')
      const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).execute()
      const q = quote(o, items, req.items, await freightRefunded(tx, o.id))
      if (q.maxAmount <= 0) throw new AppError(ErrorCode.REFUND_EXCEEDS, '所选商品没有可退金额')
      if (req.amount > q.maxAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, `退款金额不能超过¥${(q.maxAmount / 100).toFixed(2)}`, { maxAmount: q.maxAmount })
      const t = Date.now()
      const afterSaleNo = makeOrderNo(t, 'S')
      const row = await tx
        .insertInto('afterSales')
        .values({
          afterSaleNo,
          orderId: o.id,
          memberId,
          type: req.type,
          status: 'applied',
          reason: req.reason,
          description,
          images: JSON.stringify(images),
          amount: req.amount,
          ...NEW_CASE,
          decidedAt: null,
          returnedAt: null,
          receivedAt: null,
          refundedAt: null,
          cancelledAt: null,
          createdAt: t,
          updatedAt: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await tx
        .insertInto('afterSaleItems')
        .values(req.items.map((i) => ({ afterSaleId: row.id, orderItemId: i.orderItemId, quantity: i.quantity, refundAmount: 0 })))
        .execute()
      await logCase(tx, row.id, 'applied', 'member', `${AFTER_SALE_TYPE_TEXT[req.type]}：${req.reason}，¥${(req.amount / 100).toFixed(2)}`)
      await syncOrderFlag(tx, o.id)
      return { afterSaleNo, status: 'applied' as const, amount: req.amount, maxAmount: q.maxAmount }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.AFTER_SALE_STATE, '该订单已有进行中的售后，请等待处理完成')
    throw err
  }
}

async function ownCase(db: Conn, memberId: number, afterSaleNo: string): Promise<CaseRow> {
  const c = await db.selectFrom('afterSales').selectAll().where('afterSaleNo', '=', afterSaleNo).where('memberId', '=', memberId).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '售后单不存在')
  return c
}

/** Changes a case's state by one conditional update; false when it was no longer in `from`. */
async function move(tx: Conn, id: number, from: AfterSaleStatusValue[], to: AfterSaleStatusValue, patch: Partial<CaseRow> = {}) {
  const t = Date.now()
  const res = await tx
    .updateTable('afterSales')
    .set({ ...(patch as any), status: to, updatedAt: t })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

const stateError = (c: Pick<CaseRow, 'status'>, action: string) => new AppError(ErrorCode.AFTER_SALE_STATE, `售后单当前为「${AFTER_SALE_STATE_TEXT[c.status]}」，不能${action}`)

/** The member withdraws a case before the goods are on their way back. */
export async function cancelAfterSale(db: Db, memberId: number, afterSaleNo: string) {
  return db.transaction().execute(async (tx) => {
    const c = await ownCase(tx, memberId, afterSaleNo)
    if (!['applied', 'approved'].includes(c.status)) throw stateError(c, '撤销')
    if (!(await move(tx, c.id, ['applied', 'approved'], 'cancelled', { cancelledAt: Date.now() }))) throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化，请刷新后重试')
    await logCase(tx, c.id, 'cancelled', 'member', '买家撤销申请')
    await syncOrderFlag(tx, c.orderId)
    return { afterSaleNo, status: 'cancelled' as const }
  })
}

/** Return and refund, approved: the member sends the goods back and fills the express company and tracking number. */
export async function fillReturnShipment(db: Db, memberId: number, input: ReturnShipRequest) {
  const no = String(input.trackingNo || '').trim()
  if (!TRACKING_RE.test(no)) throw new AppError(ErrorCode.BAD_REQUEST, '请填写正确的快递单号')
  return db.transaction().execute(async (tx) => {
    const c = await ownCase(tx, memberId, input.afterSaleNo)
    if (c.type !== 'return_refund') throw new AppError(ErrorCode.AFTER_SALE_STATE, '仅退款无需寄回商品')
    if (c.status !== 'approved') throw stateError(c, '填写退货物流')
    const express = await tx
      .selectFrom('expressCompanies')
      .select(['code', 'name'])
      .where(
        'code',
        '=',
        String(input.expressCode || '')
          .trim()
          .toUpperCase(),
      )
      .where('enabled', '=', 1)
      .executeTakeFirst()
    if (!express) throw new AppError(ErrorCode.BAD_REQUEST, '请选择快递公司')
    const t = Date.now()
    if (!(await move(tx, c.id, ['approved'], 'returned', { returnExpressCode: express.code, returnExpressName: express.name, returnTrackingNo: no, returnedAt: t }))) {
      throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化，请刷新后重试')
    }
    await logCase(tx, c.id, 'returned', 'member', `${express.name} ${no}`)
    return { afterSaleNo: c.afterSaleNo, status: 'returned' as const }
  })
}

// ---------------------------------------------------------------- read

async function caseItems(db: Conn, ids: number[]) {
  if (!ids.length) return []
  return db
    .selectFrom('afterSaleItems as a')
    .innerJoin('orderItems as i', 'i.id', 'a.orderItemId')
    .select(['a.afterSaleId', 'a.orderItemId', 'a.quantity', 'a.refundAmount', 'i.goodsName', 'i.image', 'i.specText', 'i.price'])
    .where('a.afterSaleId', 'in', ids)
    .orderBy('a.id')
    .execute()
}

function toSummary(c: CaseRow & { orderNo: string }, items: Awaited<ReturnType<typeof caseItems>>): AfterSaleSummary {
  const mine = items.filter((i) => i.afterSaleId === c.id)
  // Each line's money: booked once the refund is (refundAmount); before that, its share of the case's amount by the
  // lines' list value (the same split the booking makes within what each line may bring back).
  const booked = mine.some((i) => i.refundAmount > 0)
  const shares = booked
    ? mine.map((i) => i.refundAmount)
    : allocate(
        mine.map((i) => ({ amount: i.price * i.quantity })),
        caseRefundAmount(c),
      )
  return {
    afterSaleNo: c.afterSaleNo,
    orderNo: c.orderNo,
    type: c.type,
    typeText: AFTER_SALE_TYPE_TEXT[c.type],
    status: c.status,
    statusText: AFTER_SALE_STATE_TEXT[c.status],
    amount: c.amount,
    approvedAmount: c.approvedAmount,
    approveNote: c.approveNote,
    refundAmount: c.refundAmount,
    items: mine.map((i, k) => ({ orderItemId: i.orderItemId, goodsName: i.goodsName, image: i.image, specText: i.specText, price: i.price, quantity: i.quantity, amount: shares[k] })),
    createdAt: Number(c.createdAt),
  }
}

const caseQuery = (db: Conn) => db.selectFrom('afterSales as s').innerJoin('orders as o', 'o.id', 's.orderId').selectAll('s').select('o.orderNo')

export async function listAfterSales(db: Db, memberId: number, page: number, pageSize: number, orderNo?: string): Promise<AfterSalePage> {
  let q = caseQuery(db).where('s.memberId', '=', memberId)
  if (orderNo) q = q.where('o.orderNo', '=', orderNo)
  const { n } = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await q.orderBy('s.createdAt', 'desc').orderBy('s.id', 'desc').$call(onPage(page, pageSize)).execute()
  const items = await caseItems(
    db,
    rows.map((r) => r.id),
  )
  return { list: rows.map((r) => toSummary(r as any, items)), total: Number(n), page, pageSize }
}

export async function afterSaleDetail(db: Db, memberId: number, afterSaleNo: string): Promise<AfterSaleDetail> {
  const c = await caseQuery(db).where('s.afterSaleNo', '=', afterSaleNo).where('s.memberId', '=', memberId).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '售后单不存在')
  const items = await caseItems(db, [c.id])
  const logs = await db.selectFrom('afterSaleLogs').select(['status', 'note', 'operator', 'createdAt']).where('afterSaleId', '=', c.id).orderBy('createdAt').orderBy('id').execute()
  const actions: AfterSaleDetail['actions'] = []
  if (c.status === 'applied' || c.status === 'approved') actions.push('cancel')
  if (c.type === 'return_refund' && c.status === 'approved') actions.push('fillTracking')
  return {
    ...toSummary(c as any, items),
    reason: c.reason,
    description: c.description,
    images: parseImages(c.images),
    rejectReason: c.rejectReason,
    pointsReturned: c.pointsReturned,
    couponReturned: !!c.couponReturned,
    returnAddress: c.returnAddress ? { name: c.returnName, phone: c.returnPhone, address: c.returnAddress } : null,
    returnShipment: c.returnTrackingNo ? { expressCode: c.returnExpressCode, expressName: c.returnExpressName, trackingNo: c.returnTrackingNo, shippedAt: Number(c.returnedAt) } : null,
    logs: logs.map((l) => ({ status: l.status, text: AFTER_SALE_STATE_TEXT[l.status], note: l.note, operator: l.operator, createdAt: Number(l.createdAt) })),
    actions,
    refundedAt: c.refundedAt === null ? null : Number(c.refundedAt),
  }
}

// ---------------------------------------------------------------- operator

/** A case by numeric id or by its number (S + 20 digits), as the operator types it. */
export async function findCase(db: Conn, ref: string): Promise<CaseRow> {
  const r = String(ref || '').trim()
  let q = db.selectFrom('afterSales').selectAll()
  q = /^\d{1,10}$/.test(r) ? q.where('id', '=', Number(r)) : q.where('afterSaleNo', '=', r)
  const c = await q.executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, `售后单不存在：${r}`)
  return c
}

/** What the case refunds: the amount staff approved when they approved less, else what the member asked. */
export const caseRefundAmount = (c: Pick<CaseRow, 'amount' | 'approvedAmount'>) => (c.approvedAmount === null || c.approvedAmount === undefined ? c.amount : Math.min(c.approvedAmount, c.amount))

const fenText = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/**
 * applied → approved. A return stores a copy of the return address it goes to: the one staff chose
 * (returnAddressId), else the shop's default; a shop without any refuses, saying where to set one.
 * `approve.amount` (the console): staff approve less than asked (at least ¥0.01, at most what was asked), with a
 * reason the shopper sees (required when lower); the refund then books at most that (caseRefundAmount).
 */
export async function approveAfterSale(db: Db, ref: string, operator: CaseOperator = 'admin', returnAddressId?: number, approve: { amount?: number; note?: string } = {}) {
  return inTx(db, async (tx) => {
    const c = await findCase(tx, ref)
    if (c.status !== 'applied') throw stateError(c, '同意')
    let patch: Partial<CaseRow> = { decidedAt: Date.now() }
    const lower = approve.amount !== undefined && approve.amount !== c.amount
    const why = (approve.note || '').trim().slice(0, 100)
    if (lower) {
      const amount = approve.amount!
      if (!Number.isInteger(amount) || amount < 1) throw new AppError(ErrorCode.BAD_REQUEST, '同意退款金额须大于 0')
      if (amount > c.amount) throw new AppError(ErrorCode.REFUND_EXCEEDS, `同意退款金额不能超过申请金额${fenText(c.amount)}`)
      if (!why) throw new AppError(ErrorCode.BAD_REQUEST, '少于申请金额时请填写原因')
      patch = { ...patch, approvedAmount: amount, approveNote: why }
    }
    const partNote = lower ? `，同意退款 ${fenText(approve.amount!)}（申请 ${fenText(c.amount)}），原因：${why}` : ''
    let note = `商家同意退款${partNote}`
    if (c.type === 'return_refund') {
      const a = await returnAddressFor(tx, returnAddressId)
      if (!a) throw new AppError(ErrorCode.CONFLICT, NO_RETURN_ADDRESS)
      patch = { ...patch, returnName: a.name, returnPhone: a.phone, returnAddress: addressLine(a) }
      note = `商家同意退货，请寄回商品并填写快递单号${partNote}`
    }
    if (!(await move(tx, c.id, ['applied'], 'approved', patch))) throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化')
    await logCase(tx, c.id, 'approved', operator, note)
    await queueMessage(tx, c.memberId, 'after_sale_result', { afterSaleNo: c.afterSaleNo, result: '已同意', note: note.slice(0, 20), time: chinaMinute(Date.now()) })
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'approved' as const, type: c.type, returnTo: patch.returnAddress ? `${patch.returnName} ${patch.returnPhone} ${patch.returnAddress}` : '' }
  })
}

/** applied → rejected, with a reason the member sees. */
export async function rejectAfterSale(db: Db, ref: string, reason: string, operator: CaseOperator = 'admin') {
  const why = (reason || '').trim().slice(0, 100) || '不符合售后条件'
  return inTx(db, async (tx) => {
    const c = await findCase(tx, ref)
    if (c.status !== 'applied') throw stateError(c, '拒绝')
    if (!(await move(tx, c.id, ['applied'], 'rejected', { rejectReason: why, decidedAt: Date.now() }))) throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化')
    await logCase(tx, c.id, 'rejected', operator, why)
    await queueMessage(tx, c.memberId, 'after_sale_result', { afterSaleNo: c.afterSaleNo, result: '已拒绝', note: why.slice(0, 20), time: chinaMinute(Date.now()) })
    await syncOrderFlag(tx, c.orderId)
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'rejected' as const, reason: why }
  })
}

/** returned → received: the shop confirms the goods came back. */
export async function receiveReturn(db: Db, ref: string, operator: CaseOperator = 'admin') {
  return inTx(db, async (tx) => {
    const c = await findCase(tx, ref)
    if (c.status !== 'returned') throw stateError(c, '确认收货')
    if (!(await move(tx, c.id, ['returned'], 'received', { receivedAt: Date.now() }))) throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化')
    await logCase(tx, c.id, 'received', operator, '商家已收到退货')
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'received' as const }
  })
}

/**
 * 退款 by staff of a paid, unshipped order (console 订单 › 退款), step 1: opens an approved refund case for the units
 * staff picked (`picked`; default every unit not yet refunded), for what they are worth by the after-sales rule
 * (quote: freight only with the last units of the order), made by the merchant (reason 商家退款,
 * the staff's reason as its description). The refund itself is then refundAfterSale's (book, gateway, finish: stock,
 * points, coupon and commission returned once, the order closed), so a member's after-sales case and a staff refund
 * share one path and one rule: at most one open case per order (the unique partial index also holds when both
 * arrive at once), and booking keeps the order's refunds within its pay amount. docs/after-sales.md.
 */
export async function openStaffRefund(tx: Tx, orderNo: string, reason: string, picked?: AfterSaleApplyItem[]): Promise<{ id: number; afterSaleNo: string; amount: number; orderId: number }> {
  const why = reason.trim()
  if (!why) throw new AppError(ErrorCode.BAD_REQUEST, '请填写退款原因')
  const o = await tx.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '订单不存在')
  if (o.status !== 'to_ship' || o.shippedAt) throw new AppError(ErrorCode.ORDER_STATE, '只有已付款、未发货的订单可以由商家退款')
  const open = await tx.selectFrom('afterSales').select('afterSaleNo').where('orderId', '=', o.id).where('status', 'in', OPEN_STATES).executeTakeFirst()
  if (open) throw new AppError(ErrorCode.AFTER_SALE_STATE, '该订单有进行中的售后，请在售后中处理')
  const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).orderBy('id').execute()
  // The lines and units staff chose (quote checks each is the order's and not yet refunded), else every unit left.
  if (picked && new Set(picked.map((p) => p.orderItemId)).size !== picked.length) throw new AppError(ErrorCode.BAD_REQUEST, '同一商品只能选择一次')
  const selection = picked?.length ? picked : items.filter((i) => i.quantity > i.refundedQuantity).map((i) => ({ orderItemId: i.id, quantity: i.quantity - i.refundedQuantity }))
  const q = selection.length ? quote(o, items, selection, await freightRefunded(tx, o.id)) : { maxAmount: 0 }
  if (q.maxAmount <= 0) throw new AppError(ErrorCode.REFUND_EXCEEDS, '该订单没有可退金额')
  const t = Date.now()
  const afterSaleNo = makeOrderNo(t, 'S')
  const row = await tx
    .insertInto('afterSales')
    .values({
      afterSaleNo,
      orderId: o.id,
      memberId: o.memberId,
      type: 'refund',
      status: 'approved',
      reason: '商家退款',
      description: why,
      images: '[]',
      amount: q.maxAmount,
      ...NEW_CASE,
      decidedAt: t,
      returnedAt: null,
      receivedAt: null,
      refundedAt: null,
      cancelledAt: null,
      createdAt: t,
      updatedAt: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('afterSaleItems')
    .values(selection.map((i) => ({ afterSaleId: row.id, orderItemId: i.orderItemId, quantity: i.quantity, refundAmount: 0 })))
    .execute()
  await logCase(tx, row.id, 'approved', 'admin', `商家主动退款：${why}，¥${(q.maxAmount / 100).toFixed(2)}`)
  await syncOrderFlag(tx, o.id)
  await queueMessage(tx, o.memberId, 'after_sale_result', { afterSaleNo, result: '商家退款', note: why.slice(0, 20), time: chinaMinute(t) })
  return { id: row.id, afterSaleNo, amount: q.maxAmount, orderId: o.id }
}

type RefundCtx = Pick<AppContext, 'db' | 'config' | 'http' | 'log' | 'modules'> & Partial<AppContext>

/**
 * Refunds a case through the payment provider of the order's payment, in three steps:
 * 1. one transaction books it: the order row is locked, the case moves to 'refunding' by a conditional
 *    update (so concurrent requests make one refund), each line's refunded units and money grow by a
 *    conditional update bounded by what was paid for it, and the order's refunds together must stay within
 *    its pay amount; anything over refuses the whole step (code 4003);
 * 2. the provider refunds (refund number RF + case number: a retry sends the same number, which the gateway
 *    treats as the same refund);
 * 3. on success one transaction finishes it (refunding → refunded, once): stock back when the goods came back
 *    or never left, points and coupon in proportion (the 'refunded' order event), the order closed when every
 *    unit is refunded before completion, the payment marked refunded when all of it went back.
 * A failed or pending gateway answer keeps the case 'refunding' with the error; running refund again retries.
 */
export async function refundAfterSale(ctx: RefundCtx, ref: string, operator: CaseOperator = 'admin') {
  const { db } = ctx
  const c0 = await findCase(db, ref)
  if (c0.status === 'refunding') {
    const t = Date.now()
    const res = await db
      .updateTable('afterSales')
      .set({ refundError: '', refundFailedAt: null, updatedAt: t })
      .where('id', '=', c0.id)
      .where('status', '=', 'refunding')
      .where('refundError', '!=', '')
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.AFTER_SALE_STATE, '退款处理中，请稍后再试')
  } else {
    await bookRefund(db, c0, operator)
  }
  const c = await findCase(db, String(c0.id))
  // Paid by the balance alone: nothing goes through the gateway; the balance part is credited as the case finishes.
  const gatewayPart = c.refundAmount - c.balanceRefundAmount
  if (gatewayPart <= 0) {
    await db.transaction().execute((tx) => finishRefund(tx, ctx.modules, c.id, '', null, 0, operator))
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'refunded' as const, refundAmount: c.refundAmount }
  }
  const pay = await db.selectFrom('payments').selectAll().where('orderId', '=', c.orderId).where('status', 'in', ['paid', 'refunded']).orderBy('paidAt', 'desc').executeTakeFirst()
  const fail = async (msg: string) => {
    await markRefundFailed(db, c.id, msg)
    return new AppError(ErrorCode.PAY_FAILED, `退款失败：${msg}（可稍后重试）`)
  }
  if (!pay) throw await fail('订单没有可退的支付记录')
  let result
  try {
    result = await getPaymentProvider(ctx as AppContext, pay.provider).refund({
      payNo: pay.payNo,
      refundNo: c.refundNo!,
      refundAmount: gatewayPart,
      totalAmount: pay.amount,
      reason: `售后退款 ${c.reason}`.slice(0, 80),
    })
  } catch (err: any) {
    ctx.log.error({ err, afterSaleNo: c.afterSaleNo }, 'refund request failed')
    throw await fail(err?.message || '支付通道异常')
  }
  if (result.status === 'failed') throw await fail('支付通道拒绝退款')
  if (result.status === 'processing') {
    // Only while still refunding: the refund's notification may have finished the case before this call returned.
    await db
      .updateTable('afterSales')
      .set({ refundId: result.refundId, refundError: '退款处理中，可稍后重试查询', updatedAt: Date.now() })
      .where('id', '=', c.id)
      .where('status', '=', 'refunding')
      .execute()
    const now = await findCase(db, String(c.id))
    return { id: c.id, afterSaleNo: c.afterSaleNo, status: now.status === 'refunded' ? ('refunded' as const) : ('refunding' as const), refundAmount: c.refundAmount }
  }
  await db.transaction().execute((tx) => finishRefund(tx, ctx.modules, c.id, result.refundId, pay.id, pay.amount, operator))
  return { id: c.id, afterSaleNo: c.afterSaleNo, status: 'refunded' as const, refundAmount: c.refundAmount }
}

/** Records a refund the gateway refused or reported failed: the case stays 'refunding', counted by failedRefundCases. */
async function markRefundFailed(db: Db, caseId: number, msg: string) {
  const t = Date.now()
  await db
    .updateTable('afterSales')
    .set({ refundError: msg.slice(0, 200), refundFailedAt: t, updatedAt: t })
    .where('id', '=', caseId)
    .where('status', '=', 'refunding')
    .execute()
}

/**
 * A refund's result from the gateway (its notification, or a query of a refund still processing), by refund number.
 * Success finishes the case once (the same step as a refund answered at once: a second notification, or the refund
 * call returning after the notification, changes nothing); a failure is recorded for the console's to-do list.
 * Returns false when no case has this refund number.
 */
export async function settleCaseRefund(
  ctx: Pick<AppContext, 'db' | 'log' | 'modules'>,
  r: { refundNo: string; refundId: string; status: 'success' | 'processing' | 'failed'; reason?: string },
): Promise<boolean> {
  const { db } = ctx
  const c = await db.selectFrom('afterSales').selectAll().where('refundNo', '=', r.refundNo).executeTakeFirst()
  if (!c) return false
  if (c.status !== 'refunding' || r.status === 'processing') return true
  if (r.status === 'failed') {
    await markRefundFailed(db, c.id, r.reason || '支付通道退款失败')
    ctx.log.warn({ afterSaleNo: c.afterSaleNo, reason: r.reason }, 'refund failed at the gateway')
    return true
  }
  const pay = await db.selectFrom('payments').selectAll().where('orderId', '=', c.orderId).where('status', 'in', ['paid', 'refunded']).orderBy('paidAt', 'desc').executeTakeFirst()
  if (!pay) throw new AppError(ErrorCode.PAY_FAILED, '订单没有可退的支付记录')
  await db.transaction().execute((tx) => finishRefund(tx, ctx.modules, c.id, r.refundId || c.refundId || '', pay.id, pay.amount, 'system'))
  return true
}

/** Cases whose refund is still processing at the gateway (to query), oldest first. */
export async function processingRefundCases(db: Db, limit = 100) {
  return db
    .selectFrom('afterSales as s')
    .innerJoin('payments as p', (j) => j.onRef('p.orderId', '=', 's.orderId').on('p.status', 'in', ['paid', 'refunded']))
    .select(['s.id', 's.refundNo', 'p.provider'])
    .where('s.status', '=', 'refunding')
    .where('s.refundFailedAt', 'is', null)
    .where('s.refundNo', 'is not', null)
    .orderBy('s.updatedAt')
    .limit(limit)
    .execute()
}

/** Refunds that failed (gateway refused or reported CLOSED / ABNORMAL) and wait for the operator: the console's to-do list. */
export async function failedRefundCases(db: Db, limit = 100) {
  return db
    .selectFrom('afterSales as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.id', 's.afterSaleNo', 's.refundNo', 's.refundAmount', 's.refundError', 's.refundFailedAt', 'o.orderNo'])
    .where('s.status', '=', 'refunding')
    .where('s.refundFailedAt', 'is not', null)
    .orderBy('s.refundFailedAt', 'desc')
    .limit(limit)
    .execute()
}

async function bookRefund(db: Db, c0: CaseRow, operator: CaseOperator) {
  const from = REFUND_FROM[c0.type]
  if (c0.status !== from) {
    throw new AppError(
      ErrorCode.AFTER_SALE_STATE,
      c0.type === 'return_refund' && ['approved', 'returned'].includes(c0.status) ? '商家确认收到退货后才能退款' : `售后单当前为「${AFTER_SALE_STATE_TEXT[c0.status]}」，不能退款`,
    )
  }
  // Never more than staff approved (caseRefundAmount), never more than the lines and the order allow (below).
  const amount = caseRefundAmount(c0)
  await db.transaction().execute(async (tx) => {
    const t = Date.now()
    // Lock the order row first: refunds of one order are booked one at a time (PostgreSQL; SQLite serialises anyway).
    await tx.updateTable('orders').set({ updatedAt: t }).where('id', '=', c0.orderId).execute()
    if (!(await move(tx, c0.id, [from], 'refunding', { refundNo: `RF${c0.afterSaleNo}`, refundError: '' }))) throw new AppError(ErrorCode.AFTER_SALE_STATE, '售后状态已变化，不能重复退款')
    const order = await tx.selectFrom('orders').selectAll().where('id', '=', c0.orderId).executeTakeFirstOrThrow()
    const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', order.id).execute()
    const lines = await tx.selectFrom('afterSaleItems').selectAll().where('afterSaleId', '=', c0.id).orderBy('id').execute()
    const q = quote(
      order,
      items,
      lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
      await freightRefunded(tx, order.id, c0.id),
    )
    if (amount > q.maxAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, `退款金额超出可退金额¥${(q.maxAmount / 100).toFixed(2)}`)
    const goodsPart = Math.min(amount, q.goodsAmount)
    const freightPart = amount - goodsPart
    const parts = allocate(
      q.perItem.map((amount) => ({ amount })),
      goodsPart,
    )
    for (const [k, l] of lines.entries()) {
      const res = await tx
        .updateTable('orderItems')
        .set((eb) => ({ refundedQuantity: eb('refundedQuantity', '+', l.quantity), refundedAmount: eb('refundedAmount', '+', parts[k]) }))
        .where('id', '=', l.orderItemId)
        .where((eb) => eb(eb('refundedQuantity', '+', l.quantity), '<=', eb.ref('quantity')))
        .where((eb) => eb(eb('refundedAmount', '+', parts[k]), '<=', eb.ref('payAmount')))
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款超出该商品的实付金额')
      await tx.updateTable('afterSaleItems').set({ refundAmount: parts[k] }).where('id', '=', l.id).execute()
    }
    const other = await tx
      .selectFrom('afterSales')
      .select((eb) => eb.fn.sum<number>('refundAmount').as('s'))
      .where('orderId', '=', order.id)
      .where('status', 'in', ['refunding', 'refunded'])
      .where('id', '!=', c0.id)
      .executeTakeFirst()
    if (Number(other?.s || 0) + amount > order.payAmount) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款总额不能超过订单实付金额')
    // The balance's part of this refund (docs/balance.md "Refunds"), taken from what the order's balance part has left.
    const balancePart = balanceShareOfRefund(order, Number(other?.s || 0), amount)
    if (balancePart > 0) {
      const took = await tx
        .updateTable('orders')
        .set((eb) => ({ balanceRefunded: eb('balanceRefunded', '+', balancePart) }))
        .where('id', '=', order.id)
        .where((eb) => eb(eb('balanceRefunded', '+', balancePart), '<=', eb.ref('balanceAmount')))
        .executeTakeFirst()
      if (Number(took.numUpdatedRows) !== 1) throw new AppError(ErrorCode.REFUND_EXCEEDS, '退款超出余额支付的金额')
    }
    await tx.updateTable('afterSales').set({ refundAmount: amount, balanceRefundAmount: balancePart, freightAmount: freightPart }).where('id', '=', c0.id).execute()
    await logCase(tx, c0.id, 'refunding', operator, `退款 ${fenText(amount)}${refundPartsText(amount, balancePart)}`)
  })
}

/** How a refund goes back: all through the gateway (原路退回), or its balance and gateway parts. */
const refundPartsText = (amount: number, balancePart: number) =>
  balancePart <= 0 ? ' 原路退回' : balancePart >= amount ? ' 退回余额' : `（退回余额 ${fenText(balancePart)}，原路退回 ${fenText(amount - balancePart)}）`

/** Points given back for a refund: proportional to the goods amount refunded so far, all of the rest when fully refunded. */
export function pointsToReturn(pointsUsed: number, goodsAmount: number, refundedGoodsAmount: number, fullyRefunded: boolean, returnedBefore: number): number {
  if (pointsUsed <= 0) return 0
  const target = fullyRefunded || goodsAmount <= 0 ? pointsUsed : Math.floor((pointsUsed * Math.min(refundedGoodsAmount, goodsAmount)) / goodsAmount)
  return Math.max(0, target - returnedBefore)
}

/**
 * Gives back what the refund returns, inside its transaction: points through the points module's changePoints
 * (ledger reason order_refund, key aftersale:<case id>, so at most once per case), and the coupon through the
 * coupon module's giveCouponBack (the same conditional update as its 'cancelled' hook). Returns what was given back.
 */
async function givePointsAndCouponBack(tx: Tx, order: OrderRow, c: CaseRow, points: number, couponId: number | null) {
  let givenPoints = 0
  if (points > 0) {
    const key = `aftersale:${c.id}`
    if (!(await hasLedgerKey(tx, order.memberId, key))) {
      await changePoints(tx, order.memberId, points, 'order_refund', `售后退款 ${c.afterSaleNo}`, key)
      givenPoints = points
    }
  }
  const givenCoupon = couponId ? await giveCouponBack(tx, order.id, couponId) : false
  return { points: givenPoints, coupon: givenCoupon }
}

async function finishRefund(tx: Tx, modules: Contributions, caseId: number, refundId: string, paymentId: number | null, paymentAmount: number, operator: CaseOperator) {
  const t = Date.now()
  if (!(await move(tx, caseId, ['refunding'], 'refunded', { refundId, refundError: '', refundedAt: t }))) return
  const c = await tx.selectFrom('afterSales').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow()
  const order = await tx.selectFrom('orders').selectAll().where('id', '=', c.orderId).executeTakeFirstOrThrow()
  const items = await tx.selectFrom('orderItems').selectAll().where('orderId', '=', order.id).execute()
  const lines = await tx.selectFrom('afterSaleItems').selectAll().where('afterSaleId', '=', c.id).orderBy('id').execute()
  // Stock: the goods came back (return), or never left (units of the line not in any parcel: split shipment).
  for (const l of [...lines].sort((a, b) => a.orderItemId - b.orderItemId)) {
    const it = items.find((i) => i.id === l.orderItemId)!
    const unshipped = Math.max(0, it.quantity - it.shippedQuantity - (it.refundedQuantity - l.quantity))
    const back = c.type === 'return_refund' ? l.quantity : Math.min(l.quantity, unshipped)
    if (back > 0) await returnStock(tx, { skuId: it.skuId, goodsId: it.goodsId, quantity: back })
  }
  const fullyRefunded = items.every((i) => i.refundedQuantity >= i.quantity)
  const before = await tx
    .selectFrom('afterSales')
    .select((eb) => [
      eb.fn.sum<number>('pointsReturned').as('p'),
      eb.fn.sum<number>('couponReturned').as('c'),
      eb.fn.sum<number>('refundAmount').as('m'),
      eb.fn.sum<number>('balanceRefundAmount').as('b'),
    ])
    .where('orderId', '=', order.id)
    .where('status', '=', 'refunded')
    .where('id', '!=', c.id)
    .executeTakeFirst()
  const refundedGoods = items.reduce((s, i) => s + i.price * i.refundedQuantity, 0)
  const pointsReturn = pointsToReturn(order.pointsUsed, order.goodsAmount, refundedGoods, fullyRefunded, Number(before?.p || 0))
  const couponId = fullyRefunded && order.couponId && !Number(before?.c || 0) ? order.couponId : null
  const given = await givePointsAndCouponBack(tx, order, c, pointsReturn, couponId)
  await tx
    .updateTable('afterSales')
    .set({ pointsReturned: given.points, couponReturned: given.coupon ? 1 : 0 })
    .where('id', '=', c.id)
    .execute()
  // The balance part goes back to the balance (once: the case left 'refunding' above, and the ledger key is the case).
  const balanceBefore = Number(before?.b || 0)
  if (c.balanceRefundAmount > 0) {
    await changeBalance(tx, {
      memberId: order.memberId,
      amount: c.balanceRefundAmount,
      withdrawableAmount: await withdrawableBack(tx, order, balanceBefore, c.balanceRefundAmount),
      kind: 'order_refund',
      refType: 'after_sale',
      refId: c.id,
      note: `售后退款 ${c.afterSaleNo}（订单 ${order.orderNo}）`,
    })
  }
  const gatewayBefore = Number(before?.m || 0) - balanceBefore
  if (paymentId !== null && gatewayBefore + c.refundAmount - c.balanceRefundAmount >= paymentAmount) {
    await tx.updateTable('payments').set({ status: 'refunded', updatedAt: t }).where('id', '=', paymentId).where('status', '=', 'paid').execute()
  }
  // Every unit refunded before completion: the order closes (it must not ship, nor wait for a review).
  if (fullyRefunded && ['to_ship', 'to_receive', 'to_review'].includes(order.status)) {
    const res = await tx
      .updateTable('orders')
      .set({ status: 'cancelled', cancelReason: '已全额退款，交易关闭', cancelledAt: t, updatedAt: t })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) === 1) await logOrder(tx, order.id, order.status, 'cancelled', 'refund_close', operator, `售后单 ${c.afterSaleNo} 全额退款`)
  } else if (order.status === 'to_review') {
    await completeIfAllReviewed(tx, modules, order.id)
  } else if (order.status === 'to_ship') {
    // Split shipment: the refunded units were the last ones waiting; every other unit is in a parcel.
    await finishShippingIfDone(tx, modules, order.id, operator)
  }
  await rejectTasksOfRefundedItems(
    tx,
    lines.map((l) => l.orderItemId),
  )
  await logCase(
    tx,
    c.id,
    'refunded',
    operator,
    `¥${(c.refundAmount / 100).toFixed(2)} 已${refundPartsText(c.refundAmount, c.balanceRefundAmount).trim()}${given.points ? `，退还积分${given.points}` : ''}${given.coupon ? '，优惠券已退回' : ''}`,
  )
  await syncOrderFlag(tx, order.id)
  await emitOrderEvent(tx, modules, 'refunded', {
    orderId: order.id,
    orderNo: order.orderNo,
    memberId: order.memberId,
    boundBusinessId: order.boundBusinessId,
    afterSaleId: c.id,
    afterSaleNo: c.afterSaleNo,
    refundNo: c.refundNo!,
    amount: c.refundAmount,
    freightAmount: c.freightAmount,
    items: lines.map((l) => {
      const it = items.find((i) => i.id === l.orderItemId)!
      return { orderItemId: l.orderItemId, goodsId: it.goodsId, skuId: it.skuId, quantity: l.quantity, amount: l.refundAmount }
    }),
    fullyRefunded,
    pointsReturn,
    couponId,
    operator,
  })
}

/** Cases for the operator: open ones first, newest first. */
export async function adminListCases(db: Db, status?: AfterSaleStatusValue, limit = 50) {
  let q = caseQuery(db).leftJoin('members as m', 'm.id', 's.memberId').select('m.phone')
  if (status) q = q.where('s.status', '=', status)
  return q.orderBy('s.createdAt', 'desc').orderBy('s.id', 'desc').limit(limit).execute()
}
