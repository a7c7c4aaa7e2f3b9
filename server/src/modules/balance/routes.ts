import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { BalanceLedgerQuery } from '../../../../types/balance'
import { memberId } from '../../plugins/auth'
import { balanceSummary, memberLedger } from './service'

/** 我的 → 余额: /api/balance/* (members only; docs/balance.md). */
export default async function balanceRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/balance/summary', {
    schema: { description: '`BalanceSummary {balance, withdrawable, held}` (fen; held: taken by unpaid orders, returned if they are cancelled)' },
    handler: async (req) => balanceSummary(db, memberId(req)),
  })

  app.get('/api/balance/ledger', {
    schema: {
      description: '`Page<BalanceLedgerRow {id, kind, kindText, amount (signed fen), balanceAfter, note, createdAt}>`, newest first; `flow` all / in (收入) / out (支出)',
      querystring: BalanceLedgerQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20, flow = 'all' } = req.query
      return memberLedger(db, memberId(req), flow, page, pageSize)
    },
  })
}
