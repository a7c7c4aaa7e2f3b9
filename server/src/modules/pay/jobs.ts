import type { Job } from '../shopModule'
import { checkRefunds, expireUnpaidOrders } from './settle'

/** Cancels unpaid orders past expire_at, each only after the gateway says it was not paid and has closed it. */
export const orderExpiryJob: Job = { name: 'order-expiry', everyMs: 30_000, run: (ctx) => expireUnpaidOrders(ctx) }

/** Late payments to give back and after-sales refunds still processing: queried and settled. */
export const refundCheckJob: Job = { name: 'refund-check', everyMs: 5 * 60_000, run: (ctx) => checkRefunds(ctx) }
