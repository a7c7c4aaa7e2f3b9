import type { AppContext } from '../../context'
import type { Conn, Db } from '../../db/types'
import type { OrderHook } from '../order/hooks'
import type { OrderEventListener } from '../order/events'
import { checkBody, WeChatApiError, wxPost } from '../../wechat/api'
import { createTokenStore } from '../../wechat/tokens'
import { officialTemplates, subscribeTemplates, type SubscribeEvent } from '../settings/service'
import '../../db/moneyTables'
import { AppError, ErrorCode } from '../../errors'
import { chinaMinute } from '../../services/chinaTime'

/**
 * Mini-program subscribe messages (docs/wechat.md, "Notifications"). A business action queues a message in its own
 * transaction (message_outbox), so it is never lost and never blocks: the sending job posts it
 * (/cgi-bin/message/subscribe/send) after the commit; a failure is recorded on the row, the action stands.
 */

const MAX_ATTEMPTS = 3
/** errcodes that will not succeed by retrying: the user has no subscription left (43101), bad template or data. */
const FINAL_ERRCODES = new Set([43101, 40003, 40037, 47003, 41030])

/** An amount as messages say it: "59.00元". */
export const yuan = (fen: number) => `${(fen / 100).toFixed(2)}元`

/** Queues a message inside the caller's transaction. `data`: the event's named values (orderNo, amount, time...). */
export async function queueMessage(tx: Conn, memberId: number, event: SubscribeEvent, data: Record<string, string>) {
  const t = Date.now()
  await tx
    .insertInto('messageOutbox')
    .values({ memberId, event, data: JSON.stringify(data), status: 'pending', attempts: 0, lastError: '', createdAt: t, updatedAt: t })
    .execute()
}

/** 'shipped' order hook: 订单已发货 (orderNo, goodsName, expressName, trackingNo, time). */
export const messageOnShipped: OrderHook = async (tx, { order, items }) => {
  const ship = await tx.selectFrom('shipments').select(['expressName', 'trackingNo']).where('orderId', '=', order.id).orderBy('id', 'desc').executeTakeFirst()
  await queueMessage(tx, order.memberId, 'order_shipped', {
    orderNo: order.orderNo,
    goodsName: items[0]?.goodsName.slice(0, 20) || '商品',
    expressName: ship?.expressName || '',
    trackingNo: ship?.trackingNo || '',
    time: chinaMinute(Date.now()),
  })
}

/** 'refunded' order event: 退款到账 (orderNo, amount, time). */
export const messageOnRefunded: OrderEventListener<'refunded'> = async (tx, e) => {
  await queueMessage(tx, e.memberId, 'refund_arrived', { orderNo: e.orderNo, afterSaleNo: e.afterSaleNo, amount: yuan(e.amount), time: chinaMinute(Date.now()) })
}

/**
 * The sending job: pending messages through the event's template. A member with a mini-program openid gets the
 * subscribe message; one who uses the shop in WeChat's browser (an official-account openid) gets the official
 * account's template message (/cgi-bin/message/template/send) when the console configured one for the event.
 * Switched-off events and members with neither are skipped.
 */
export async function sendDueMessages(ctx: Pick<AppContext, 'config' | 'db' | 'http' | 'cache' | 'log'>, limit = 100) {
  const due = await ctx.db.selectFrom('messageOutbox').selectAll().where('status', '=', 'pending').orderBy('id').limit(limit).execute()
  if (!due.length) return { sent: 0 }
  const templates = await subscribeTemplates(ctx.db, ctx.config)
  const official = await officialTemplates(ctx.db)
  const tokens = createTokenStore(ctx)
  let sent = 0
  for (const m of due) {
    const set = (status: 'sent' | 'skipped' | 'failed' | 'pending', lastError = '', attempts = m.attempts) =>
      ctx.db
        .updateTable('messageOutbox')
        .set({ status, lastError: lastError.slice(0, 200), attempts, updatedAt: Date.now() })
        .where('id', '=', m.id)
        .where('status', '=', 'pending')
        .execute()
    const tpl = templates[m.event as SubscribeEvent]
    const off = official[m.event as SubscribeEvent]
    if (!tpl?.enabled && !off?.enabled) {
      await set('skipped', '未配置或已关闭该消息模板')
      continue
    }
    const member = await ctx.db.selectFrom('members').select(['openidMini', 'openidH5']).where('id', '=', m.memberId).executeTakeFirst()
    const viaMini = !!(tpl?.enabled && member?.openidMini)
    const viaOfficial = !viaMini && !!(off?.enabled && member?.openidH5)
    if (!viaMini && !viaOfficial) {
      await set('skipped', tpl?.enabled ? '会员没有小程序 openid' : '会员没有公众号 openid')
      continue
    }
    const values: Record<string, string> = JSON.parse(m.data)
    const dataOf = (t: { fields: Record<string, string> }, max: number) => Object.fromEntries(Object.entries(t.fields).map(([key, name]) => [key, { value: String(values[name] ?? '').slice(0, max) }]))
    try {
      if (viaMini) {
        await tokens.withAccessToken('mini', async (token) => {
          const res = await wxPost(
            ctx,
            'cgi-bin/message/subscribe/send',
            { access_token: token },
            { touser: member!.openidMini, template_id: tpl.templateId, page: tpl.page || undefined, data: dataOf(tpl, 20), miniprogram_state: 'formal', lang: 'zh_CN' },
          )
          checkBody(res.body, 'cgi-bin/message/subscribe/send')
        })
      } else {
        await tokens.withAccessToken('h5', async (token) => {
          const res = await wxPost(
            ctx,
            'cgi-bin/message/template/send',
            { access_token: token },
            { touser: member!.openidH5, template_id: off.templateId, url: off.page || undefined, data: dataOf(off, 64) },
          )
          checkBody(res.body, 'cgi-bin/message/template/send')
        })
      }
      await set('sent', '', m.attempts + 1)
      sent += 1
    } catch (err) {
      const attempts = m.attempts + 1
      const final = (err instanceof WeChatApiError && FINAL_ERRCODES.has(err.errcode)) || attempts >= MAX_ATTEMPTS
      ctx.log.warn({ err: { message: (err as Error).message }, event: m.event, memberId: m.memberId, channel: viaMini ? 'subscribe' : 'template' }, 'wechat message not sent')
      await set(final ? (err instanceof WeChatApiError && err.errcode === 43101 ? 'skipped' : 'failed') : 'pending', (err as Error).message, attempts)
    }
  }
  return { sent }
}

/** Messages that could not be sent (the console's to-do list / settings page), newest first. */
export async function failedMessages(db: Db, limit = 100) {
  return db.selectFrom('messageOutbox').selectAll().where('status', '=', 'failed').orderBy('id', 'desc').limit(limit).execute()
}

/** Operator: send a failed message again (the next sending job picks it up). */
export async function retryMessage(db: Conn, id: number) {
  const res = await db.updateTable('messageOutbox').set({ status: 'pending', attempts: 0, lastError: '', updatedAt: Date.now() }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '该消息不是发送失败状态，无需重试')
}
