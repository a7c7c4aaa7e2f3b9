/** 财务 → 对账 (the reconcile module). */
import type { ReconcileReply } from '@contract/adminReconcile'
import { get, post } from '../core/request'

export const reconcile = (date: string) => get<ReconcileReply>('/reconcile', { date })
export const runReconcile = (date: string) => post<ReconcileReply>('/reconcile', { date })
