import type { AdminRouteModule } from '../../admin/types'
import { actorOf } from '../../admin/audit'
import { ReconcileQuery, type ReconcileReply } from '../../../../types/adminReconcile'
import { reconcileView, runReconcile } from './adminService'

/** 财务 → 对账 (ledgers.read): the day's run with its differences, and 重新对账 of a past day (audited). */
const reconcileAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const config = { permission: 'ledgers.read' } as const
  app.get('/reconcile', { config, schema: { querystring: ReconcileQuery } }, async (req): Promise<ReconcileReply> => reconcileView(db, req.query.date))
  app.post('/reconcile', { config, schema: { body: ReconcileQuery } }, async (req): Promise<ReconcileReply> => {
    await runReconcile(ctx, actorOf(req), req.body.date)
    return reconcileView(db, req.body.date)
  })
}
export default reconcileAdminRoutes
