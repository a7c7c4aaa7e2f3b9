import pino from 'pino'
import type { AdminContext } from '../modules/shopModule'
import type { PaymentCtx } from './index'
import { fetchHttpClient } from '../services/http'

/** What the payment services need, for an operator CLI command: real HTTP, warnings to stderr. */
export function cliPaymentCtx(ctx: AdminContext): PaymentCtx {
  return { config: ctx.config, db: ctx.db, http: ctx.http || fetchHttpClient, log: pino({ level: 'warn' }, pino.destination(2)), modules: ctx.modules }
}
