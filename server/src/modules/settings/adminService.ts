import crypto from 'node:crypto'
import type { Config } from '../../config'
import type { Conn, Db, Tx } from '../../db/types'
import { audited, type Actor, type AuditEntry } from '../../admin/audit'
import type { AppContext } from '../../context'
import type { OkReply } from '../../../../types/admin'
import { failedRefunds } from '../pay/refunds'
import { refundLatePayment } from '../pay/notify'
import { failedShippingUploads, retryShippingUpload } from '../wechatShipping/service'
import { failedMessages, retryMessage } from '../notifications/service'
import { failedSubscriptions, retrySubscription } from '../logistics/tracking'
import { checkPhone } from '../member/service'
import { hit } from '../../services/rateLimit'
import { AppError, ErrorCode } from '../../errors'
import { safeUrl, sanitizeArticleHtml } from '../article/sanitize'
import { parseRegionFees, syncFreeShippingTags } from '../order/freight'
import { ALL_PAGES, ROUTES } from '../../../../types/routes'
import type {
  DocumentInput,
  FailuresReply,
  FreightTemplate,
  FreightTemplateInput,
  MessageSettings,
  MessageTemplateInput,
  SettingsDocument,
  ShopProfile,
  ShopProfileInput,
  SmsSettingsInput,
  SmsSettingsView,
  SmsTestReply,
  WechatSettingsInput,
  WechatSettingsView,
} from '../../../../types/adminSettings'
import { getSetting, officialTemplates, OFFICIAL_KEY, reviewMode, setSetting, SUBSCRIBE_EVENTS, subscribeTemplates, type SubscribeEvent } from './service'
import { encryptSecret, secretHint, settingsKeyProblem } from './secrets'
import {
  envSmsFields,
  envWechatFields,
  fieldHint,
  platformKeysOf,
  SHOP_KEY,
  SMS_FIELDS,
  SMS_KEY,
  storedSms,
  storedWechat,
  WECHAT_FIELDS,
  WECHAT_KEY,
  type SmsField,
  type StoredShop,
  type StoredSms,
  type StoredWechat,
  type WechatField,
} from './store'
import { maskPhone, missingSmsFields, SMS_PROVIDER_LABELS } from '../member/sms'
import '../../db/settingsTables'

type Log = (e: AuditEntry) => void
const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

// ------------------------------------------------------------------ 店铺

/** The shop profile as the shop uses it now (config after the console's overlay: modules/settings/store.ts). */
export const shopProfile = (config: Config): ShopProfile => ({
  name: config.shop.name,
  logo: config.shop.logo,
  articleSectionName: config.shop.articleSection,
  servicePhone: config.service.phone,
  serviceUrl: config.service.url,
  serviceWechatUrl: config.service.wechatUrl,
  orderExpireMinutes: config.orderExpireMinutes,
  autoReceiveDays: config.autoReceiveDays,
  afterSalesDays: config.afterSalesDays,
})

/** A 微信客服 link as WeChat Work's 微信客服 gives it (its customer-service account's kfid). */
export const WECHAT_KF_URL = /^https:\/\/work\.weixin\.qq\.com\/kfid\/[A-Za-z0-9_-]+(\?[^\s"'<>\\]*)?$/

/** The 客服链接: an https link, or a page of the shop (e.g. 意见反馈, where the shop answers in the console). */
export function checkServiceUrl(raw: string): string {
  const url = raw.trim()
  if (!url) return ''
  if (url.startsWith('/')) {
    if (!ALL_PAGES.includes(url.split('?')[0])) throw bad('客服页面不存在，请填写本店的页面路径或 https:// 链接')
    return url
  }
  if (!/^https:\/\/[^\s"'<>\\]+$/i.test(url)) throw bad('客服链接须以 https:// 开头')
  return url
}

export async function saveShopProfile(tx: Tx, config: Config, input: ShopProfileInput, log: Log) {
  const logo = input.logo.trim()
  if (logo && !safeUrl(logo)) throw bad('店铺标志地址无效')
  const url = checkServiceUrl(input.serviceUrl)
  const wechatUrl = (input.serviceWechatUrl ?? config.service.wechatUrl).trim()
  if (wechatUrl && !WECHAT_KF_URL.test(wechatUrl)) throw bad('微信客服链接须为 https://work.weixin.qq.com/kfid/ 开头的链接（在企业微信「微信客服」中复制）')
  const section = (input.articleSectionName ?? config.shop.articleSection).trim()
  if (section.length < 2 || /[\s<>]/.test(section)) throw bad('文章栏目名称须为 2 到 8 个字，不含空格')
  const value: StoredShop = {
    name: input.name.trim(),
    logo: logo ? safeUrl(logo) : '',
    articleSectionName: section,
    servicePhone: input.servicePhone.trim(),
    serviceUrl: url,
    serviceWechatUrl: wechatUrl,
    orderExpireMinutes: input.orderExpireMinutes,
    autoReceiveDays: input.autoReceiveDays,
    afterSalesDays: input.afterSalesDays,
  }
  const before = shopProfile(config)
  await setSetting(tx, SHOP_KEY, value)
  log({ action: 'settings.shop', targetType: 'settings', targetId: SHOP_KEY, before, after: value })
  // The home entry that opens the article list under the section's old name follows it (one the merchant named
  // otherwise in 内容 → 首页导航 keeps its own title).
  if (section !== before.articleSectionName) {
    const navs = await tx.selectFrom('homeNavs').select('id').where('link', '=', ROUTES.genderSchoolList).where('title', '=', before.articleSectionName).execute()
    for (const { id } of navs) {
      const renamed = await tx.updateTable('homeNavs').set({ title: section }).where('id', '=', id).where('title', '=', before.articleSectionName).executeTakeFirst()
      if (Number(renamed.numUpdatedRows)) log({ action: 'nav.update', targetType: 'nav', targetId: String(id), before: { title: before.articleSectionName }, after: { title: section } })
    }
  }
}

export async function settingsDocument(db: Conn, key: string): Promise<SettingsDocument> {
  const r = await db.selectFrom('documents').select(['docKey', 'title', 'contentHtml', 'updatedAt']).where('docKey', '=', key).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '文档不存在')
  return { key: r.docKey, title: r.title, contentHtml: r.contentHtml, updatedAt: Number(r.updatedAt) }
}

/** The login page opens these (GET /api/content/document): sanitised like articles. */
export async function saveDocument(tx: Tx, key: string, input: DocumentInput, log: Log) {
  const before = await settingsDocument(tx, key)
  const contentHtml = sanitizeArticleHtml(input.contentHtml)
  if (!contentHtml.replace(/<[^>]*>/g, '').trim()) throw bad('请填写内容')
  const t = Date.now()
  await tx.updateTable('documents').set({ title: input.title.trim(), contentHtml, updatedAt: t }).where('docKey', '=', key).execute()
  log({ action: 'settings.document', targetType: 'document', targetId: key, before, after: { key, title: input.title.trim(), contentHtml, updatedAt: t } })
}

// ------------------------------------------------------------------ 运费

export async function freightTemplates(db: Conn): Promise<FreightTemplate[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('freightTemplates').selectAll().orderBy('isDefault', 'desc').orderBy('id').execute(),
    db
      .selectFrom('goods')
      .select(['freightTemplateId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('freightTemplateId', 'is not', null)
      .groupBy('freightTemplateId')
      .execute(),
  ])
  const n = new Map(counts.map((c) => [c.freightTemplateId, Number(c.n)]))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    baseFee: Number(r.baseFee),
    freeThreshold: Number(r.freeThreshold),
    regionFees: parseRegionFees(r.regionFees),
    isDefault: !!r.isDefault,
    goodsCount: n.get(r.id) || 0,
  }))
}

const oneTemplate = async (db: Conn, id: number) => (await freightTemplates(db)).find((t) => t.id === id)

function checkTemplate(input: FreightTemplateInput) {
  const regionFees = (input.regionFees || []).map((f) => ({ provinces: [...new Set(f.provinces.map((p) => p.trim()))], extra: f.extra }))
  const seen = new Set<string>()
  for (const f of regionFees)
    for (const p of f.provinces) {
      if (seen.has(p)) throw bad(`省份「${p}」重复设置了加价`)
      seen.add(p)
    }
  return { name: input.name.trim(), baseFee: input.baseFee, freeThreshold: input.freeThreshold, regionFees: JSON.stringify(regionFees) }
}

/** Exactly one default: making one the default takes it from the others in the same transaction. */
async function takeDefault(tx: Tx, id: number) {
  await tx.updateTable('freightTemplates').set({ isDefault: 0 }).where('id', '!=', id).where('isDefault', '=', 1).execute()
  await tx.updateTable('freightTemplates').set({ isDefault: 1 }).where('id', '=', id).execute()
}

export async function createFreightTemplate(tx: Tx, input: FreightTemplateInput, log: Log): Promise<number> {
  const t = Date.now()
  const r = await tx
    .insertInto('freightTemplates')
    .values({ ...checkTemplate(input), isDefault: 0, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (input.isDefault) await takeDefault(tx, r.id)
  await syncFreeShippingTags(tx) // the 包邮 tags of every goods the change may touch (the default covers goods without a template)
  log({ action: 'freight.create', targetType: 'freightTemplate', targetId: r.id, after: await oneTemplate(tx, r.id) })
  return r.id
}

export async function updateFreightTemplate(tx: Tx, id: number, input: FreightTemplateInput, log: Log) {
  const before = await oneTemplate(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '运费模板不存在')
  if (before.isDefault && input.isDefault === false) throw bad('请把另一个模板设为默认，而不是取消默认')
  await tx
    .updateTable('freightTemplates')
    .set({ ...checkTemplate(input), updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  if (input.isDefault && !before.isDefault) await takeDefault(tx, id)
  await syncFreeShippingTags(tx) // the 包邮 tags of every goods the change may touch (the default covers goods without a template)
  log({ action: 'freight.update', targetType: 'freightTemplate', targetId: id, before, after: await oneTemplate(tx, id) })
}

export async function deleteFreightTemplate(tx: Tx, id: number, log: Log) {
  const before = await oneTemplate(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '运费模板不存在')
  if (before.isDefault) throw new AppError(ErrorCode.CONFLICT, '默认模板不能删除')
  if (before.goodsCount) throw new AppError(ErrorCode.CONFLICT, `还有 ${before.goodsCount} 件商品使用该模板，不能删除`)
  const res = await tx.deleteFrom('freightTemplates').where('id', '=', id).where('isDefault', '=', 0).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '模板已变化，请刷新后重试')
  log({ action: 'freight.delete', targetType: 'freightTemplate', targetId: id, before })
}

// ------------------------------------------------------------------ 微信

/** What the console sees: plain values; secrets and files as "已设置" + a hint, never their content. */
export async function wechatSettingsView(db: Conn, config: Config): Promise<WechatSettingsView> {
  const stored = await storedWechat(db, config)
  const fromEnv = envWechatFields(config)
  const w = config.wechat
  const platform = Object.entries(w.platformPublicKeys || {})[0]
  const effective: Record<WechatField, string> = {
    h5AppId: w.h5AppId,
    h5Secret: w.h5Secret,
    miniAppId: w.miniAppId,
    miniSecret: w.miniSecret,
    miniPushToken: w.miniPushToken,
    payProvider: config.payProvider,
    h5PayEnabled: w.h5PayEnabled ? '1' : '',
    mchId: w.mchId,
    mchSerialNo: w.mchSerialNo,
    apiV3Key: w.apiV3Key,
    mchPrivateKey: w.mchPrivateKey,
    platformCert: platform ? platform[1] : '',
    platformKeyId: platform ? platform[0] : '',
    notifyUrl: w.notifyUrl,
  }
  const problem = settingsKeyProblem(config.settingsKey)
  return {
    canSaveSecrets: !problem,
    keyProblem: problem || '',
    fields: WECHAT_FIELDS.map((f) => {
      const v = effective[f.key] || stored[f.key] || ''
      const hidden = f.secret || f.key === 'platformCert'
      return { key: f.key, label: f.label, secret: hidden, value: hidden ? '' : v, set: !!v, hint: v && hidden ? fieldHint(f.key, v) : '', fromEnv: fromEnv.has(f.key), env: f.env }
    }),
  }
}

const APPID = /^wx[0-9a-f]{16}$/

function checkWechatValue(key: WechatField, v: string) {
  if (!v) return
  if ((key === 'h5AppId' || key === 'miniAppId') && !APPID.test(v)) throw bad('AppID 格式不正确（wx 开头的 18 位）')
  if ((key === 'h5Secret' || key === 'miniSecret') && !/^[0-9a-zA-Z]{32}$/.test(v)) throw bad('AppSecret 应为 32 位字母或数字')
  if (key === 'mchId' && !/^\d{8,12}$/.test(v)) throw bad('商户号应为 8 到 12 位数字')
  if (key === 'mchSerialNo' && !/^[0-9A-Fa-f]{8,64}$/.test(v)) throw bad('证书序列号应为十六进制字符')
  if (key === 'apiV3Key' && Buffer.byteLength(v, 'utf8') !== 32) throw bad('APIv3 密钥应为 32 个字符')
  if (key === 'notifyUrl' && !/^https:\/\/[^\s"'<>\\]+$/i.test(v)) throw bad('支付通知地址须以 https:// 开头')
  if (key === 'mchPrivateKey') {
    try {
      const k = crypto.createPrivateKey(v)
      if (k.asymmetricKeyType !== 'rsa') throw new Error('not rsa')
    } catch {
      throw bad('商户接口证书私钥无法读取：请上传商户平台下载的私钥文件（商户接口证书中的私钥）')
    }
  }
  if (key === 'platformCert') {
    try {
      if (v.includes('BEGIN CERTIFICATE')) new crypto.X509Certificate(v)
      else crypto.createPublicKey(v)
    } catch {
      throw bad('平台证书 / 公钥无法读取：请上传微信支付平台证书或微信支付公钥（PEM）')
    }
  }
}

/** A stored-settings copy for the audit log: secrets replaced by their hints. */
const masked = (s: StoredWechat) =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, WECHAT_FIELDS.find((f) => f.key === k)?.secret || k === 'platformCert' ? (v ? fieldHint(k as WechatField, v) : '') : v]))

export async function saveWechatSettings(tx: Tx, config: Config, input: WechatSettingsInput, log: Log) {
  const fromEnv = envWechatFields(config)
  const raw = await getSetting<StoredWechat>(tx, WECHAT_KEY, {})
  const plainBefore = await storedWechat(tx, config)
  const next: StoredWechat = { ...raw }
  const plainAfter: StoredWechat = { ...plainBefore }
  for (const f of WECHAT_FIELDS) {
    const given = input[f.key]
    if (given === undefined) continue
    const v = given.trim().replace(/\r\n/g, '\n')
    if (fromEnv.has(f.key)) throw bad(`「${f.label}」由服务器配置设置，不能在后台修改；如需修改请联系部署人员`)
    checkWechatValue(f.key, v)
    if (!v) {
      delete next[f.key]
      delete plainAfter[f.key]
      continue
    }
    next[f.key] = f.secret ? encryptSecret(config.settingsKey, v) : v
    plainAfter[f.key] = v
  }
  if (plainAfter.platformCert && !plainAfter.platformCert.includes('BEGIN CERTIFICATE') && !plainAfter.platformKeyId) throw bad('上传的是微信支付公钥：请同时填写公钥 ID（PUB_KEY_ID_ 开头）')
  if (plainAfter.platformCert) platformKeysOf(plainAfter.platformCert, plainAfter.platformKeyId || '')
  // WeChat Pay on: every piece it needs must be there (the environment's or the console's), else payments would fail.
  const w = config.wechat
  const has = (k: WechatField, envValue: string) => !!(fromEnv.has(k) ? envValue : plainAfter[k])
  if ((fromEnv.has('payProvider') ? 'wechatpay' : plainAfter.payProvider) === 'wechatpay') {
    const need: Array<[WechatField, string]> = [
      ['mchId', w.mchId],
      ['mchSerialNo', w.mchSerialNo],
      ['apiV3Key', w.apiV3Key],
      ['mchPrivateKey', w.mchPrivateKey],
      ['notifyUrl', w.notifyUrl],
      ['platformCert', Object.keys(w.platformPublicKeys).length ? 'x' : ''],
    ]
    const missing = need.filter(([k, e]) => !has(k, e)).map(([k]) => WECHAT_FIELDS.find((f) => f.key === k)!.label)
    if (missing.length) throw bad(`开启微信支付前请先设置：${missing.join('、')}`)
    if (!has('h5AppId', w.h5AppId) && !has('miniAppId', w.miniAppId)) throw bad('开启微信支付前请先设置公众号或小程序的 AppID')
  }
  await setSetting(tx, WECHAT_KEY, next)
  log({ action: 'settings.wechat', targetType: 'settings', targetId: WECHAT_KEY, before: masked(plainBefore), after: masked(plainAfter) })
}

// ------------------------------------------------------------------ 短信

/** What the console sees of the SMS settings: plain values, the secret key only as "已设置" + a fingerprint. */
export async function smsSettingsView(db: Conn, config: Config): Promise<SmsSettingsView> {
  const stored = await storedSms(db, config)
  const fromEnv = envSmsFields(config)
  const s = config.sms
  const problem = settingsKeyProblem(config.settingsKey)
  return {
    canSaveSecrets: !problem,
    keyProblem: problem || '',
    live: { provider: s.provider, label: SMS_PROVIDER_LABELS[s.provider], missing: missingSmsFields(s) },
    fields: SMS_FIELDS.map((f) => {
      const v = s[f.key] || stored[f.key] || ''
      return { key: f.key, label: f.label, secret: f.secret, value: f.secret ? '' : v, set: !!v, hint: v && f.secret ? `已设置 · ${secretHint(v)}` : '', fromEnv: fromEnv.has(f.key), env: f.env }
    }),
  }
}

function checkSmsValue(key: SmsField, v: string) {
  if (!v) return
  if (key === 'sdkAppId' && !/^\d{10}$/.test(v)) throw bad('腾讯云短信应用 SDK AppID 应为 10 位数字（如 1400xxxxxx）')
  if (key === 'secretId' && !/^[A-Za-z0-9]{8,128}$/.test(v)) throw bad('SecretId / AccessKey ID 只含字母和数字')
  if (key === 'secretKey' && !/^[A-Za-z0-9+/=_-]{8,128}$/.test(v)) throw bad('SecretKey / AccessKey Secret 格式不正确')
  if (key === 'templateId' && !/^(\d{1,20}|SMS_\d{1,20})$/.test(v)) throw bad('模板 ID 应为腾讯云的数字 ID 或阿里云的 SMS_ 开头的模板 CODE')
  if (key === 'signName' && (v.length > 20 || /[【】[\]]/.test(v))) throw bad('短信签名填写签名名称本身（不含【】），不超过 20 个字')
  if (key === 'region' && !/^[a-z]{2}-[a-z]+$/.test(v)) throw bad('地域格式如 ap-guangzhou')
}

const maskedSms = (s: StoredSms) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k === 'secretKey' && v ? `已设置 · ${secretHint(v)}` : v]))

export async function saveSmsSettings(tx: Tx, config: Config, input: SmsSettingsInput, log: Log) {
  const fromEnv = envSmsFields(config)
  const raw = await getSetting<StoredSms>(tx, SMS_KEY, {})
  const plainBefore = await storedSms(tx, config)
  const next: StoredSms = { ...raw }
  const plainAfter: StoredSms = { ...plainBefore }
  for (const f of SMS_FIELDS) {
    const given = input[f.key]
    if (given === undefined) continue
    const v = given.trim()
    if (fromEnv.has(f.key)) throw bad(`「${f.label}」由服务器的环境配置设置，不能在后台修改`)
    checkSmsValue(f.key, v)
    if (!v) {
      delete next[f.key]
      delete plainAfter[f.key]
      continue
    }
    next[f.key] = f.secret ? encryptSecret(config.settingsKey, v) : v
    plainAfter[f.key] = v
  }
  // A real provider is switched on only with everything it needs (the environment's or the console's).
  const b = config.sms
  const value = (k: SmsField) => (fromEnv.has(k) ? String(b[k] || '') : plainAfter[k] || '')
  const provider = (fromEnv.has('provider') ? b.provider : plainAfter.provider || 'log') as 'log' | 'tencent' | 'aliyun'
  const missing = missingSmsFields({
    provider,
    secretId: value('secretId'),
    secretKey: value('secretKey'),
    sdkAppId: value('sdkAppId'),
    signName: value('signName'),
    templateId: value('templateId'),
    region: '',
    endpoint: '',
  })
  if (missing.length) throw bad(`启用${SMS_PROVIDER_LABELS[provider]}前请先填写：${missing.join('、')}`)
  if (provider === 'aliyun' && value('templateId') && !value('templateId').startsWith('SMS_')) throw bad('阿里云的模板 CODE 以 SMS_ 开头')
  if (provider === 'tencent' && value('templateId') && !/^\d+$/.test(value('templateId'))) throw bad('腾讯云的模板 ID 为数字')
  await setSetting(tx, SMS_KEY, next)
  log({ action: 'settings.sms', targetType: 'settings', targetId: SMS_KEY, before: maskedSms(plainBefore), after: maskedSms(plainAfter) })
}

// ------------------------------------------------------------------ 消息

export async function messageSettings(db: Conn, config: Config): Promise<MessageSettings> {
  const sub = await subscribeTemplates(db, config)
  const off = await officialTemplates(db)
  return {
    subscribe: SUBSCRIBE_EVENTS.map((e) => ({ event: e, ...sub[e] })),
    official: SUBSCRIBE_EVENTS.map((e) => ({ event: e, ...off[e] })),
    reviewMode: await reviewMode(db),
  }
}

export async function saveMessageTemplate(tx: Tx, config: Config, kind: 'subscribe' | 'official', event: SubscribeEvent, input: MessageTemplateInput, log: Log) {
  if (input.enabled && !input.templateId.trim()) throw bad('开启前请填写模板 ID')
  if (kind === 'official' && input.page && !/^https:\/\/[^\s"'<>\\]+$/i.test(input.page)) throw bad('公众号模板消息的跳转页须是 https:// 开头的网址')
  if (kind === 'subscribe' && input.page && !/^[a-zA-Z0-9_/?=&.-]+$/.test(input.page)) throw bad('小程序页面路径格式不正确')
  const value = { templateId: input.templateId.trim(), enabled: input.enabled, page: input.page.trim(), fields: input.fields }
  const before = (await messageSettings(tx, config))[kind].find((t) => t.event === event)
  const key = kind === 'subscribe' ? 'subscribeTemplates' : OFFICIAL_KEY
  const saved = await getSetting<Record<string, unknown>>(tx, key, {})
  await setSetting(tx, key, { ...saved, [event]: value })
  log({ action: `settings.message.${kind}`, targetType: 'messageTemplate', targetId: event, before, after: value })
}

// ---------------------------------------------------------------- 工作台 → 待处理异常

/** 工作台 → 待处理异常: refunds, late payments, shipping uploads, messages and tracking subscriptions that failed. */
export async function failuresReply(db: Db): Promise<FailuresReply> {
  const [refunds, shipping, messages, tracking] = await Promise.all([failedRefunds(db), failedShippingUploads(db), failedMessages(db), failedSubscriptions(db)])
  return {
    refunds: refunds.cases.map((c) => ({ afterSaleId: c.id, orderNo: c.orderNo, amount: Number(c.refundAmount), error: c.refundError || '', at: Number(c.refundFailedAt) })),
    latePayments: refunds.latePayments.map((p) => ({ payNo: p.payNo, orderNo: p.orderNo, amount: Number(p.amount), error: p.refundError || '', at: Number(p.updatedAt) })),
    shipping: shipping.map((s) => ({ orderNo: s.orderNo, attempts: Number(s.attempts), error: s.lastError, at: Number(s.updatedAt) })),
    messages: messages.map((m) => ({ id: m.id, event: m.event, memberId: m.memberId, attempts: Number(m.attempts), error: m.lastError, at: Number(m.updatedAt) })),
    tracking: tracking.map((r) => ({ orderNo: r.orderNo, expressName: r.expressName, trackingNo: r.trackingNo, status: r.status, error: r.lastError, at: Number(r.updatedAt) })),
  }
}

/** Retries the refund of a payment that arrived after its order closed, and audits the outcome. */
export async function retryLatePaymentRefund(ctx: AppContext, payNo: string, actor: Actor): Promise<OkReply> {
  const { db } = ctx
  const pay = await db.selectFrom('payments').select(['payNo', 'refundError']).where('payNo', '=', payNo).where('status', '=', 'refund_pending').executeTakeFirst()
  if (!pay) throw new AppError(ErrorCode.CONFLICT, '该笔支付不在待退款状态')
  await refundLatePayment(ctx, pay.payNo)
  const after = await db.selectFrom('payments').select(['status', 'refundError']).where('payNo', '=', pay.payNo).executeTakeFirstOrThrow()
  await audited(db, actor, async (_tx, log) => log({ action: 'payment.refund-retry', targetType: 'payment', targetId: pay.payNo, before: { refundError: pay.refundError }, after }))
  return { ok: after.status === 'refunded' || !after.refundError }
}

/**
 * 设置 → 短信 → 发送测试短信: a code like a real one to the merchant's phone (not stored, so it signs nobody in), at most
 * 10 an hour per staff member; the answer says in words what happened (the log gateway only writes the server log),
 * and the attempt is audited either way.
 */
export async function sendSmsTest(ctx: AppContext, actor: Actor, rawPhone: string): Promise<SmsTestReply> {
  const { db, config } = ctx
  const phone = rawPhone.trim()
  checkPhone(phone)
  await hit(db, `smsTest:${actor.id}`, 10, 3600_000, '测试短信每小时最多发送 10 条')
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
  let reply: SmsTestReply
  try {
    await ctx.sms.send(phone, code)
    reply = { sent: true, message: config.sms.provider === 'log' ? '演示模式：验证码只写入了服务器日志，手机不会收到短信' : `已发送到 ${maskPhone(phone)}，请查看手机` }
  } catch (err) {
    reply = { sent: false, message: err instanceof AppError ? err.message : '发送失败，请稍后再试' }
  }
  await audited(db, actor, async (_tx, log) =>
    log({ action: 'settings.sms-test', targetType: 'settings', targetId: 'sms', after: { phone: maskPhone(phone), provider: config.sms.provider, ...reply } }),
  )
  return reply
}

/** 审核模式 on or off, in the audited transaction (before and after logged). */
export async function saveReviewMode(tx: Tx, on: boolean, log: Log) {
  const before = await reviewMode(tx)
  await setSetting(tx, 'reviewMode', on)
  log({ action: 'settings.review-mode', targetType: 'settings', targetId: 'reviewMode', before: { on: before }, after: { on } })
}

/** 待处理异常 → 发货信息 → 重试 (in the audited transaction): a refusal of WeChat's is shown in its words. */
export async function retryShippingAudited(tx: Tx, orderNo: string, log: Log) {
  try {
    await retryShippingUpload(tx, orderNo)
  } catch (err) {
    throw new AppError(ErrorCode.CONFLICT, (err as Error).message)
  }
  log({ action: 'shipping.upload-retry', targetType: 'order', targetId: orderNo })
}

/** 待处理异常 → 物流订阅 → 重试 (in the audited transaction). */
export async function retryTrackingAudited(tx: Tx, orderNo: string, log: Log) {
  await retrySubscription(tx, orderNo)
  log({ action: 'tracking.retry', targetType: 'order', targetId: orderNo })
}

/** 待处理异常 → 消息 → 重试 (in the audited transaction). */
export async function retryMessageAudited(tx: Tx, id: number, log: Log) {
  await retryMessage(tx, id)
  log({ action: 'message.retry', targetType: 'message', targetId: id })
}
