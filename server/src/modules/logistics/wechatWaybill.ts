import type { AppContext } from '../../context'
import type { Conn } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { checkBody, toAppError, WeChatApiError, wxPost } from '../../wechat/api'
import { createTokenStore } from '../../wechat/tokens'
import { getSetting, setSetting } from '../settings/service'
import { ownOrder } from '../order/service'
import { SELF_PICKUP, VIRTUAL, WECHAT_EXPRESS_CODE } from '../wechatShipping/service'
import { ROUTES } from '../../../../types/routes'

/**
 * WeChat's free 物流查询 component for mini-program orders (docs/wechat.md "WeChat logistics page"). When the merchant
 * turns it on (设置 → 物流跟踪), a shopper of an order paid in the mini-program may open WeChat's own tracking page:
 * the server hands the waybill to WeChat (trace_waybill, outside any transaction) and gets a waybill_token, which the
 * mini-program passes to the plug-in (openWaybillTracking). The token is kept per shipment and waybill number.
 */
export type WaybillCtx = Pick<AppContext, 'config' | 'db' | 'http' | 'cache' | 'log'>

export const SETTING_KEY = 'wechatWaybill'
export const TRACE_WAYBILL = 'cgi-bin/express/delivery/open_msg/trace_waybill'
/**
 * WeChat documents no expiry for waybill_token (the developer stores it and opens the waybill with it later); it is
 * kept this long per shipment and waybill number, then asked for again (trace_waybill of the same waybill is allowed).
 */
export const TOKEN_TTL_S = 7 * 86400

export async function wechatWaybillEnabled(db: Conn): Promise<boolean> {
  return !!(await getSetting<{ enabled?: boolean }>(db, SETTING_KEY, {})).enabled
}
export async function setWechatWaybillEnabled(db: Conn, enabled: boolean) {
  await setSetting(db, SETTING_KEY, { enabled })
}

const SHIPPED = new Set(['to_receive', 'to_review', 'completed'])
const refuse = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

/** WeChat's answers that mean something to the shopper (the rest: toAppError, with the errcode in the log). */
const WX_REFUSALS: Record<number, string> = {
  48001: '商城的小程序还没有开通微信物流查询，请查看下方的物流信息',
  931023: '微信暂时查不到这个运单，请稍后再试，或查看下方的物流信息',
}

/** Whether the order's page may offer 「微信物流详情」: switch on, paid in the mini-program, shipped by a courier. */
export async function wechatWaybillAvailable(db: Conn, order: { payChannel: string | null; status: string }, expressCode: string): Promise<boolean> {
  if (order.payChannel !== 'wechat_mini' || !SHIPPED.has(order.status) || expressCode === SELF_PICKUP || expressCode === VIRTUAL) return false
  return wechatWaybillEnabled(db)
}

/** The shopper's own shipped mini-program order → its waybill_token (cached; trace_waybill when there is none). */
export async function wechatWaybillToken(ctx: WaybillCtx, memberId: number, orderNo: string): Promise<{ waybillToken: string }> {
  const { db } = ctx
  const o = await ownOrder(db, memberId, orderNo)
  const s = await db.selectFrom('shipments').select(['id', 'expressCode', 'trackingNo']).where('orderId', '=', o.id).orderBy('id').executeTakeFirst()
  if (!s) throw new AppError(ErrorCode.NOT_FOUND, '该订单还没有发货')
  if (!(await wechatWaybillEnabled(db))) throw refuse('商家没有开启微信物流查询')
  if (o.payChannel !== 'wechat_mini') throw refuse('只有在小程序中支付的订单可以查看微信物流详情')
  if (!SHIPPED.has(o.status)) throw refuse('该订单当前不能查看物流')
  if (s.expressCode === SELF_PICKUP || s.expressCode === VIRTUAL) throw refuse('该订单不是快递发货，没有物流详情')
  const key = `wxWaybill:${s.id}:${s.expressCode}:${s.trackingNo}`
  const cached = await ctx.cache.get(key)
  if (cached) return { waybillToken: cached }

  const pay = await db
    .selectFrom('payments')
    .select(['transactionId'])
    .where('orderId', '=', o.id)
    .where('channel', '=', 'wechat_mini')
    .where('status', 'in', ['paid', 'refunded'])
    .orderBy('id', 'desc')
    .executeTakeFirst()
  const m = await db.selectFrom('members').select('openidMini').where('id', '=', memberId).executeTakeFirstOrThrow()
  if (!pay?.transactionId || !m.openidMini) {
    ctx.log.warn({ orderNo, transaction: !!pay?.transactionId, openid: !!m.openidMini }, 'wechat waybill: no mini-program payment or openid')
    throw refuse('这笔订单缺少小程序支付记录，不能查看微信物流详情')
  }
  const items = await db.selectFrom('orderItems').select(['goodsName', 'image']).where('orderId', '=', o.id).orderBy('id').execute()
  const host = ctx.config.mainHost
  const imageUrl = (img: string) => (/^https:\/\//.test(img) ? img : img.startsWith('/') && host ? `https://${host}${img}` : '')
  const body = {
    openid: m.openidMini,
    receiver_phone: o.receiverPhone,
    waybill_id: s.trackingNo,
    delivery_id: WECHAT_EXPRESS_CODE[s.expressCode] || s.expressCode,
    trans_id: pay.transactionId,
    order_detail_path: `${ROUTES.orderDetails.replace(/^\//, '')}?orderNo=${encodeURIComponent(o.orderNo)}`,
    goods_info: {
      detail_list: items.map((i) => ({ goods_name: i.goodsName.slice(0, 40), goods_img_url: imageUrl(i.image || '') })),
    },
  }
  let token = ''
  try {
    await createTokenStore(ctx).withAccessToken('mini', async (accessToken) => {
      const res = await wxPost(ctx, TRACE_WAYBILL, { access_token: accessToken }, body)
      token = String(checkBody<{ waybill_token?: string }>(res.body, TRACE_WAYBILL).waybill_token || '')
    })
  } catch (err) {
    if (err instanceof WeChatApiError && WX_REFUSALS[err.errcode]) {
      ctx.log.warn({ errcode: err.errcode, errmsg: err.errmsg, orderNo }, 'trace_waybill refused')
      throw refuse(WX_REFUSALS[err.errcode])
    }
    throw toAppError(ctx, err, '暂时无法打开微信物流详情')
  }
  if (!token) {
    ctx.log.warn({ orderNo }, 'trace_waybill answered no waybill_token')
    throw new AppError(ErrorCode.WECHAT_ERROR, '暂时无法打开微信物流详情，请稍后重试')
  }
  await ctx.cache.set(key, token, TOKEN_TTL_S)
  return { waybillToken: token }
}
