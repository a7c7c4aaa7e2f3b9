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
  ReviewModeBody,
  ShopProfileInput,
  SmsSettingsInput,
  SmsTestInput,
  WechatSettingsInput,
  type FailureCounts,
  type FailuresReply,
  type FreightTemplate,
  type MessageSettings,
  type SettingsDocument,
  type SetupCheckReply,
  type ShopProfile,
  type SmsSettingsView,
  type SmsTestReply,
  type WechatSettingsView,
} from '../../../../types/adminSettings'
import {
  createFreightTemplate,
  deleteFreightTemplate,
  failuresReply,
  freightTemplates,
  messageSettings,
  retryLatePaymentRefund,
  retryMessageAudited,
  retryShippingAudited,
  retryTrackingAudited,
  saveReviewMode,
  saveDocument,
  saveMessageTemplate,
  saveShopProfile,
  saveSmsSettings,
  saveWechatSettings,
  sendSmsTest,
  settingsDocument,
  shopProfile,
  smsSettingsView,
  updateFreightTemplate,
  wechatSettingsView,
} from './adminService'
import { failureCounts } from './failures'
import { runDoctor } from './doctor'
import { applyStoredSettings } from './store'

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
  app.post('/settings/sms/test', { config: write, schema: { body: SmsTestInput } }, async (req): Promise<SmsTestReply> => sendSmsTest(ctx, actorOf(req), req.body.phone))

  app.get('/settings/messages', { config: read }, async (): Promise<MessageSettings> => messageSettings(db, config))
  app.put('/settings/messages/:kind/:event', { config: write, schema: { params: MessageEventParams, body: MessageTemplateInput } }, async (req): Promise<MessageSettings> => {
    await audited(db, actorOf(req), (tx, log) => saveMessageTemplate(tx, config, req.params.kind, req.params.event, req.body, log))
    return messageSettings(db, config)
  })
  app.put('/settings/review-mode', { config: write, schema: { body: ReviewModeBody } }, async (req): Promise<MessageSettings> => {
    await audited(db, actorOf(req), (tx, log) => saveReviewMode(tx, req.body.on, log))
    return messageSettings(db, config)
  })

  app.get('/settings/doctor', { config: read }, async (): Promise<SetupCheckReply> => runDoctor(ctx))

  // ---------------------------------------------------------------- 工作台 → 待处理异常

  app.get('/settings/failures', { config: { permission: 'dashboard.read' } }, async (): Promise<FailuresReply> => failuresReply(db))
  app.get('/settings/failure-counts', { config: { permission: 'dashboard.read' } }, async (): Promise<FailureCounts> => failureCounts(db))

  app.post('/settings/failures/late-payments/retry', { config: { permission: 'refunds.write' }, schema: { body: PayNoBody } }, async (req): Promise<OkReply> => {
    return retryLatePaymentRefund(ctx, req.body.payNo, actorOf(req))
  })
  app.post('/settings/failures/shipping/retry', { config: { permission: 'orders.write' }, schema: { body: OrderNoBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => retryShippingAudited(tx, req.body.orderNo, log))
    return { ok: true }
  })
  app.post('/settings/failures/tracking/retry', { config: { permission: 'orders.write' }, schema: { body: OrderNoBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => retryTrackingAudited(tx, req.body.orderNo, log))
    return { ok: true }
  })
  app.post('/settings/failures/messages/retry', { config: write, schema: { body: MessageIdBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => retryMessageAudited(tx, req.body.id, log))
    return { ok: true }
  })
}

export default settingsAdminRoutes
