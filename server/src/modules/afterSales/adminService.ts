/** 售后 in the console: the queries behind its routes (adminRoutes.ts is HTTP only). */
import { AFTER_SALES_WAITING, type AdminAfterSaleDetail, type AdminAfterSalePage, type AdminAfterSaleQuery, type AfterSaleActionReply } from '../../../../types/adminAfterSales'
import { AppError, ErrorCode } from '../../errors'
import { audited, staffNamesAt, type Actor, type AuditEntry } from '../../admin/audit'
import type { AppContext } from '../../context'
import type { Conn, Db, Tx } from '../../db/types'
import { countRows, onPage, paged } from '../../db/paging'
import { findCase, openStaffRefund } from './service'
import { refundAfterSale } from './refund'
import { isUniqueViolation } from '../order/service'
import type { AfterSaleApplyItem } from '../../../../types/afterSales'

type Log = (e: AuditEntry) => void

/** 售后 list: by status (waiting = every state that needs the shop), by after-sale number, order number or phone. */
export async function adminCaseList(db: Db, q: AdminAfterSaleQuery): Promise<AdminAfterSalePage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('afterSales as s').innerJoin('orders as o', 'o.id', 's.orderId').leftJoin('members as m', 'm.id', 's.memberId')
  if (q.status === 'waiting') b = b.where('s.status', 'in', AFTER_SALES_WAITING)
  else if (q.status) b = b.where('s.status', '=', q.status)
  const kw = q.keyword?.trim()
  if (kw) b = b.where((eb) => eb.or([eb('s.afterSaleNo', '=', kw), eb('o.orderNo', '=', kw), eb('m.phone', '=', kw)]))
  const [rows, count] = await Promise.all([
    b
      .select(['s.id', 's.afterSaleNo', 'o.orderNo', 's.type', 's.status', 's.amount', 's.reason', 'm.phone', 's.refundError', 's.createdAt'])
      .orderBy('s.createdAt', 'desc')
      .orderBy('s.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  return { list: rows.map(({ phone, ...r }) => ({ ...r, memberPhone: phone || '', createdAt: Number(r.createdAt) })), total: count, page, pageSize }
}

/** One case with its order number, member phone, items and log (staff named as at the time). */
export async function adminCaseDetail(db: Conn, id: number): Promise<AdminAfterSaleDetail> {
  const c = await findCase(db, String(id))
  const [order, member, items, logs] = await Promise.all([
    db.selectFrom('orders').select('orderNo').where('id', '=', c.orderId).executeTakeFirstOrThrow(),
    db.selectFrom('members').select('phone').where('id', '=', c.memberId).executeTakeFirst(),
    db
      .selectFrom('afterSaleItems as a')
      .innerJoin('orderItems as i', 'i.id', 'a.orderItemId')
      .select(['a.orderItemId', 'i.goodsName', 'i.image', 'i.specText', 'a.quantity', 'a.refundAmount'])
      .where('a.afterSaleId', '=', c.id)
      .orderBy('a.id')
      .execute(),
    db.selectFrom('afterSaleLogs').selectAll().where('afterSaleId', '=', c.id).orderBy('createdAt').orderBy('id').execute(),
  ])
  const staffLogs = logs.filter((l) => l.operator === 'admin')
  const staffNames = await staffNamesAt(
    db,
    [{ type: 'afterSale', id: c.afterSaleNo }],
    staffLogs.map((l) => Number(l.createdAt)),
  )
  const staffOf = new Map(staffLogs.map((l, i) => [l.id, staffNames[i]]))
  return {
    case: {
      id: c.id,
      afterSaleNo: c.afterSaleNo,
      orderNo: order.orderNo,
      type: c.type,
      status: c.status,
      amount: c.amount,
      approvedAmount: c.approvedAmount,
      approveNote: c.approveNote,
      refundAmount: c.refundAmount,
      reason: c.reason,
      description: c.description,
      images: JSON.parse(c.images || '[]'),
      rejectReason: c.rejectReason,
      refundError: c.refundError,
      returnExpressName: c.returnExpressName,
      returnTrackingNo: c.returnTrackingNo,
      returnName: c.returnName,
      returnPhone: c.returnPhone,
      returnAddress: c.returnAddress,
      memberId: c.memberId,
      memberPhone: member?.phone || '',
      createdAt: Number(c.createdAt),
      refundedAt: c.refundedAt === null ? null : Number(c.refundedAt),
    },
    items,
    logs: logs.map((l) => ({ status: l.status, operator: l.operator, staffName: staffOf.get(l.id) || '', note: l.note, createdAt: Number(l.createdAt) })),
  }
}

/** What an audit row records of a case before and after a step. */
export const caseBrief = async (db: Conn, id: number) => {
  const c = await findCase(db, String(id))
  return {
    status: c.status,
    amount: c.amount,
    ...(c.approvedAmount !== null ? { approvedAmount: c.approvedAmount, approveNote: c.approveNote } : {}),
    refundAmount: c.refundAmount,
    rejectReason: c.rejectReason,
    ...(c.returnAddress ? { returnTo: `${c.returnName} ${c.returnPhone} ${c.returnAddress}` } : {}),
  }
}

/** One step of a case (approve, refuse, receive) with its audit row: the state before and after. */
export async function adminCaseStep(tx: Tx, action: string, id: number, run: (ref: string) => Promise<{ id: number; afterSaleNo: string; status: string }>, log: Log): Promise<AfterSaleActionReply> {
  const before = await caseBrief(tx, id)
  const r = await run(String(id))
  log({ action, targetType: 'afterSale', targetId: r.afterSaleNo, before, after: await caseBrief(tx, id) })
  return { id: r.id, afterSaleNo: r.afterSaleNo, status: r.status }
}

/**
 * The refund crosses the payment gateway, so it cannot be one transaction: the CLI's refundAfterSale books
 * it, calls the provider and finishes it in its own steps; the audit row follows with the outcome
 * (refunded, or still refunding with the provider's error).
 */
export async function adminRefund(ctx: AppContext, id: number, actor: Actor): Promise<AfterSaleActionReply> {
  const { db } = ctx
  const before = await caseBrief(db, id)
  try {
    const r = await refundAfterSale(ctx, String(id), 'admin')
    await audited(db, actor, async (tx, log) => log({ action: 'afterSale.refund', targetType: 'afterSale', targetId: r.afterSaleNo, before, after: await caseBrief(tx, id) }))
    return { id: r.id, afterSaleNo: r.afterSaleNo, status: r.status }
  } catch (err) {
    // A gateway failure leaves the case refunding with its error: that attempt is audited too.
    if (err instanceof AppError && err.code === ErrorCode.PAY_FAILED) {
      const c = await findCase(db, String(id))
      await audited(db, actor, async (tx, log) =>
        log({ action: 'afterSale.refund-failed', targetType: 'afterSale', targetId: c.afterSaleNo, before, after: { ...(await caseBrief(tx, c.id)), error: err.message } }),
      )
    }
    throw err
  }
}

/**
 * 退款 by staff of a paid, unshipped order (docs/orders.md): an approved refund case for the lines and units chosen
 * (default: what is left), audited as
 * order.refund, then the refund of that case (adminRefund). A member's case opened at the same moment holds the
 * order's one open case: the staff refund is refused then.
 */
export async function adminStaffRefund(ctx: AppContext, orderNo: string, reason: string, actor: Actor, items?: AfterSaleApplyItem[]): Promise<AfterSaleActionReply> {
  let opened: Awaited<ReturnType<typeof openStaffRefund>>
  try {
    opened = await audited(ctx.db, actor, async (tx, log) => {
      // A paid 拼团 place still counting in its open group: the group job refunds it if the group fails.
      const held = await tx.selectFrom('orders').select('shipHold').where('orderNo', '=', orderNo).executeTakeFirst()
      if (held?.shipHold) throw new AppError(ErrorCode.ORDER_STATE, '拼团进行中的订单不能退款：成团后可退款，未成团将自动全额退款')
      const r = await openStaffRefund(tx, orderNo, reason, items)
      const lines = await tx.selectFrom('afterSaleItems').select(['orderItemId', 'quantity']).where('afterSaleId', '=', r.id).orderBy('id').execute()
      log({
        action: 'order.refund',
        targetType: 'order',
        targetId: orderNo,
        before: { status: 'to_ship' },
        after: { afterSaleNo: r.afterSaleNo, refundTotal: r.amount, reason: reason.trim(), items: lines },
      })
      return r
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.AFTER_SALE_STATE, '该订单有进行中的售后，请在售后中处理')
    throw err
  }
  return adminRefund(ctx, opened.id, actor)
}
