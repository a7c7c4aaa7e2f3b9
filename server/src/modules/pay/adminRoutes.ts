import {
  DailyQuery,
  KindParams,
  MemberLedgerQuery,
  PaymentQuery,
  RefundQuery,
  type AdminPaymentPage,
  type AdminRefundPage,
  type DailyReply,
  type MemberLedgerPage,
} from '../../../../types/adminFinance'
import { sendCsv } from '../../admin/csv'
import type { AdminRouteModule } from '../../admin/types'
import { dailyTotals, exportDailyCsv, exportMemberLedgerCsv, exportPaymentsCsv, exportRefundsCsv, listMemberLedger, listPayments, listRefunds } from './adminService'

/** 财务 (ledgers.read): payments, refunds, daily totals, points and cashback ledgers, each with its CSV. docs/console.md "财务". */
const financeAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'ledgers.read' as const }
  const noPaging = <T extends { page?: number; pageSize?: number }>({ page: _p, pageSize: _s, ...rest }: T) => rest

  app.get('/pay/payments', { config: read, schema: { querystring: PaymentQuery } }, async (req): Promise<AdminPaymentPage> => listPayments(db, req.query))
  app.get('/pay/payments/export', { config: read, schema: { querystring: PaymentQuery } }, async (req, reply) => sendCsv(reply, 'payments', exportPaymentsCsv(db, noPaging(req.query))))
  app.get('/pay/refunds', { config: read, schema: { querystring: RefundQuery } }, async (req): Promise<AdminRefundPage> => listRefunds(db, req.query))
  app.get('/pay/refunds/export', { config: read, schema: { querystring: RefundQuery } }, async (req, reply) => sendCsv(reply, 'refunds', exportRefundsCsv(db, noPaging(req.query))))
  app.get('/pay/daily', { config: read, schema: { querystring: DailyQuery } }, async (req): Promise<DailyReply> => dailyTotals(db, req.query))
  app.get('/pay/daily/export', { config: read, schema: { querystring: DailyQuery } }, async (req, reply) => sendCsv(reply, 'daily', await exportDailyCsv(db, req.query)))
  app.get('/pay/ledgers/:kind', { config: read, schema: { params: KindParams, querystring: MemberLedgerQuery } }, async (req): Promise<MemberLedgerPage> =>
    listMemberLedger(db, req.params.kind, req.query),
  )
  app.get('/pay/ledgers/:kind/export', { config: read, schema: { params: KindParams, querystring: MemberLedgerQuery } }, async (req, reply) =>
    sendCsv(reply, `${req.params.kind}-ledger`, exportMemberLedgerCsv(db, req.params.kind, noPaging(req.query))),
  )
}

export default financeAdminRoutes
