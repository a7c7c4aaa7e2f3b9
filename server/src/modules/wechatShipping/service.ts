import type { AppContext } from '../../context'
import type { Conn, Db } from '../../db/types'
import type { OrderHook } from '../order/hooks'
import { linesOfParcels } from '../order/service'
import { checkBody, wxPost } from '../../wechat/api'
import { createTokenStore } from '../../wechat/tokens'
import { rfc3339China, utf8Cut } from '../../payments/wechatpay'
import '../../db/moneyTables'
import { AppError, ErrorCode } from '../../errors'

/**
 * Shipping info for mini-program orders (docs/wechat.md, "Shipping info"). WeChat holds the funds of an order paid in
 * the mini-program until its shipping is reported (upload_shipping_info). Shipping an order (console, CLI, batch: all
 * through logistics' shipOrder) queues an upload in the same transaction (the 'shipped' order hook); the upload job
 * sends it and retries with backoff; after MAX_ATTEMPTS it is 'failed' and counted on the console's to-do list.
 */

export const MAX_ATTEMPTS = 8
/** Minutes to wait after the n-th failed attempt: 1, 5, 15, 30, 60, 120, 240. */
const BACKOFF_MIN = [1, 5, 15, 30, 60, 120, 240]
export const backoffMs = (attempts: number) => BACKOFF_MIN[Math.min(attempts, BACKOFF_MIN.length) - 1] * 60_000

/**
 * Our express codes (expressCompanies.code, migration 004's list) → WeChat's delivery_id for upload_shipping_info's
 * express_company: the ids of WeChat's get_delivery_list (/cgi-bin/express/delivery/open_msg/get_delivery_list),
 * whose documented answer lists e.g. { "delivery_id": "YD", "delivery_name": "韵达速递" }. (YUNDA, DB, JDL are the
 * older logistics-assistant ids, not this list's.) A code missing here is sent as it is; check a new company against
 * get_delivery_list before adding it to the shop.
 */
export const WECHAT_EXPRESS_CODE: Record<string, string> = {
  SF: 'SF', // 顺丰速运
  ZTO: 'ZTO', // 中通快递
  YTO: 'YTO', // 圆通速递
  STO: 'STO', // 申通快递
  YD: 'YD', // 韵达速递
  JTSD: 'JTSD', // 极兔速递
  JD: 'JD', // 京东物流
  EMS: 'EMS', // 中国邮政速递物流
  YZPY: 'YZPY', // 邮政快递包裹
  DBL: 'DBL', // 德邦快递
}
/** Pseudo express codes for orders that are not sent by a carrier: logistics_type 4 self-pickup, 3 virtual goods. */
export const SELF_PICKUP = 'SELF'
export const VIRTUAL = 'VIRTUAL'

/** WeChat's split delivery takes at most this many parcels in shipping_list (the brief's and the docs' lower bound). */
export const MAX_PARCELS = 10

/**
 * The 'parcel' and 'shipped' hooks: an order paid in the mini-program gets its upload queued, again for each parcel
 * (one row per order: a parcel sets it pending anew, and the job sends every parcel so far; split delivery with
 * is_all_delivered once the order is no longer waiting for a parcel). A parcel beyond MAX_PARCELS is refused.
 */
export const queueShippingUpload: OrderHook = async (tx, { order }) => {
  if (order.payChannel !== 'wechat_mini') return
  const { n } = await tx
    .selectFrom('shipments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orderId', '=', order.id)
    .executeTakeFirstOrThrow()
  if (Number(n) > MAX_PARCELS) throw new AppError(ErrorCode.BAD_REQUEST, `小程序订单最多分 ${MAX_PARCELS} 个包裹发货`)
  const t = Date.now()
  await tx
    .insertInto('shippingUploads')
    .values({ orderId: order.id, status: 'pending', attempts: 0, nextAt: t, lastError: '', createdAt: t, updatedAt: t })
    .onConflict((oc) => oc.column('orderId').doUpdateSet({ status: 'pending', attempts: 0, nextAt: t, lastError: '', updatedAt: t }))
    .execute()
}

/**
 * The 'received' hook: a pickup order (到店自提) is reported when staff verify it (自提核销 runs the 'received' hooks),
 * with logistics_type 4 (用户自提): the goods were handed over then. Courier orders were queued when shipped.
 */
export const queuePickupUpload: OrderHook = async (tx, payload) => {
  if (payload.order.deliveryType !== 'pickup') return
  await queueShippingUpload(tx, payload)
}

/** The request WeChat needs for one order: by transaction id, the tracking numbers, item description, the payer's openid. */
export async function shippingRequest(db: Db, orderId: number, now = Date.now()) {
  const o = await db.selectFrom('orders').select(['id', 'memberId', 'receiverPhone', 'deliveryType', 'status']).where('id', '=', orderId).executeTakeFirstOrThrow()
  const pay = await db
    .selectFrom('payments')
    .select(['transactionId'])
    .where('orderId', '=', orderId)
    .where('status', 'in', ['paid', 'refunded'])
    .where('channel', '=', 'wechat_mini')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!pay?.transactionId) throw new Error('没有小程序支付记录')
  const m = await db.selectFrom('members').select('openidMini').where('id', '=', o.memberId).executeTakeFirstOrThrow()
  if (!m.openidMini) throw new Error('买家没有小程序 openid')
  const items = await db.selectFrom('orderItems').select(['id', 'goodsName', 'quantity']).where('orderId', '=', orderId).orderBy('id').execute()
  const itemDesc = utf8Cut(items.map((i) => `${i.goodsName}×${i.quantity}`).join('，') || '商品', 360)
  const ships = await db.selectFrom('shipments').select(['id', 'expressCode', 'trackingNo']).where('orderId', '=', orderId).orderBy('id').limit(MAX_PARCELS).execute()
  const lines = await linesOfParcels(
    db,
    ships.map((s) => s.id),
  )
  // A parcel's own lines (split shipment); a parcel without recorded lines holds the whole order.
  const descOf = (shipmentId: number) => {
    const own = lines.filter((l) => l.shipmentId === shipmentId)
    if (!own.length) return itemDesc
    return utf8Cut(own.map((l) => `${items.find((i) => i.id === l.orderItemId)?.goodsName || '商品'}×${l.quantity}`).join('，'), 360)
  }
  const code = ships[0]?.expressCode || ''
  // 4 用户自提: a pickup order (no waybill; WeChat wants one shipping_list entry with the item description only).
  const logisticsType = o.deliveryType === 'pickup' || code === SELF_PICKUP ? 4 : code === VIRTUAL ? 3 : 1
  const masked = o.receiverPhone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')
  // Split delivery (分拆发货) once there is more than one parcel or the order still waits for one; is_all_delivered when none is left.
  const split = logisticsType === 1 && (ships.length > 1 || o.status === 'to_ship')
  return {
    order_key: { order_number_type: 2, transaction_id: pay.transactionId },
    logistics_type: logisticsType,
    delivery_mode: split ? 2 : 1,
    ...(split ? { is_all_delivered: o.status !== 'to_ship' } : {}),
    shipping_list:
      logisticsType === 1
        ? ships.map((s) => ({ tracking_no: s.trackingNo, express_company: WECHAT_EXPRESS_CODE[s.expressCode] || s.expressCode, item_desc: descOf(s.id), contact: { receiver_contact: masked } }))
        : [{ item_desc: itemDesc }],
    upload_time: rfc3339China(now),
    payer: { openid: m.openidMini },
  }
}

/** Sends due uploads (pending, next_at passed); each failure waits longer; the last one marks it failed. */
export async function uploadDueShipping(ctx: Pick<AppContext, 'config' | 'db' | 'http' | 'cache' | 'log'>, now = Date.now(), limit = 50) {
  const due = await ctx.db.selectFrom('shippingUploads').selectAll().where('status', '=', 'pending').where('nextAt', '<=', now).orderBy('nextAt').limit(limit).execute()
  if (!due.length) return { done: 0, failed: 0 }
  const tokens = createTokenStore(ctx)
  let done = 0
  let failed = 0
  for (const u of due) {
    try {
      const body = await shippingRequest(ctx.db, u.orderId, now)
      await tokens.withAccessToken('mini', async (token) => {
        const res = await wxPost(ctx, 'wxa/sec/order/upload_shipping_info', { access_token: token }, body)
        checkBody(res.body, 'wxa/sec/order/upload_shipping_info')
      })
      await ctx.db
        .updateTable('shippingUploads')
        .set({ status: 'done', attempts: u.attempts + 1, lastError: '', updatedAt: Date.now() })
        .where('orderId', '=', u.orderId)
        .where('status', '=', 'pending')
        // Not when a new parcel queued it again meanwhile: that one is sent on the next run.
        .where('updatedAt', '=', u.updatedAt)
        .execute()
      done += 1
    } catch (err) {
      const attempts = u.attempts + 1
      const last = attempts >= MAX_ATTEMPTS
      if (last) failed += 1
      ctx.log.warn({ err: { message: (err as Error).message }, orderId: u.orderId, attempts }, 'shipping info upload failed')
      await ctx.db
        .updateTable('shippingUploads')
        .set({ status: last ? 'failed' : 'pending', attempts, nextAt: last ? u.nextAt : now + backoffMs(attempts), lastError: String((err as Error).message).slice(0, 200), updatedAt: Date.now() })
        .where('orderId', '=', u.orderId)
        .where('status', '=', 'pending')
        .where('updatedAt', '=', u.updatedAt)
        .execute()
    }
  }
  return { done, failed }
}

/** Uploads that gave up (the console's to-do list), newest first. */
export async function failedShippingUploads(db: Db, limit = 100) {
  return db
    .selectFrom('shippingUploads as u')
    .innerJoin('orders as o', 'o.id', 'u.orderId')
    .select(['o.orderNo', 'u.attempts', 'u.lastError', 'u.updatedAt'])
    .where('u.status', '=', 'failed')
    .orderBy('u.updatedAt', 'desc')
    .limit(limit)
    .execute()
}

export async function failedShippingCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('shippingUploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirst()
  return Number(r?.n || 0)
}

/** Operator: send a failed (or any pending) upload again now. */
export async function retryShippingUpload(db: Conn, orderNo: string) {
  const o = await db.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirst()
  if (!o) throw new Error(`订单不存在：${orderNo}`)
  const res = await db
    .updateTable('shippingUploads')
    .set({ status: 'pending', attempts: 0, nextAt: Date.now(), updatedAt: Date.now() })
    .where('orderId', '=', o.id)
    .where('status', 'in', ['failed', 'pending'])
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new Error('该订单没有待上传或失败的发货信息')
}
