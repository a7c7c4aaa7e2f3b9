import {
  AdminAfterSaleQuery,
  AFTER_SALES_WAITING,
  ApproveAfterSaleBody,
  IdParams,
  ReasonBody,
  type AdminAfterSaleDetail,
  type AdminAfterSalePage,
  type AfterSaleActionReply,
  type IdReply,
  type OkReply,
} from '../../../../types/admin'
import { ReturnAddressInput, type ReturnAddress } from '../../../../types/adminSettings'
import { AppError, ErrorCode } from '../../errors'
import { audited, actorOf, staffNamesAt } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import type { Conn, Db } from '../../db/types'
import { approveAfterSale, findCase, receiveReturn, refundAfterSale, rejectAfterSale } from './service'
import { createReturnAddress, deleteReturnAddress, returnAddresses, updateReturnAddress } from './returnAddresses'
import { onPage, countRows } from '../../db/paging'

async function listCases(db: Db, q: AdminAfterSaleQuery): Promise<AdminAfterSalePage> {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 20
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

async function caseDetail(db: Conn, id: number): Promise<AdminAfterSaleDetail> {
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

const brief = async (db: Conn, id: number) => {
  const c = await findCase(db, String(id))
  return {
    status: c.status,
    amount: c.amount,
    refundAmount: c.refundAmount,
    rejectReason: c.rejectReason,
    ...(c.returnAddress ? { returnTo: `${c.returnName} ${c.returnPhone} ${c.returnAddress}` } : {}),
  }
}

/**
 * 售后: list, details, approve (a return with the return address chosen, stored on the case), refuse, confirm the
 * returned goods (the CLI's services), refund through the provider; 设置 → 退货地址 (read by the approval too).
 */
const afterSalesAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'afterSales.read' as const }
  const write = { permission: 'afterSales.write' as const }

  app.get('/after-sales', { config: read, schema: { querystring: AdminAfterSaleQuery } }, async (req): Promise<AdminAfterSalePage> => listCases(db, req.query))
  app.get('/after-sales/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminAfterSaleDetail> => caseDetail(db, req.params.id))

  const step =
    (action: string, run: (tx: Db, ref: string, reason: string, addressId?: number) => Promise<{ id: number; afterSaleNo: string; status: string }>) =>
    async (id: number, reason: string, req: Parameters<typeof actorOf>[0], addressId?: number): Promise<AfterSaleActionReply> =>
      audited(db, actorOf(req), async (tx, log) => {
        const before = await brief(tx, id)
        const r = await run(tx, String(id), reason, addressId)
        log({ action, targetType: 'afterSale', targetId: r.afterSaleNo, before, after: await brief(tx, id) })
        return { id: r.id, afterSaleNo: r.afterSaleNo, status: r.status }
      })
  const approve = step('afterSale.approve', (tx, ref, _reason, addressId) => approveAfterSale(tx, ref, 'admin', addressId))
  const refuse = step('afterSale.refuse', (tx, ref, reason) => rejectAfterSale(tx, ref, reason, 'admin'))
  const receive = step('afterSale.receive', (tx, ref) => receiveReturn(tx, ref, 'admin'))

  app.post('/after-sales/:id/approve', { config: write, schema: { params: IdParams, body: ApproveAfterSaleBody } }, async (req) => approve(req.params.id, '', req, req.body.returnAddressId))
  app.post('/after-sales/:id/refuse', { config: write, schema: { params: IdParams, body: ReasonBody } }, async (req) => refuse(req.params.id, req.body.reason, req))
  app.post('/after-sales/:id/receive', { config: write, schema: { params: IdParams } }, async (req) => receive(req.params.id, '', req))

  // 设置 → 退货地址: staff who approve returns read the list to choose; only settings.write changes it.
  app.get('/return-addresses', { config: read }, async (): Promise<ReturnAddress[]> => returnAddresses(db))
  const settingsWrite = { permission: 'settings.write' as const }
  app.post('/return-addresses', { config: settingsWrite, schema: { body: ReturnAddressInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createReturnAddress(tx, req.body, log)),
  }))
  app.put('/return-addresses/:id', { config: settingsWrite, schema: { params: IdParams, body: ReturnAddressInput } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updateReturnAddress(tx, req.params.id, req.body, log))
    return { id: req.params.id }
  })
  app.delete('/return-addresses/:id', { config: settingsWrite, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteReturnAddress(tx, req.params.id, log))
    return { ok: true }
  })

  /**
   * The refund crosses the payment gateway, so it cannot be one transaction: the CLI's refundAfterSale books
   * it, calls the provider and finishes it in its own steps; the audit row follows with the outcome
   * (refunded, or still refunding with the provider's error).
   */
  app.post('/after-sales/:id/refund', { config: { permission: 'refunds.write' }, schema: { params: IdParams } }, async (req): Promise<AfterSaleActionReply> => {
    const actor = actorOf(req)
    const before = await brief(db, req.params.id)
    try {
      const r = await refundAfterSale(ctx, String(req.params.id), 'admin')
      await audited(db, actor, async (tx, log) => log({ action: 'afterSale.refund', targetType: 'afterSale', targetId: r.afterSaleNo, before, after: await brief(tx, req.params.id) }))
      return { id: r.id, afterSaleNo: r.afterSaleNo, status: r.status }
    } catch (err) {
      // A gateway failure leaves the case refunding with its error: that attempt is audited too.
      if (err instanceof AppError && err.code === ErrorCode.PAY_FAILED) {
        const c = await findCase(db, String(req.params.id))
        await audited(db, actor, async (tx, log) =>
          log({ action: 'afterSale.refund-failed', targetType: 'afterSale', targetId: c.afterSaleNo, before, after: { ...(await brief(tx, c.id)), error: err.message } }),
        )
      }
      throw err
    }
  })
}

export default afterSalesAdminRoutes
