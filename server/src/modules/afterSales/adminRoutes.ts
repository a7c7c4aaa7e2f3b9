import { IdParams, type OkReply } from '../../../../types/admin'
import { AdminAfterSaleQuery, ApproveAfterSaleBody, type AdminAfterSaleDetail, type AdminAfterSalePage, type AfterSaleActionReply } from '../../../../types/adminAfterSales'
import { type IdReply } from '../../../../types/adminGoods'
import { OrderNoParams, ReasonBody, StaffRefundBody } from '../../../../types/adminOrders'
import { ReturnAddressInput, type ReturnAddress } from '../../../../types/adminSettings'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import type { Db } from '../../db/types'
import { approveAfterSale, receiveReturn, rejectAfterSale } from './service'
import { adminCaseDetail, adminCaseList, adminCaseStep, adminRefund, adminStaffRefund } from './adminService'
import { createReturnAddress, deleteReturnAddress, returnAddresses, updateReturnAddress } from './returnAddresses'

/**
 * 售后: list, details, approve (a return with the return address chosen, stored on the case), refuse, confirm the
 * returned goods (the CLI's services), refund through the provider; 设置 → 退货地址 (read by the approval too).
 */
const afterSalesAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'afterSales.read' as const }
  const write = { permission: 'afterSales.write' as const }

  app.get('/after-sales', { config: read, schema: { querystring: AdminAfterSaleQuery } }, async (req): Promise<AdminAfterSalePage> => adminCaseList(db, req.query))
  app.get('/after-sales/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminAfterSaleDetail> => adminCaseDetail(db, req.params.id))

  const step =
    (action: string, run: (tx: Db, ref: string, reason: string, addressId?: number) => Promise<{ id: number; afterSaleNo: string; status: string }>) =>
    async (id: number, reason: string, req: Parameters<typeof actorOf>[0], addressId?: number): Promise<AfterSaleActionReply> =>
      audited(db, actorOf(req), (tx, log) => adminCaseStep(tx, action, id, (ref) => run(tx, ref, reason, addressId), log))
  const approve = (id: number, req: Parameters<typeof actorOf>[0], body: ApproveAfterSaleBody): Promise<AfterSaleActionReply> =>
    audited(db, actorOf(req), (tx, log) => adminCaseStep(tx, 'afterSale.approve', id, (ref) => approveAfterSale(tx, ref, 'admin', body.returnAddressId, { amount: body.amount, note: body.note }), log))
  const refuse = step('afterSale.refuse', (tx, ref, reason) => rejectAfterSale(tx, ref, reason, 'admin'))
  const receive = step('afterSale.receive', (tx, ref) => receiveReturn(tx, ref, 'admin'))

  app.post('/after-sales/:id/approve', { config: write, schema: { params: IdParams, body: ApproveAfterSaleBody } }, async (req) => approve(req.params.id, req, req.body))
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

  // The refund crosses the payment gateway: booked, sent and finished in its own steps, then audited (adminService).
  app.post('/after-sales/:id/refund', { config: { permission: 'refunds.write' }, schema: { params: IdParams } }, async (req): Promise<AfterSaleActionReply> =>
    adminRefund(ctx, req.params.id, actorOf(req)),
  )

  /**
   * 退款 by staff of a paid, unshipped order: an approved refund case for the lines chosen, default what is left (audited order.refund), then
   * the same refund as an after-sales case's (above). A gateway failure leaves the case refunding, retried from 售后.
   */
  app.post('/orders/:orderNo/refund', { config: { permission: 'refunds.write' }, schema: { params: OrderNoParams, body: StaffRefundBody } }, async (req): Promise<AfterSaleActionReply> =>
    adminStaffRefund(ctx, req.params.orderNo, req.body.reason, actorOf(req), req.body.items),
  )
}

export default afterSalesAdminRoutes
