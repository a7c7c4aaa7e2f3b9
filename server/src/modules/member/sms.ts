import type { Agent } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms'
import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525'
import { Config as AliyunConfig } from '@alicloud/openapi-core/dist/utils'
import { RuntimeOptions } from '@darabonba/typescript'
import type { Config } from '../../config'
import { AppError, ErrorCode } from '../../errors'
import type { SmsProviderName, SmsSettings } from './smsSettings'

export { SMS_PROVIDERS, type SmsProviderName, type SmsSettings } from './smsSettings'

/**
 * Where verification codes go. `send` resolves only on the provider's success answer; a refusal throws an
 * AppError whose message the shopper reads (the provider's code and RequestId go to the log, never the screen).
 */
export interface SmsProvider {
  send(phone: string, code: string): Promise<void>
}

/** How long a send may take at most (the shopper waits for it): connect 2 s, answer 3 s, and a hard cap. */
export const SMS_TIMEOUT_MS = 3000
const SMS_HARD_CAP_MS = 5000

export const SMS_PROVIDER_LABELS: Record<SmsProviderName, string> = { log: '演示（验证码只写入服务器日志）', tencent: '腾讯云短信', aliyun: '阿里云短信' }

/** The default provider: writes the code to the server log (demo and tests read it there). */
export const logSmsProvider = (log: FastifyBaseLogger): SmsProvider => ({
  async send(phone, code) {
    log.info({ sms: { phone, code } }, `sms code ${code} for ${phone}`)
  },
})

/** What the shopper reads for each kind of refusal. */
export const SMS_REFUSALS = {
  frequency: { code: ErrorCode.RATE_LIMITED, msg: '获取验证码太频繁，请稍后再试' },
  phone: { code: ErrorCode.BAD_REQUEST, msg: '该手机号无法接收短信，请检查号码是否正确' },
  approval: { code: ErrorCode.UNAVAILABLE, msg: '商城的短信签名或模板尚未通过审核，暂时无法发送验证码，请联系客服' },
  balance: { code: ErrorCode.UNAVAILABLE, msg: '商城的短信余额不足，暂时无法发送验证码，请联系客服' },
  account: { code: ErrorCode.UNAVAILABLE, msg: '商城的短信服务设置有误，暂时无法发送验证码，请联系客服' },
  busy: { code: ErrorCode.UNAVAILABLE, msg: '短信服务繁忙，请稍后再试' },
} as const
export type SmsRefusalKind = keyof typeof SMS_REFUSALS

/** Tencent Cloud SMS error codes (SendStatusSet[].Code or the API error) by kind; unknown codes are "busy". */
const TENCENT_CODES: Array<[RegExp, SmsRefusalKind]> = [
  [/^LimitExceeded\.(PhoneNumber|DeliveryFrequency|AppDailyLimit|DailyLimit)/, 'frequency'],
  [/^RequestLimitExceeded/, 'frequency'],
  [
    /^(InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.PhoneNumberInBlacklist|FailedOperation\.PhoneNumberParseFail|UnsupportedOperation\.(ContainDomesticAndInternationalPhoneNumber|UnsupportedRegion)|InvalidParameterValue\.ProhibitedUseUrlInTemplateParameter)$/,
    'phone',
  ],
  [
    /^(FailedOperation\.(SignatureIncorrectOrUnapproved|TemplateIncorrectOrUnapproved|MissingSignature|MissingTemplate\w*|TemplateParamSetNotMatchApprovedTemplate|TemplateUnapprovedOrNotExist)|InvalidParameterValue\.TemplateParameterFormatError|InvalidParameterValue\.TemplateParameterLengthLimit)/,
    'approval',
  ],
  [/^FailedOperation\.InsufficientBalanceInSmsPackage$/, 'balance'],
  [/^(AuthFailure|UnauthorizedOperation|InvalidParameterValue\.SdkAppIdNotExist|FailedOperation\.ContainSensitiveWord|InvalidParameter)/, 'account'],
]
/** Aliyun SMS codes (the answer's Code, or the API error) by kind. */
const ALIYUN_CODES: Array<[RegExp, SmsRefusalKind]> = [
  [/^(isv\.(BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|MONTH_LIMIT_CONTROL)|Throttling)/, 'frequency'],
  [/^isv\.(MOBILE_NUMBER_ILLEGAL|MOBILE_COUNT_OVER_LIMIT|BLACK_KEY_CONTROL_LIMIT|DENY_IP_RANGE)$/, 'phone'],
  [
    /^isv\.(SMS_SIGNATURE_ILLEGAL|SMS_SIGN_ILLEGAL|SMS_TEMPLATE_ILLEGAL|TEMPLATE_MISSING_PARAMETERS|TEMPLATE_PARAMS_ILLEGAL|SMS_SIGNATURE_SCENE_ILLEGAL|SIGN_NAME_ILLEGAL|PARAM_LENGTH_LIMIT|PARAM_NOT_SUPPORT_URL)/,
    'approval',
  ],
  [/^isv\.(AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE)$/, 'balance'],
  [
    /^(isv\.(ACCOUNT_NOT_EXISTS|ACCOUNT_ABNORMAL|PRODUCT_UN_SUBSCRIPT|PRODUCT_UNSUBSCRIBE|INVALID_PARAMETERS)|SignatureDoesNotMatch|InvalidAccessKeyId|Forbidden|IncompleteSignature|isp\.RAM_PERMISSION_DENY|MissingParameter|InvalidTimeStamp|SignatureNonceUsed)/,
    'account',
  ],
]

export const refusalKind = (provider: 'tencent' | 'aliyun', code: string): SmsRefusalKind =>
  ((provider === 'tencent' ? TENCENT_CODES : ALIYUN_CODES).find(([re]) => re.test(code)) || [null, 'busy'])[1]

/** A refused send: the shopper's message, with the provider's answer kept for the log and the setup check. */
export class SmsRefusedError extends AppError {
  constructor(
    public provider: 'tencent' | 'aliyun',
    public kind: SmsRefusalKind,
    public providerCode: string,
    public providerMessage: string,
    public requestId: string,
  ) {
    super(SMS_REFUSALS[kind].code, SMS_REFUSALS[kind].msg)
  }
}

/** Options the tests use: an HTTP agent (Tencent's client resolves its host through it). */
export interface SmsVendorOptions {
  agent?: Agent
}

const withCap = <T>(p: Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`sms send took longer than ${SMS_HARD_CAP_MS} ms`), { code: 'Timeout' })), SMS_HARD_CAP_MS)
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    )
  })

/** Tencent Cloud SMS, API 3.0 SendSms (2021-01-11) through the official SDK (TC3-HMAC-SHA256 signed). */
export function tencentSmsProvider(s: SmsSettings, log: FastifyBaseLogger, opts: SmsVendorOptions = {}): SmsProvider {
  const client = new tencentcloud.sms.v20210111.Client({
    credential: { secretId: s.secretId, secretKey: s.secretKey },
    region: s.region || 'ap-guangzhou',
    profile: {
      httpProfile: {
        endpoint: s.endpoint || 'sms.tencentcloudapi.com',
        ...(s.endpoint ? { protocol: 'http://' } : {}),
        reqTimeout: SMS_TIMEOUT_MS / 1000,
        ...(opts.agent ? { agent: opts.agent } : {}),
      },
    },
  })
  return {
    async send(phone, code) {
      let res
      try {
        res = await withCap(client.SendSms({ PhoneNumberSet: [`+86${phone}`], SmsSdkAppId: s.sdkAppId, SignName: s.signName, TemplateId: s.templateId, TemplateParamSet: [code] }))
      } catch (err: any) {
        const providerCode = String(err?.code || (err?.httpCode ? `HTTP ${err.httpCode}` : 'Network'))
        const e = new SmsRefusedError('tencent', err?.code ? refusalKind('tencent', providerCode) : 'busy', providerCode, String(err?.message || err), String(err?.requestId || ''))
        log.warn({ sms: { provider: 'tencent', phone: maskPhone(phone), code: providerCode, message: e.providerMessage, requestId: e.requestId } }, 'sms refused')
        throw e
      }
      const status = res?.SendStatusSet?.[0]
      if (status?.Code === 'Ok') {
        log.info({ sms: { provider: 'tencent', phone: maskPhone(phone), requestId: res.RequestId, serialNo: status.SerialNo } }, 'sms sent')
        return
      }
      const providerCode = String(status?.Code || 'NoStatus')
      const e = new SmsRefusedError('tencent', refusalKind('tencent', providerCode), providerCode, String(status?.Message || ''), String(res?.RequestId || ''))
      log.warn({ sms: { provider: 'tencent', phone: maskPhone(phone), code: providerCode, message: e.providerMessage, requestId: e.requestId } }, 'sms refused')
      throw e
    },
  }
}

/** Aliyun SMS, Dysmsapi 2017-05-25 SendSms through the official SDK (ACS3-HMAC-SHA256 signed). */
export function aliyunSmsProvider(s: SmsSettings, log: FastifyBaseLogger): SmsProvider {
  const client = new Dysmsapi(
    new AliyunConfig({
      accessKeyId: s.secretId,
      accessKeySecret: s.secretKey,
      endpoint: s.endpoint || 'dysmsapi.aliyuncs.com',
      ...(s.endpoint ? { protocol: 'http' } : {}),
      connectTimeout: 2000,
      readTimeout: SMS_TIMEOUT_MS,
    }),
  )
  const runtime = new RuntimeOptions({ connectTimeout: 2000, readTimeout: SMS_TIMEOUT_MS, autoretry: false, maxAttempts: 1 })
  return {
    async send(phone, code) {
      let body
      try {
        const res = await withCap(
          client.sendSmsWithOptions(new SendSmsRequest({ phoneNumbers: phone, signName: s.signName, templateCode: s.templateId, templateParam: JSON.stringify({ code }) }), runtime),
        )
        body = res.body
      } catch (err: any) {
        const providerCode = String(err?.code || err?.data?.Code || 'Network')
        const known = !!(err?.code || err?.data?.Code) && !/^(Timeout|ReadTimeout|ConnectTimeout|ECONN|ETIMEDOUT|EAI_AGAIN|ENOTFOUND)/i.test(providerCode)
        const e = new SmsRefusedError(
          'aliyun',
          known ? refusalKind('aliyun', providerCode) : 'busy',
          providerCode,
          String(err?.data?.Message || err?.message || err),
          String(err?.data?.RequestId || ''),
        )
        log.warn({ sms: { provider: 'aliyun', phone: maskPhone(phone), code: providerCode, message: e.providerMessage, requestId: e.requestId } }, 'sms refused')
        throw e
      }
      if (body?.code === 'OK') {
        log.info({ sms: { provider: 'aliyun', phone: maskPhone(phone), requestId: body.requestId, bizId: body.bizId } }, 'sms sent')
        return
      }
      const providerCode = String(body?.code || 'NoCode')
      const e = new SmsRefusedError('aliyun', refusalKind('aliyun', providerCode), providerCode, String(body?.message || ''), String(body?.requestId || ''))
      log.warn({ sms: { provider: 'aliyun', phone: maskPhone(phone), code: providerCode, message: e.providerMessage, requestId: e.requestId } }, 'sms refused')
      throw e
    },
  }
}

export const maskPhone = (p: string) => (p.length >= 11 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p)

/** What a provider of the settings still lacks, in the merchant's words ([] when it can send). */
export function missingSmsFields(s: SmsSettings): string[] {
  if (s.provider === 'log') return []
  const need: Array<[keyof SmsSettings, string]> =
    s.provider === 'tencent'
      ? [
          ['secretId', 'SecretId'],
          ['secretKey', 'SecretKey'],
          ['sdkAppId', '短信应用 SDK AppID'],
          ['signName', '签名'],
          ['templateId', '验证码模板 ID'],
        ]
      : [
          ['secretId', 'AccessKey ID'],
          ['secretKey', 'AccessKey Secret'],
          ['signName', '签名'],
          ['templateId', '验证码模板 CODE'],
        ]
  return need.filter(([k]) => !s[k]).map(([, label]) => label)
}

/**
 * The shop's provider as configured now: config.sms is read at every send (the console's 设置 → 短信 changes it
 * without a restart); the vendor's client is kept while the settings stay the same.
 */
export function configuredSmsProvider(config: Config, log: FastifyBaseLogger, opts: SmsVendorOptions = {}): SmsProvider {
  const fallback = logSmsProvider(log)
  let cached: { key: string; provider: SmsProvider } | null = null
  return {
    async send(phone, code) {
      const s = config.sms
      if (s.provider === 'log') return fallback.send(phone, code)
      const missing = missingSmsFields(s)
      if (missing.length) {
        log.error({ sms: { provider: s.provider, missing } }, 'sms provider not fully configured')
        throw new AppError(SMS_REFUSALS.account.code, SMS_REFUSALS.account.msg)
      }
      const key = JSON.stringify(s)
      if (!cached || cached.key !== key) cached = { key, provider: s.provider === 'tencent' ? tencentSmsProvider(s, log, opts) : aliyunSmsProvider(s, log) }
      return cached.provider.send(phone, code)
    },
  }
}
