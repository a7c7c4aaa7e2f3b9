import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { BalanceWithdrawBody, BalanceWithdrawListQuery, BalanceWithdrawNoBody, BalanceWithdrawNoQuery } from '../../../../types/balanceWithdraw'
import { memberId } from '../../plugins/auth'
import { applyWithdraw, balanceTransferParams, myWithdrawals, refreshBalanceTransfer, withdrawInfo } from './withdraw'

/** 我的 → 余额 → 提现: /api/balance/withdraw/* (members only; docs/balance.md "Withdrawals"). */
export default async function balanceWithdrawRoutes(app: ShopApp, ctx: AppContext) {
  app.get('/api/balance/withdraw/info', {
    schema: { description: '`BalanceWithdrawInfo {withdrawable, settings {min, dailyMax, feePermille, feeFixed, approveAbove}, today, wechatBound, available}`' },
    handler: async (req) => withdrawInfo(ctx, memberId(req)),
  })
  app.post('/api/balance/withdraw/apply', {
    schema: {
      description:
        '`BalanceWithdrawal`; the amount leaves the withdrawable balance at once; 1001 below the minimum, 1009 over the daily limit, 4001 over the withdrawable part; the same requestId answers the same withdrawal',
      body: BalanceWithdrawBody,
    },
    handler: async (req) => applyWithdraw(ctx, memberId(req), req.body),
  })
  app.get('/api/balance/withdraw/list', {
    schema: { description: '`Page<BalanceWithdrawal>`, newest first', querystring: BalanceWithdrawListQuery },
    handler: async (req) => myWithdrawals(ctx.db, memberId(req), req.query.page ?? 1, req.query.pageSize ?? 20),
  })
  app.get('/api/balance/withdraw/transferParams', {
    schema: {
      description: '`BalanceTransferParams {withdrawNo, mchId, appId, package}` for `requestMerchantTransfer`; 4xx when the withdrawal does not wait for a confirmation',
      querystring: BalanceWithdrawNoQuery,
    },
    handler: async (req) => balanceTransferParams(ctx, memberId(req), req.query.withdrawNo),
  })
  app.post('/api/balance/withdraw/transferRefresh', {
    schema: { description: "`BalanceWithdrawal` after asking WeChat for the transfer's state (settled once: paid, or the money back to the balance)", body: BalanceWithdrawNoBody },
    handler: async (req) => refreshBalanceTransfer(ctx, memberId(req), req.body.withdrawNo),
  })
}
