import type { AppContext } from '../../context'
import type { Conn, Db, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { chinaTime, kuaidi100Settings, NEEDS_PHONE, OUR_EXPRESS_CODE, query, STATE_OF, subscribe, trackingLive, verifyPushSign, type CourierResult, type Waybill } from './kuaidi100'

/**
 * Courier tracking (docs/orders.md "Courier tracking"). Shipping writes a row of tracking_subscriptions in its own
 * transaction (queueSubscription); the job subscribes the waybill at 快递100 outside any transaction, with retries;
 * 快递100 pushes every change to /h5/api/logistics/kuaidi100 (handlePush), which stores the events once each, the
 * courier's state and its corrections, and answers only after the transaction committed. A shopper's 刷新 may ask
 * 快递100 directly (backFill), at most once per shipment every QUERY_EVERY_MS.
 */
export type TrackingCtx = Pick<AppContext, 'config' | 'db' | 'http' | 'log'>

export const MAX_ATTEMPTS = 8
/** Minutes to wait after the n-th failed attempt. */
const BACKOFF_MIN = [1, 5, 15, 30, 60, 120, 240]
export const backoffMs = (attempts: number) => BACKOFF_MIN[Math.min(attempts, BACKOFF_MIN.length) - 1] * 60_000
/** A key 快递100 refused (600/601) is tried again this often, without counting: the merchant has to fix it. */
export const CONFIG_RETRY_MS = 30 * 60_000
/** The shopper's 刷新 asks 快递100 at most this often per shipment. */
export const QUERY_EVERY_MS = 5 * 60_000

/** In the shipping transaction: the shipment waits for its subscription (sent by the job, never from here). */
export async function queueSubscription(tx: Conn, shipmentId: number, now = Date.now()) {
  await tx
    .insertInto('trackingSubscriptions')
    .values({ shipmentId, status: 'pending', attempts: 0, nextAt: now, lastCode: '', lastError: '', resubscribed: 0, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('shipmentId').doUpdateSet({ status: 'pending', attempts: 0, nextAt: now, lastCode: '', lastError: '', resubscribed: 0, updatedAt: now }))
    .execute()
}

async function waybillOf(db: Conn, shipmentId: number): Promise<(Waybill & { orderStatus: string }) | undefined> {
  const r = await db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.expressCode', 's.trackingNo', 'o.receiverPhone', 'o.status'])
    .where('s.id', '=', shipmentId)
    .executeTakeFirst()
  if (!r) return undefined
  return { expressCode: r.expressCode, trackingNo: r.trackingNo, phone: NEEDS_PHONE.has(r.expressCode) ? r.receiverPhone : '', orderStatus: r.status }
}

/** The job: sends due subscriptions while tracking is live (else they wait, and are sent once it is set up). */
export async function subscribeDue(ctx: TrackingCtx, now = Date.now(), limit = 50) {
  const settings = await kuaidi100Settings(ctx.db, ctx.config)
  if (!trackingLive(settings)) return { done: 0, failed: 0, waiting: 0 }
  const due = await ctx.db.selectFrom('trackingSubscriptions').selectAll().where('status', '=', 'pending').where('nextAt', '<=', now).orderBy('nextAt').limit(limit).execute()
  let done = 0
  let failed = 0
  let waiting = 0
  const set = (id: number, fields: Record<string, unknown>) =>
    ctx.db
      .updateTable('trackingSubscriptions')
      .set({ ...fields, updatedAt: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute()
  for (const row of due) {
    const w = await waybillOf(ctx.db, row.shipmentId)
    // Nobody waits for this parcel any more (received long ago, cancelled, refunded): nothing to subscribe.
    if (!w || !['to_ship', 'to_receive', 'to_review'].includes(w.orderStatus)) {
      await set(row.id, { status: 'skipped' })
      continue
    }
    const out = await subscribe(ctx.http, settings, w)
    if (out.kind === 'ok') {
      await set(row.id, { status: 'subscribed', attempts: row.attempts + 1, lastCode: out.code, lastError: '' })
      done += 1
    } else if (out.kind === 'config') {
      ctx.log.warn({ code: out.code, shipmentId: row.shipmentId }, 'kuaidi100 refused the key')
      await set(row.id, { nextAt: now + CONFIG_RETRY_MS, lastCode: out.code, lastError: out.message.slice(0, 200) })
      waiting += 1
    } else if (out.kind === 'waybill') {
      ctx.log.warn({ code: out.code, shipmentId: row.shipmentId }, 'kuaidi100 refused the waybill')
      await set(row.id, { status: 'failed', attempts: row.attempts + 1, lastCode: out.code, lastError: out.message.slice(0, 200) })
      failed += 1
    } else {
      const attempts = row.attempts + 1
      const last = attempts >= MAX_ATTEMPTS
      if (last) failed += 1
      ctx.log.warn({ code: out.code, message: out.message, shipmentId: row.shipmentId, attempts }, 'kuaidi100 subscription failed')
      await set(row.id, { status: last ? 'failed' : 'pending', attempts, nextAt: last ? row.nextAt : now + backoffMs(attempts), lastCode: out.code, lastError: out.message.slice(0, 200) })
    }
  }
  return { done, failed, waiting }
}

/**
 * Stores what the courier said, in the caller's transaction: each event once (shipment, time, text), the state only
 * when this answer is not older than the last one applied (pushes may arrive out of order), and when it was signed for.
 * Returns how many new events were stored.
 */
export async function applyCourierResult(tx: Tx, shipmentId: number, r: CourierResult, now = Date.now()): Promise<number> {
  const events = r.data
    .map((d) => ({
      time: chinaTime(d.time || d.ftime || ''),
      text: String(d.context || '')
        .trim()
        .slice(0, 250),
    }))
    .filter((e) => Number.isFinite(e.time) && e.text)
  let added = 0
  for (const e of events) {
    const res = await tx
      .insertInto('logisticsTraces')
      .values({ shipmentId, time: e.time, text: e.text, source: 'courier', createdAt: now })
      .onConflict((oc) => oc.columns(['shipmentId', 'time', 'text']).doNothing())
      .executeTakeFirst()
    added += Number(res.numInsertedOrUpdatedRows ?? 0)
  }
  const newest = events.reduce((m, e) => Math.max(m, e.time), 0)
  const state = STATE_OF[String(r.state)] || ''
  if (state && newest) {
    const s = await tx.selectFrom('shipments').select(['trackingAt', 'signedAt']).where('id', '=', shipmentId).executeTakeFirstOrThrow()
    if (s.trackingAt === null || Number(s.trackingAt) <= newest) {
      await tx
        .updateTable('shipments')
        .set({ trackingState: state, trackingAt: newest, ...(state === 'signed' && s.signedAt === null ? { signedAt: newest } : {}) })
        .where('id', '=', shipmentId)
        .execute()
    }
  }
  return added
}

export interface PushAnswer {
  result: boolean
  returnCode: string
  message: string
}
export const PUSH_OK: PushAnswer = { result: true, returnCode: '200', message: '成功' }

/**
 * One push of 快递100 (form fields param and sign). A bad signature is refused (快递100 tries again later); a push for
 * a waybill we do not know or no longer track (the order was cancelled or refunded) is acknowledged and ignored.
 * `outcome` says what was done (logs and tests).
 */
export async function handlePush(ctx: TrackingCtx, param: string, sign: string): Promise<{ answer: PushAnswer; outcome: 'stored' | 'ignored' | 'refused' | 'aborted' | 'resubscribe' }> {
  const settings = await kuaidi100Settings(ctx.db, ctx.config)
  if (!verifyPushSign(param, sign, settings.salt)) {
    ctx.log.warn('kuaidi100 push with a bad signature')
    return { answer: { result: false, returnCode: '500', message: '签名错误' }, outcome: 'refused' }
  }
  let p: { status?: string; message?: string; comOld?: string; comNew?: string; autoCheck?: string; lastResult?: CourierResult }
  try {
    p = JSON.parse(param)
  } catch {
    return { answer: { result: false, returnCode: '500', message: '数据格式错误' }, outcome: 'refused' }
  }
  const last = p.lastResult
  const nu = String(last?.nu || '').trim()
  const coms = [last?.com, p.comOld, p.comNew].filter(Boolean).map((c) => OUR_EXPRESS_CODE[String(c)])
  const candidates = nu
    ? await ctx.db
        .selectFrom('shipments as s')
        .innerJoin('orders as o', 'o.id', 's.orderId')
        .leftJoin('trackingSubscriptions as t', 't.shipmentId', 's.id')
        .select(['s.id', 's.orderId', 's.expressCode', 'o.status as orderStatus', 't.status as subStatus', 't.resubscribed'])
        .where('s.trackingNo', '=', nu)
        .orderBy('s.id', 'desc')
        .execute()
    : []
  const s = candidates.find((c) => coms.includes(c.expressCode)) || candidates[0]
  if (!s || s.orderStatus === 'cancelled' || !s.subStatus || s.subStatus === 'skipped') {
    ctx.log.info({ nu, com: last?.com }, 'kuaidi100 push for a waybill not tracked here: ignored')
    return { answer: PUSH_OK, outcome: 'ignored' }
  }
  const now = Date.now()
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    if (last && Array.isArray(last.data)) await applyCourierResult(tx, s.id, last, now)
    // The courier corrected the company (autoCheck): the shipment follows when it is one of ours.
    const corrected = p.comNew ? OUR_EXPRESS_CODE[p.comNew] : undefined
    if (corrected && corrected !== s.expressCode) {
      const e = await tx.selectFrom('expressCompanies').select(['code', 'name']).where('code', '=', corrected).executeTakeFirst()
      if (e) await tx.updateTable('shipments').set({ expressCode: e.code, expressName: e.name }).where('id', '=', s.id).execute()
    }
    if (p.status !== 'abort') return 'stored' as const
    // 快递100 stopped watching (no record for days, no change for 60 days): subscribe once more, then show it.
    if (Number(s.resubscribed) < 1 && s.orderStatus === 'to_receive') {
      await tx
        .updateTable('trackingSubscriptions')
        .set({ status: 'pending', attempts: 0, nextAt: now, resubscribed: Number(s.resubscribed) + 1, lastCode: 'abort', lastError: String(p.message || '').slice(0, 200), updatedAt: now })
        .where('shipmentId', '=', s.id)
        .execute()
      return 'resubscribe' as const
    }
    await tx
      .updateTable('trackingSubscriptions')
      .set({ status: 'aborted', lastCode: 'abort', lastError: `快递100 停止跟踪：${String(p.message || '长时间没有物流更新')}`.slice(0, 200), updatedAt: now })
      .where('shipmentId', '=', s.id)
      .execute()
    return 'aborted' as const
  })
  return { answer: PUSH_OK, outcome }
}

/**
 * The shopper's 刷新: asks 快递100 for the waybill now when tracking is live, the customer id is set and nobody asked
 * in the last QUERY_EVERY_MS (claimed by a conditional update, so two taps make one query). Failures are logged; the
 * page shows what is stored. Returns whether it asked.
 */
export async function backFill(ctx: TrackingCtx, shipmentId: number, now = Date.now()): Promise<boolean> {
  const settings = await kuaidi100Settings(ctx.db, ctx.config)
  if (!trackingLive(settings) || !settings.customer) return false
  const claim = await ctx.db
    .updateTable('trackingSubscriptions')
    .set({ queriedAt: now, updatedAt: now })
    .where('shipmentId', '=', shipmentId)
    .where((eb) => eb.or([eb('queriedAt', 'is', null), eb('queriedAt', '<=', now - QUERY_EVERY_MS)]))
    .executeTakeFirst()
  if (Number(claim.numUpdatedRows) !== 1) return false
  const w = await waybillOf(ctx.db, shipmentId)
  if (!w) return false
  const out = await query(ctx.http, settings, w)
  if (!out.ok) {
    ctx.log.info({ code: out.code, message: out.message, shipmentId }, 'kuaidi100 real-time query gave nothing')
    return true
  }
  await ctx.db.transaction().execute((tx) => applyCourierResult(tx, shipmentId, out.result, now))
  return true
}

/** Staff: subscribe a shipment's waybill again now (after the key was fixed, or a stop). */
export async function retrySubscription(db: Conn, orderNo: string) {
  const s = await db.selectFrom('shipments as s').innerJoin('orders as o', 'o.id', 's.orderId').select(['s.id', 'o.status']).where('o.orderNo', '=', orderNo).executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  if (s.status !== 'to_receive' && s.status !== 'to_ship') throw new AppError(ErrorCode.ORDER_STATE, '只有待收货的订单需要物流跟踪')
  await queueSubscription(db, s.id)
}

/** Subscriptions that need staff: refused waybills, given-up retries, aborted tracking, a refused key. */
export async function failedSubscriptions(db: Db, limit = 100) {
  return db
    .selectFrom('trackingSubscriptions as t')
    .innerJoin('shipments as s', 's.id', 't.shipmentId')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['o.orderNo', 's.expressName', 's.trackingNo', 't.status', 't.attempts', 't.lastCode', 't.lastError', 't.updatedAt'])
    .where((eb) => eb.or([eb('t.status', 'in', ['failed', 'aborted']), eb.and([eb('t.status', '=', 'pending'), eb('t.lastCode', 'in', ['600', '601'])])]))
    .where('o.status', '=', 'to_receive')
    .orderBy('t.updatedAt', 'desc')
    .limit(limit)
    .execute()
}

export async function failedSubscriptionCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('trackingSubscriptions as t')
    .innerJoin('shipments as s', 's.id', 't.shipmentId')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('t.status', 'in', ['failed', 'aborted']), eb.and([eb('t.status', '=', 'pending'), eb('t.lastCode', 'in', ['600', '601'])])]))
    .where('o.status', '=', 'to_receive')
    .executeTakeFirst()
  return Number(r?.n || 0)
}
