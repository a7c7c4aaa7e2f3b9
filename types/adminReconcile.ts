/** Console contract of the reconcile module: 财务 → 对账 (ledgers.read). */
import { Type, type Static } from 'typebox'
import { Closed } from './admin'

export const ReconcileQuery = Closed({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) })
export type ReconcileQuery = Static<typeof ReconcileQuery>
export const ReconcileDiff = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  refNo: Type.String(),
  issue: Type.String(),
  ours: Type.Union([Type.Integer(), Type.Null()]),
  theirs: Type.Union([Type.Integer(), Type.Null()]),
})
export const ReconcileReply = Type.Object({
  date: Type.String(),
  /** The day's run, null when it has not been reconciled yet. */
  run: Type.Union([Type.Object({ provider: Type.String(), payments: Type.Integer(), refunds: Type.Integer(), differences: Type.Integer(), ranAt: Type.Integer() }), Type.Null()]),
  diffs: Type.Array(ReconcileDiff),
})
export type ReconcileReply = Static<typeof ReconcileReply>
