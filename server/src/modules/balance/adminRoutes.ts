import {
  AdminBalanceLedgerQuery,
  AdminBalanceMemberQuery,
  BalanceAdjustBody,
  type AdminBalanceLedgerPage,
  type AdminBalanceMemberPage,
  type AdminBalanceSummary,
  type BalanceAdjustReply,
} from '../../../../types/adminBalance'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adjustBalance, balanceOverview, listLedger, listMemberBalances } from './adminService'

/** 财务 → 余额 (docs/balance.md): read with ledgers.read, adjust with balance.adjust (audited). */
const balanceAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'ledgers.read' as const }
  app.get('/balance/summary', { config: read }, async (): Promise<AdminBalanceSummary> => balanceOverview(db))
  app.get('/balance/members', { config: read, schema: { querystring: AdminBalanceMemberQuery } }, async (req): Promise<AdminBalanceMemberPage> => listMemberBalances(db, req.query))
  app.get('/balance/ledger', { config: read, schema: { querystring: AdminBalanceLedgerQuery } }, async (req): Promise<AdminBalanceLedgerPage> => listLedger(db, req.query))
  app.post('/balance/adjust', { config: { permission: 'balance.adjust' as const }, schema: { body: BalanceAdjustBody } }, async (req): Promise<BalanceAdjustReply> =>
    audited(db, actorOf(req), (tx, log) => adjustBalance(tx, req.body, log)),
  )
}

export default balanceAdminRoutes
