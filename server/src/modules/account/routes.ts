import type { ShopApp } from '../shopModule'
import type { AppContext } from '../../context'
import { memberId } from '../../plugins/auth'
import * as account from './service'

/** Account logoff: /api/member/agentLogoffHint, /api/member/logoff, /api/member/cancelLogoff (member only). */
export default async function accountRoutes(app: ShopApp, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/member/agentLogoffHint', {
    schema: { description: '`LogoffHint`: `{isAgent, hint, blockers, warnings, coolingDays, logoffAt}`' },
    handler: async (req) => account.logoffHint(db, config, ctx.modules, memberId(req)),
  })

  app.post('/api/member/logoff', {
    schema: { description: '`{logoffAt, coolingDays}`; starts the cooling-off period (`LOGOFF_COOLING_DAYS`, default 7); 409 while orders or after-sales are unfinished' },
    handler: async (req) => account.applyLogoff(db, config, memberId(req)),
  })

  app.get('/api/member/cancelLogoff', { schema: { description: '`{cancelled}`' }, handler: async (req) => account.cancelLogoff(db, memberId(req)) })
}
