import crypto from 'node:crypto'
import type { AdminRouteModule } from '../../admin/types'
import { audited, actorOf } from '../../admin/audit'
import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import {
  DocKeyParams,
  DocumentInput,
  FreightTemplateInput,
  MessageEventParams,
  MessageIdBody,
  MessageTemplateInput,
  OrderNoBody,
  PayNoBody,
  ReconcileQuery,
  ReviewModeBody,
  ShopProfileInput,
  SmsSettingsInput,
  SmsTestInput,
  WechatSettingsInput,
  type FailureCounts,
  type FailuresReply,
  type FreightTemplate,
  type MessageSettings,
  type ReconcileReply,
  type SettingsDocument,
  type SetupCheckReply,
  type ShopProfile,
  type SmsSettingsView,
  type SmsTestReply,
  type WechatSettingsView,
} from '../../../../types/adminSettings'
import { AppError, ErrorCode } from '../../errors'
import { retryShippingUpload } from '../wechatShipping/service'
import { retryMessage } from '../notifications/service'
import { reconcileDay } from '../reconcile/service'
import {
  createFreightTemplate,
  deleteFreightTemplate,
  failuresReply,
  freightTemplates,
  messageSettings,
  reconcileView,
  retryLatePaymentRefund,
  saveDocument,
  saveMessageTemplate,
  saveShopProfile,
  saveSmsSettings,
  saveWechatSettings,
  settingsDocument,
  shopProfile,
  smsSettingsView,
  updateFreightTemplate,
  wechatSettingsView,
} from './adminService'
import { failureCounts } from './failures'
import { retrySubscription } from '../logistics/tracking'
import { runDoctor } from './doctor'
import { reviewMode, setSetting } from './service'
import { applyStoredSettings } from './store'
import { hit } from '../../services/rateLimit'
import { checkPhone } from '../member/service'
import { maskPhone } from '../member/sms'
import { chinaDay } from '../../services/chinaTime'

/**
 * 设置 (settings.read / .write): shop profile and timeouts, the login page's documents, freight templates, WeChat
 * settings, messages and review mode, the setup check. 财务 → 对账 (ledgers.read) and 工作台 → 待处理异常
 * (dashboard.read to see; retrying needs the permission of what is retried).
 */
const settingsAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db, config } = ctx
  const read = { permission: 'settings.read' as const }
  const write = { permission: 'settings.write' as const }

  app.get('/settings/shop', { config: read }, async (): Promise<ShopProfile> => shopProfile(config))
  app.put('/settings/shop', { config: write, schema: { body: ShopProfileInput } }, async (req): Promise<ShopProfile> => {
    await audited(db, actorOf(req), (tx, log) => saveShopProfile(tx, config, req.body, log))
    await applyStoredSettings(db, config)
    return shopProfile(config)
  })

  app.get('/settings/documents/:key', { config: read, schema: { params: DocKeyParams } }, async (req): Promise<SettingsDocument> => settingsDocument(db, req.params.key))
  app.put('/settings/documents/:key', { config: write, schema: { params: DocKeyParams, body: DocumentInput } }, async (req): Promise<SettingsDocument> => {
    await audited(db, actorOf(req), (tx, log) => saveDocument(tx, req.params.key, req.body, log))
    return settingsDocument(db, req.params.key)
  })

  // Freight templates: read by the goods form too (goods.read), written here.
  app.get('/settings/freight', { config: { permission: 'goods.read' } }, async (): Promise<FreightTemplate[]> => freightTemplates(db))
  app.post('/settings/freight', { config: write, schema: { body: FreightTemplateInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createFreightTemplate(tx, req.body, log)),
  }))
  app.put('/settings/freight/:id', { config: write, schema: { params: IdParams, body: FreightTemplateInput } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updateFreightTemplate(tx, req.params.id, req.body, log))
    return { id: req.params.id }
  })
  app.delete('/settings/freight/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteFreightTemplate(tx, req.params.id, log))
    return { ok: true }
  })

  app.get('/settings/wechat', { config: read }, async (): Promise<WechatSettingsView> => wechatSettingsView(db, config))
  app.put('/settings/wechat', { config: write, schema: { body: WechatSettingsInput } }, async (req): Promise<WechatSettingsView> => {
    await audited(db, actorOf(req), (tx, log) => saveWechatSettings(tx, config, req.body, log))
    await applyStoredSettings(db, config)
    return wechatSettingsView(db, config)
  })

  // 设置 → 短信: the gateway of login codes, and a test message to the merchant's own phone.
  app.get('/settings/sms', { config: read }, async (): Promise<SmsSettingsView> => smsSettingsView(db, config))
  app.put('/settings/sms', { config: write, schema: { body: SmsSettingsInput } }, async (req): Promise<SmsSettingsView> => {
    await audited(db, actorOf(req), (tx, log) => saveSmsSettings(tx, config, req.body, log))
    await applyStoredSettings(db, config)
    return smsSettingsView(db, config)
  })
  app.post('/settings/sms/test', { config: write, schema: { body: SmsTestInput } }, async (req): Promise<SmsTestReply> => {
    const phone = req.body.phone.trim()
    checkPhone(phone)
    await hit(db, `smsTest:${actorOf(req).id}`, 10, 3600_000, '测试短信每小时最多发送 10 条')
    // A code like a real one; it is not stored, so it signs nobody in.
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
    let reply: SmsTestReply
    try {
      await ctx.sms.send(phone, code)
      reply = { sent: true, message: config.sms.provider === 'log' ? '演示模式：验证码只写入了服务器日志，手机不会收到短信' : `已发送到 ${maskPhone(phone)}，请查看手机` }
    } catch (err) {
      reply = { sent: false, message: err instanceof AppError ? err.message : '发送失败，请稍后再试' }
    }
    await audited(db, actorOf(req), async (_tx, log) =>
      log({ action: 'settings.sms-test', targetType: 'settings', targetId: 'sms', after: { phone: maskPhone(phone), provider: config.sms.provider, ...reply } }),
    )
    return reply
  })

  app.get('/settings/messages', { config: read }, async (): Promise<MessageSettings> => messageSettings(db, config))
  app.put('/settings/messages/:kind/:event', { config: write, schema: { params: MessageEventParams, body: MessageTemplateInput } }, async (req): Promise<MessageSettings> => {
    await audited(db, actorOf(req), (tx, log) => saveMessageTemplate(tx, config, req.params.kind, req.params.event, req.body, log))
    return messageSettings(db, config)
  })
  app.put('/settings/review-mode', { config: write, schema: { body: ReviewModeBody } }, async (req): Promise<MessageSettings> => {
    await audited(db, actorOf(req), async (tx, log) => {
      const before = await reviewMode(tx)
      await setSetting(tx, 'reviewMode', req.body.on)
      log({ action: 'settings.review-mode', targetType: 'settings', targetId: 'reviewMode', before: { on: before }, after: { on: req.body.on } })
    })
    return messageSettings(db, config)
  })

  app.get('/settings/doctor', { config: read }, async (): Promise<SetupCheckReply> => runDoctor(ctx))

  // ---------------------------------------------------------------- 财务 → 对账

  app.get('/finance/reconcile', { config: { permission: 'ledgers.read' }, schema: { querystring: ReconcileQuery } }, async (req): Promise<ReconcileReply> => reconcileView(db, req.query.date))
  app.post('/finance/reconcile', { config: { permission: 'ledgers.read' }, schema: { body: ReconcileQuery } }, async (req): Promise<ReconcileReply> => {
    const today = chinaDay()
    if (req.body.date >= today) throw new AppError(ErrorCode.BAD_REQUEST, '只能对账今天以前的日期（微信次日 9 点后生成前一天的账单）')
    const r = await reconcileDay(ctx, req.body.date)
    await audited(db, actorOf(req), async (_tx, log) =>
      log({ action: 'reconcile.run', targetType: 'reconcile', targetId: r.date, after: { provider: r.provider, payments: r.payments, refunds: r.refunds, differences: r.differences.length } }),
    )
    return reconcileView(db, req.body.date)
  })

  // ---------------------------------------------------------------- 工作台 → 待处理异常

  app.get('/todo/failures', { config: { permission: 'dashboard.read' } }, async (): Promise<FailuresReply> => failuresReply(db))
  app.get('/todo/failure-counts', { config: { permission: 'dashboard.read' } }, async (): Promise<FailureCounts> => failureCounts(db))

  app.post('/todo/late-payments/retry', { config: { permission: 'refunds.write' }, schema: { body: PayNoBody } }, async (req): Promise<OkReply> => {
    return retryLatePaymentRefund(ctx, req.body.payNo, actorOf(req))
  })
  app.post('/todo/shipping/retry', { config: { permission: 'orders.write' }, schema: { body: OrderNoBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), async (tx, log) => {
      try {
        await retryShippingUpload(tx, req.body.orderNo)
      } catch (err) {
        throw new AppError(ErrorCode.CONFLICT, (err as Error).message)
      }
      log({ action: 'shipping.upload-retry', targetType: 'order', targetId: req.body.orderNo })
    })
    return { ok: true }
  })
  app.post('/todo/tracking/retry', { config: { permission: 'orders.write' }, schema: { body: OrderNoBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), async (tx, log) => {
      await retrySubscription(tx, req.body.orderNo)
      log({ action: 'tracking.retry', targetType: 'order', targetId: req.body.orderNo })
    })
    return { ok: true }
  })
  app.post('/todo/messages/retry', { config: write, schema: { body: MessageIdBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), async (tx, log) => {
      await retryMessage(tx, req.body.id)
      log({ action: 'message.retry', targetType: 'message', targetId: req.body.id })
    })
    return { ok: true }
  })
}

export default settingsAdminRoutes
