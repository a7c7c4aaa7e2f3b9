import crypto from 'node:crypto'
import type { Config } from '../../config'
import type { Conn, Db } from '../../db/types'
import { resetPaymentProviders } from '../../payments'
import { getSetting } from './service'
import { decryptSecret, secretHint } from './secrets'
import { SMS_PROVIDERS, type SmsProviderName, type SmsSettings } from '../member/smsSettings'

/**
 * The console's settings over the configuration (docs/console.md "设置"). Read at start (buildApp, the CLI), after
 * every save and every 30 s in each process (re-applied then only when the stored rows changed), and written into
 * the one Config object every module reads, so the shop's code paths (order expiry, auto-receive, the after-sales
 * window, the customer-service contact, WeChat and WeChat Pay) follow the console without a restart.
 *
 * - Shop profile and timeouts: the console's value wins; the environment (ORDER_EXPIRE_MINUTES...) is the default.
 * - WeChat: a value set in the environment wins; the console's is used where the environment has none.
 */
export const SHOP_KEY = 'shopProfile'
export const WECHAT_KEY = 'wechat'
export const SMS_KEY = 'sms'

export interface StoredShop {
  name?: string
  logo?: string
  /** The article section's name (2–8 characters). */
  articleSectionName?: string
  servicePhone?: string
  serviceUrl?: string
  serviceWechatUrl?: string
  orderExpireMinutes?: number
  autoReceiveDays?: number
  afterSalesDays?: number
}

/** The WeChat fields: secrets are stored encrypted and never answered; files are PEM texts the console uploads. */
export const WECHAT_FIELDS = [
  { key: 'h5AppId', label: '公众号 AppID', env: 'WX_H5_APPID', secret: false },
  { key: 'h5Secret', label: '公众号 AppSecret', env: 'WX_H5_SECRET', secret: true },
  { key: 'miniAppId', label: '小程序 AppID', env: 'WX_MINI_APPID', secret: false },
  { key: 'miniSecret', label: '小程序 AppSecret', env: 'WX_MINI_SECRET', secret: true },
  { key: 'miniPushToken', label: '小程序消息推送令牌', env: 'WX_MINI_PUSH_TOKEN', secret: true },
  { key: 'payProvider', label: '支付方式', env: 'PAY_PROVIDER', secret: false },
  { key: 'h5PayEnabled', label: '手机浏览器 H5 支付', env: 'WXPAY_H5', secret: false },
  { key: 'mchId', label: '商户号', env: 'WXPAY_MCHID', secret: false },
  { key: 'mchSerialNo', label: '商户接口证书序列号', env: 'WXPAY_SERIAL_NO', secret: false },
  { key: 'apiV3Key', label: 'APIv3 密钥', env: 'WXPAY_API_V3_KEY', secret: true },
  { key: 'mchPrivateKey', label: '商户接口证书私钥', env: 'WXPAY_PRIVATE_KEY', secret: true },
  { key: 'platformCert', label: '微信支付平台证书 / 公钥', env: 'WXPAY_PLATFORM_KEYS', secret: false },
  { key: 'platformKeyId', label: '微信支付公钥 ID（上传公钥时）', env: 'WXPAY_PLATFORM_KEYS', secret: false },
  { key: 'notifyUrl', label: '支付通知地址', env: 'WXPAY_NOTIFY_URL', secret: false },
] as const
export type WechatField = (typeof WECHAT_FIELDS)[number]['key']
/** Stored JSON: plain values, and secrets as enc:v1:… (settings/secrets.ts). */
export type StoredWechat = Partial<Record<WechatField, string>>

/** 设置 → 短信: the SMS gateway of login codes; the secret key is stored encrypted and never answered. */
export const SMS_FIELDS = [
  { key: 'provider', label: '短信服务商', env: 'SMS_PROVIDER', secret: false },
  { key: 'secretId', label: 'SecretId / AccessKey ID', env: 'SMS_SECRET_ID', secret: false },
  { key: 'secretKey', label: 'SecretKey / AccessKey Secret', env: 'SMS_SECRET_KEY', secret: true },
  { key: 'sdkAppId', label: '短信应用 SDK AppID（腾讯云）', env: 'SMS_SDK_APP_ID', secret: false },
  { key: 'signName', label: '短信签名', env: 'SMS_SIGN_NAME', secret: false },
  { key: 'templateId', label: '验证码模板 ID / 模板 CODE', env: 'SMS_TEMPLATE_ID', secret: false },
  { key: 'region', label: '地域（腾讯云）', env: 'SMS_REGION', secret: false },
] as const
export type SmsField = (typeof SMS_FIELDS)[number]['key']
export type StoredSms = Partial<Record<SmsField, string>>

interface Base {
  sms: SmsSettings
  shop: Pick<Config, 'orderExpireMinutes' | 'autoReceiveDays' | 'afterSalesDays'> & { service: Config['service']; shop: Config['shop'] }
  wechat: Config['wechat']
  payProvider: Config['payProvider']
}
/** The configuration as the environment made it, before any overlay (taken at the first overlay). */
const bases = new WeakMap<Config, Base>()
function baseOf(config: Config): Base {
  let b = bases.get(config)
  if (!b) {
    b = {
      shop: { orderExpireMinutes: config.orderExpireMinutes, autoReceiveDays: config.autoReceiveDays, afterSalesDays: config.afterSalesDays, service: { ...config.service }, shop: { ...config.shop } },
      wechat: { ...config.wechat, platformPublicKeys: { ...config.wechat.platformPublicKeys } },
      payProvider: config.payProvider,
      sms: { ...config.sms },
    }
    bases.set(config, b)
  }
  return b
}

/** Which WeChat fields the environment sets (the console shows them as such and cannot change them). */
export function envWechatFields(config: Config): Set<WechatField> {
  const w = baseOf(config).wechat
  const out = new Set<WechatField>()
  const plain: Array<[WechatField, string]> = [
    ['h5AppId', w.h5AppId],
    ['h5Secret', w.h5Secret],
    ['miniAppId', w.miniAppId],
    ['miniSecret', w.miniSecret],
    ['miniPushToken', w.miniPushToken],
    ['mchId', w.mchId],
    ['mchSerialNo', w.mchSerialNo],
    ['apiV3Key', w.apiV3Key],
    ['mchPrivateKey', w.mchPrivateKey],
    ['notifyUrl', w.notifyUrl],
  ]
  for (const [k, v] of plain) if (v) out.add(k)
  if (Object.keys(w.platformPublicKeys || {}).length) {
    out.add('platformCert')
    out.add('platformKeyId')
  }
  if (baseOf(config).payProvider === 'wechatpay') out.add('payProvider')
  if (w.h5PayEnabled) out.add('h5PayEnabled')
  return out
}

/** Which SMS fields the environment sets (read-only in the console). A provider counts as set when it is not the demo's. */
export function envSmsFields(config: Config): Set<SmsField> {
  const b = baseOf(config).sms
  const out = new Set<SmsField>()
  if (b.provider !== 'log') out.add('provider')
  for (const k of ['secretId', 'secretKey', 'sdkAppId', 'signName', 'templateId'] as const) if (b[k]) out.add(k)
  if (b.region && b.region !== 'ap-guangzhou') out.add('region')
  return out
}

/** A stored group of fields with its secrets decrypted (a secret that cannot be decrypted counts as not set). */
async function decryptedFields<K extends string>(db: Conn, config: Config, settingKey: string, fields: readonly { key: K; secret?: boolean }[]): Promise<Partial<Record<K, string>>> {
  const raw = await getSetting<Partial<Record<K, string>>>(db, settingKey, {})
  const out: Partial<Record<K, string>> = {}
  for (const f of fields) {
    const v = raw[f.key]
    if (!v) continue
    if (f.secret) {
      const plain = decryptSecret(config.settingsKey, v)
      if (plain !== null) out[f.key] = plain
    } else out[f.key] = v
  }
  return out
}

/** Decrypted stored SMS values. */
export const storedSms = (db: Conn, config: Config): Promise<StoredSms> => decryptedFields(db, config, SMS_KEY, SMS_FIELDS)

/** Serial → PEM of an uploaded platform certificate (its own serial) or WeChat Pay public key (with its key id). */
export function platformKeysOf(pem: string, keyId: string): Record<string, string> {
  if (!pem) return {}
  if (pem.includes('BEGIN CERTIFICATE')) return { [new crypto.X509Certificate(pem).serialNumber.toUpperCase()]: pem }
  return keyId ? { [keyId]: pem } : {}
}

/** Decrypted stored WeChat values. */
export const storedWechat = (db: Conn, config: Config): Promise<StoredWechat> => decryptedFields(db, config, WECHAT_KEY, WECHAT_FIELDS)

/** A field's view for the console: plain values shown, secrets and files only as set + a hint. */
export function fieldHint(key: WechatField, value: string): string {
  if (key === 'mchPrivateKey') return `已设置 · ${secretHint(value)}`
  if (key === 'platformCert') {
    try {
      if (value.includes('BEGIN CERTIFICATE')) {
        const c = new crypto.X509Certificate(value)
        return `已设置 · 证书序列号 ${c.serialNumber.toUpperCase()} · 有效期至 ${c.validTo}`
      }
    } catch {
      return '已设置 · 无法解析的证书'
    }
    return `已设置 · 公钥 ${secretHint(value)}`
  }
  return `已设置 · ${secretHint(value)}`
}

/** What the last overlay was made from, per Config: the watcher re-applies only when the stored rows changed. */
const applied = new WeakMap<Config, string>()

/**
 * Writes the stored settings over the environment's configuration (see the file's comment for who wins).
 * `onlyIfChanged` (the 30 s watcher): nothing is rewritten while the stored rows are the ones last applied.
 */
export async function applyStoredSettings(db: Db, config: Config, opts: { onlyIfChanged?: boolean } = {}) {
  const rows = await db.selectFrom('shopSettings').select(['key', 'value']).where('key', 'in', [SHOP_KEY, WECHAT_KEY, SMS_KEY]).orderBy('key').execute()
  const stamp = JSON.stringify(rows)
  if (opts.onlyIfChanged && applied.get(config) === stamp) return
  applied.set(config, stamp)
  const base = baseOf(config)
  const shop = await getSetting<StoredShop>(db, SHOP_KEY, {})
  config.orderExpireMinutes = shop.orderExpireMinutes ?? base.shop.orderExpireMinutes
  config.autoReceiveDays = shop.autoReceiveDays ?? base.shop.autoReceiveDays
  config.afterSalesDays = shop.afterSalesDays ?? base.shop.afterSalesDays
  config.service = {
    url: shop.serviceUrl ?? base.shop.service.url,
    phone: shop.servicePhone ?? base.shop.service.phone,
    wechatUrl: shop.serviceWechatUrl ?? base.shop.service.wechatUrl,
  }
  config.shop = { name: shop.name ?? base.shop.shop.name, logo: shop.logo ?? base.shop.shop.logo, articleSection: shop.articleSectionName || base.shop.shop.articleSection }

  const s = await storedWechat(db, config)
  const w = base.wechat
  const pick = (envValue: string, stored: string | undefined) => envValue || stored || ''
  const before = JSON.stringify([config.payProvider, config.wechat])
  const platform = Object.keys(w.platformPublicKeys || {}).length ? w.platformPublicKeys : safePlatformKeys(s.platformCert || '', s.platformKeyId || '')
  config.wechat = {
    ...config.wechat,
    h5AppId: pick(w.h5AppId, s.h5AppId),
    h5Secret: pick(w.h5Secret, s.h5Secret),
    miniAppId: pick(w.miniAppId, s.miniAppId),
    miniSecret: pick(w.miniSecret, s.miniSecret),
    miniPushToken: pick(w.miniPushToken, s.miniPushToken),
    mchId: pick(w.mchId, s.mchId),
    mchSerialNo: pick(w.mchSerialNo, s.mchSerialNo),
    apiV3Key: pick(w.apiV3Key, s.apiV3Key),
    mchPrivateKey: pick(w.mchPrivateKey, s.mchPrivateKey),
    notifyUrl: pick(w.notifyUrl, s.notifyUrl),
    platformPublicKeys: platform,
    h5PayEnabled: w.h5PayEnabled || s.h5PayEnabled === '1',
  }
  config.payProvider = base.payProvider === 'wechatpay' || s.payProvider === 'wechatpay' ? 'wechatpay' : 'sandbox'
  // The WeChat Pay provider keeps its keys: a change makes the next payment build it again.
  if (JSON.stringify([config.payProvider, config.wechat]) !== before) resetPaymentProviders()

  // SMS: the environment's value wins field by field; the provider's client follows config.sms at the next send.
  const sms = await storedSms(db, config)
  const bs = base.sms
  const storedProvider = (SMS_PROVIDERS as readonly string[]).includes(sms.provider || '') ? (sms.provider as SmsProviderName) : 'log'
  config.sms = {
    provider: bs.provider !== 'log' ? bs.provider : storedProvider,
    secretId: pick(bs.secretId, sms.secretId),
    secretKey: pick(bs.secretKey, sms.secretKey),
    sdkAppId: pick(bs.sdkAppId, sms.sdkAppId),
    signName: pick(bs.signName, sms.signName),
    templateId: pick(bs.templateId, sms.templateId),
    region: bs.region !== 'ap-guangzhou' ? bs.region : sms.region || bs.region,
    endpoint: bs.endpoint,
  }
}

function safePlatformKeys(pem: string, keyId: string): Record<string, string> {
  try {
    return platformKeysOf(pem, keyId)
  } catch {
    return {}
  }
}

/** Re-reads the settings every 30 s (what another process saved); the timer does not keep the process alive. */
export function watchStoredSettings(db: Db, config: Config, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void applyStoredSettings(db, config, { onlyIfChanged: true }).catch(onError), 30_000)
  timer.unref()
  return () => clearInterval(timer)
}
