import { IdParams, type OkReply } from '../../../../types/admin'
import {
  AgentApplicationQuery,
  AgentQuery,
  AgentRateBody,
  AgentRules,
  AdminWithdrawalQuery,
  LedgerQuery,
  PayByHandBody,
  RefuseBody,
  ShopIdParams,
  SuspendAgentBody,
  type AdminAgentApplicationPage,
  type AdminAgentDetail,
  type AdminAgentPage,
  type AdminLedgerPage,
  type AdminWithdrawalPage,
  type AgentRulesReply,
  type WithdrawalAccountReply,
} from '../../../../types/adminAgents'
import { audited, actorOf, staffOf, writeAudit } from '../../admin/audit'
import { sendCsv } from '../../admin/csv'
import type { AdminRouteModule } from '../../admin/types'
import { AppError, ErrorCode } from '../../errors'
import {
  agentDetail,
  approveApplicationAudited,
  exportLedgerCsv,
  exportWithdrawalsCsv,
  listAgents,
  listApplications,
  listLedger,
  listWithdrawals,
  payByHand,
  refuseApplicationAudited,
  refuseWithdrawal,
  reinstateAgent,
  revealAccount,
  setAgentRate,
  suspendAgent,
} from './adminService'
import { agentRules, saveAgentRules } from './rules'
import { findWithdrawal } from './account'
import { startTransfer } from './payout'

/** 代理 (applications, agents, rules) and 提现 (withdrawals, every agent's ledger); docs/console.md "代理". */
const agentAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'agents.read' as const }
  const write = { permission: 'agents.write' as const }
  const wRead = { permission: 'withdrawals.read' as const }
  const wWrite = { permission: 'withdrawals.write' as const }

  app.get('/agents/applications', { config: read, schema: { querystring: AgentApplicationQuery } }, async (req): Promise<AdminAgentApplicationPage> => listApplications(db, req.query))
  app.post('/agents/applications/:id/approve', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => approveApplicationAudited(tx, req.params.id, log))
    return { ok: true }
  })
  app.post('/agents/applications/:id/refuse', { config: write, schema: { params: IdParams, body: RefuseBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => refuseApplicationAudited(tx, req.params.id, req.body.reason, log))
    return { ok: true }
  })

  app.get('/agents', { config: read, schema: { querystring: AgentQuery } }, async (req): Promise<AdminAgentPage> => listAgents(db, req.query))

  app.get('/agents/rules', { config: read }, async (): Promise<AgentRulesReply> => agentRules(db))
  // One form; the rates and freeze days are fixed per order line at submission, so the change applies to new orders.
  app.put('/agents/rules', { config: write, schema: { body: AgentRules } }, async (req): Promise<AgentRulesReply> => {
    await audited(db, actorOf(req), async (tx, log) => {
      const { before, after } = await saveAgentRules(tx, req.body)
      log({ action: 'agent.rules', targetType: 'agentRules', targetId: 'agentRules', before, after })
    })
    return agentRules(db)
  })

  app.put('/agents/:shopId/rate', { config: write, schema: { params: ShopIdParams, body: AgentRateBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => setAgentRate(tx, req.params.shopId, req.body.rate, log))
    return { ok: true }
  })

  // 清退 and 恢复代理 (docs/agent.md "Suspension").
  app.post('/agents/:shopId/suspend', { config: write, schema: { params: ShopIdParams, body: SuspendAgentBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => suspendAgent(tx, req.params.shopId, req.body, log))
    return { ok: true }
  })
  app.post('/agents/:shopId/reinstate', { config: write, schema: { params: ShopIdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => reinstateAgent(tx, req.params.shopId, log))
    return { ok: true }
  })

  // Every agent's commission ledger: one route for the three pages that show it (an agent's detail, 代理 → 佣金流水,
  // 财务 → 资金流水), each readable with its own page's permission; the CSV for those who may export ledgers.
  const ledgerRead = { permission: ['agents.read', 'withdrawals.read', 'ledgers.read'] as const }
  const ledgerExport = { permission: ['withdrawals.read', 'ledgers.read'] as const }
  app.get('/agents/ledger', { config: ledgerRead, schema: { querystring: LedgerQuery } }, async (req): Promise<AdminLedgerPage> => listLedger(db, req.query))
  app.get('/agents/ledger/export', { config: ledgerExport, schema: { querystring: LedgerQuery } }, async (req, reply) => {
    const { page: _p, pageSize: _s, ...filters } = req.query
    return sendCsv(reply, 'agent-ledger', exportLedgerCsv(db, filters))
  })
  app.get('/agents/:shopId', { config: read, schema: { params: ShopIdParams } }, async (req): Promise<AdminAgentDetail> => agentDetail(db, req.params.shopId))

  // ---------------------------------------------------------------- withdrawals

  const wechatPay = () => ctx.config.payProvider === 'wechatpay'
  app.get('/withdrawals', { config: wRead, schema: { querystring: AdminWithdrawalQuery } }, async (req): Promise<AdminWithdrawalPage> => listWithdrawals(db, req.query, wechatPay()))
  // Staff who pay withdrawals (withdrawals.write) export the whole bank accounts, and that export is audited;
  // with withdrawals.read only, the accounts stay masked.
  app.get('/withdrawals/export', { config: wRead, schema: { querystring: AdminWithdrawalQuery } }, async (req, reply) => {
    const { page: _p, pageSize: _s, ...filters } = req.query
    const full = staffOf(req).permissions.has('withdrawals.write')
    if (full) await writeAudit(db, actorOf(req), { action: 'withdrawal.export-accounts', targetType: 'withdrawal', targetId: 'export', after: { filters } })
    return sendCsv(reply, 'withdrawals', exportWithdrawalsCsv(db, filters, full))
  })
  // The full account of one bank withdrawal, shown when staff choose to pay it by hand (audited every time).
  app.post('/withdrawals/:id/account', { config: wWrite, schema: { params: IdParams } }, async (req): Promise<WithdrawalAccountReply> =>
    audited(db, actorOf(req), (tx, log) => revealAccount(tx, req.params.id, log)),
  )
  app.post('/withdrawals/:id/pay', { config: wWrite, schema: { params: IdParams, body: PayByHandBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => payByHand(tx, req.params.id, req.body.referenceNo, log))
    return { ok: true }
  })
  app.post('/withdrawals/:id/refuse', { config: wWrite, schema: { params: IdParams, body: RefuseBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => refuseWithdrawal(tx, req.params.id, req.body.reason, log))
    return { ok: true }
  })
  // The payout adapter (WeChat merchant transfer) crosses the gateway, so it cannot share a transaction with its
  // audit row: the row follows the outcome (withdrawal.transfer, or withdrawal.transfer-failed with the error).
  app.post('/withdrawals/:id/transfer', { config: wWrite, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    const actor = actorOf(req)
    const before = await findWithdrawal(db, String(req.params.id))
    try {
      const w = await startTransfer(ctx, String(req.params.id))
      await writeAudit(db, actor, {
        action: 'withdrawal.transfer',
        targetType: 'withdrawal',
        targetId: w.withdrawNo,
        before: { status: before.status, transferState: before.transferState || '' },
        after: { status: w.status, transferState: w.transferState || '' },
      })
    } catch (err) {
      // A refusal before the gateway (not WeChat Pay, limits, state) changed nothing: no row. A gateway error did call WeChat.
      if (!(err instanceof AppError) && err instanceof Error) {
        await writeAudit(db, actor, {
          action: 'withdrawal.transfer-failed',
          targetType: 'withdrawal',
          targetId: before.withdrawNo,
          before: { status: before.status },
          after: { error: err.message.slice(0, 200) },
        })
      }
      if (err instanceof AppError) throw err
      throw new AppError(ErrorCode.PAY_FAILED, `微信转账失败：${(err as Error).message}`.slice(0, 200))
    }
    return { ok: true }
  })
}

export default agentAdminRoutes
