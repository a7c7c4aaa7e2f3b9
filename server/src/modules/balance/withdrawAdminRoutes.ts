import { IdParams, OkReply } from '../../../../types/admin'
import { AdminBalanceWithdrawalQuery, BalanceWithdrawRefuseBody, BalanceWithdrawSettings, type AdminBalanceWithdrawalPage } from '../../../../types/balanceWithdraw'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminWithdrawals, approveWithdrawal, refuseWithdrawal, saveWithdrawSettings, startBalanceTransfer, withdrawSettings } from './withdraw'

/** 财务 → 余额 → 提现 (docs/balance.md "Withdrawals"): read with ledgers.read; approve, refuse and the settings with withdrawals.write (audited). */
const balanceWithdrawAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'ledgers.read' as const }
  const write = { permission: 'withdrawals.write' as const }
  app.get('/balance/withdrawals', { config: read, schema: { querystring: AdminBalanceWithdrawalQuery } }, async (req): Promise<AdminBalanceWithdrawalPage> => adminWithdrawals(db, req.query))
  app.get('/balance/withdraw-settings', { config: read }, async (): Promise<BalanceWithdrawSettings> => withdrawSettings(db))
  app.put('/balance/withdraw-settings', { config: write, schema: { body: BalanceWithdrawSettings } }, async (req): Promise<BalanceWithdrawSettings> =>
    audited(db, actorOf(req), (tx, log) => saveWithdrawSettings(tx, req.body, log)),
  )
  // Approval commits first; the transfer crosses the gateway after it (a failure there returns the money, or the check job retries).
  app.post('/balance/withdrawals/:id/approve', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => approveWithdrawal(tx, req.params.id, log))
    await startBalanceTransfer(ctx, req.params.id).catch((err) => req.log.warn({ err: { message: (err as Error).message } }, 'balance transfer not started'))
    return { ok: true }
  })
  app.post('/balance/withdrawals/:id/refuse', { config: write, schema: { params: IdParams, body: BalanceWithdrawRefuseBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => refuseWithdrawal(tx, req.params.id, req.body.reason, log))
    return { ok: true }
  })
}

export default balanceWithdrawAdminRoutes
