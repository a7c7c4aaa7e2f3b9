import type { Selectable } from 'kysely'
import type { Config } from '../../config'
import type { Conn, Db, Tx } from '../../db/types'
import { inTx } from '../../db/tx'
import type { OrderItemTable, OrderTable } from '../../db/tradeTables'
import type { AfterSaleStatusValue, AfterSaleTable, CaseOperator } from '../../db/afterSalesTables'
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
import { allocate } from '../order/pricing'
import { isUniqueViolation, makeOrderNo, ownOrder, setAfterSaleStatus } from '../order/service'
import { queueMessage } from '../notifications/service'
import { charCount, ownImages, parseImages } from '../review/images'
import { addressLine, NO_RETURN_ADDRESS, returnAddressFor } from './returnAddresses'
import { chinaMinute } from '../../services/chinaTime'
import { onPage } from '../../db/paging'

type OrderRow = Selectable<OrderTable>
type ItemRow = Selectable<OrderItemTable>
type CaseRow = Selectable<AfterSaleTable>

const DAY = 86_400_000
/** Cases that are still open: at most one per order (unique partial index after_sales_one_open). */
export const OPEN_STATES: AfterSaleStatusValue[] = ['applied', 'approved', 'returned', 'received', 'refunding']
const TRACKING_RE = /^[A-Za-z0-9-]{6,40}$/

// ---------------------------------------------------------------- amounts

/** What k units of a line are worth: floor(payAmount × k / quantity), the whole pay amount for every unit. */
export const shareOf = (item: Pick<ItemRow, 'quantity' | 'payAmount'>, k: number) => (k >= item.quantity ? item.payAmount : Math.floor((item.payAmount * k) / item.quantity))

/** The most that q more units of a line can bring back: their share of what was paid for the line. */
export const unitsMax = (item: Pick<ItemRow, 'quantity' | 'payAmount' | 'refundedQuantity'>, q: number) => Math.max(0, shareOf(item, item.refundedQuantity + q) - shareOf(item, item.refundedQuantity))

/** Freight the member paid: what the order cost beyond its lines' pay amounts (never negative). */
export const freightPaid = (order: Pick<OrderRow, 'payAmount'>, items: Array<Pick<ItemRow, 'payAmount'>>) => Math.max(0, order.payAmount - items.reduce((s, i) => s + i.payAmount, 0))

export async function freightRefunded(db: Conn, orderId: number, exceptId = 0) {
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
export async function syncOrderFlag(tx: Tx, orderId: number) {
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
export async function move(tx: Conn, id: number, from: AfterSaleStatusValue[], to: AfterSaleStatusValue, patch: Partial<CaseRow> = {}) {
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

export const fenText = (fen: number) => `¥${(fen / 100).toFixed(2)}`

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

/** Cases for the operator: open ones first, newest first. */
export async function adminListCases(db: Db, status?: AfterSaleStatusValue, limit = 50) {
  let q = caseQuery(db).leftJoin('members as m', 'm.id', 's.memberId').select('m.phone')
  if (status) q = q.where('s.status', '=', status)
  return q.orderBy('s.createdAt', 'desc').orderBy('s.id', 'desc').limit(limit).execute()
}
