import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { BalanceLedgerQuery, PayPasswordSetBody } from '../../../../types/balance'
import { memberId } from '../../plugins/auth'
import { balanceSummary, memberLedger } from './service'
import { payPasswordStatus, sendPayPasswordCode, setPayPassword } from './password'

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

  app.get('/api/balance/password', {
    schema: { description: '`PayPasswordStatus {set, lockedUntil, phone}` of the 支付密码 (phone: masked, where the code goes)' },
    handler: async (req) => payPasswordStatus(db, memberId(req)),
  })

  app.post('/api/balance/password/code', {
    schema: { description: "`{sent, cooldown}`: a 6-digit code for setting the 支付密码, sent to the member's own phone (the login code's limits; it cannot log in)" },
    handler: async (req) => sendPayPasswordCode(db, ctx.sms, memberId(req), req.ip),
  })

  app.post('/api/balance/password', {
    schema: {
      description: '`PayPasswordStatus`: sets or resets the 支付密码 with the code of `/api/balance/password/code` (1002 wrong or expired code); clears the wrong tries and the lock',
      body: PayPasswordSetBody,
    },
    handler: async (req) => setPayPassword(db, memberId(req), req.body),
  })
}
