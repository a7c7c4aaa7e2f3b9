import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Config } from '../config'
import type { HttpClient } from '../context'
import { AppError, ErrorCode } from '../errors'
import type { PaidNotice, PaymentProvider, PaymentQuery, PrepayInput, PrepayResult, RefundInput, RefundQuery, RefundResult, TradeBill } from './provider'
import { chinaClock } from '../services/chinaTime'

/**
 * WeChat Pay API v3 (direct merchant): JSAPI / mini-program prepay, the client's paySign, notify
 * verification + AES-256-GCM decryption, and refunds. Every call goes through the HttpClient (tests pass a
 * recorded fake), every request is signed with the merchant key and every answer is verified with the
 * platform key of its Wechatpay-Serial.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048'
/** Notifications and answers older (or newer) than this are refused as replays. */
export const MAX_CLOCK_SKEW_S = 300

/** WeChat Pay's signing message: each part followed by "\n". */
export const signMessage = (...parts: Array<string | number>): string => parts.map((p) => `${p}\n`).join('')

/** PEM content, or a path to a PEM file (apiclient_key.pem); literal "\n" in environment values become newlines. */
export function readPem(value: string): string {
  const v = String(value || '').trim()
  if (!v) return ''
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n')
  return fs.readFileSync(v, 'utf8')
}

/** A public key from a PEM public key or an X.509 platform certificate. */
export function publicKeyOf(pem: string): crypto.KeyObject {
  const text = readPem(pem)
  if (text.includes('BEGIN CERTIFICATE')) return new crypto.X509Certificate(text).publicKey
  return crypto.createPublicKey(text)
}

/** SHA256withRSA, Base64. */
export const rsaSign = (privateKey: crypto.KeyLike, message: string): string => crypto.createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64')

export function rsaVerify(publicKey: crypto.KeyLike, message: string, signature: string): boolean {
  try {
    return crypto
      .createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(publicKey, String(signature || ''), 'base64')
  } catch {
    return false
  }
}

/** A random nonce of upper-case letters and digits (32 characters, as WeChat Pay's samples). */
export const payNonce = (): string => crypto.randomBytes(16).toString('hex').toUpperCase()

/**
 * The Authorization header of a v3 request: the signature covers
 * method\nurl (path + query)\ntimestamp\nnonce\nbody\n with the merchant's private key.
 */
export function authorizationHeader(p: { mchId: string; serialNo: string; privateKey: crypto.KeyLike; method: string; url: string; body: string; timestamp: number; nonce: string }): string {
  const u = new URL(p.url, 'https://api.mch.weixin.qq.com')
  const signature = rsaSign(p.privateKey, signMessage(p.method.toUpperCase(), u.pathname + u.search, p.timestamp, p.nonce, p.body))
  return `${AUTH_SCHEMA} mchid="${p.mchId}",nonce_str="${p.nonce}",signature="${signature}",timestamp="${p.timestamp}",serial_no="${p.serialNo}"`
}

/** Parses an Authorization header back into its fields (for tests and logs). */
export function parseAuthorization(header: string): Record<string, string> {
  const out: Record<string, string> = {}
  const body = header.startsWith(`${AUTH_SCHEMA} `) ? header.slice(AUTH_SCHEMA.length + 1) : ''
  for (const m of body.matchAll(/(\w+)="([^"]*)"/g)) out[m[1]] = m[2]
  return out
}

/** paySign for chooseWXPay / Taro.requestPayment: SHA256withRSA over appId\ntimeStamp\nnonceStr\npackage\n, signType RSA. */
export function payParams(appId: string, prepayId: string, privateKey: crypto.KeyLike, timeStamp: number, nonceStr: string): Record<string, string> {
  const pkg = `prepay_id=${prepayId}`
  return { appId, timeStamp: String(timeStamp), nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(privateKey, signMessage(appId, timeStamp, nonceStr, pkg)) }
}

export interface EncryptedResource {
  algorithm?: string
  ciphertext: string
  associated_data?: string
  nonce: string
  original_type?: string
}

/** AES-256-GCM decryption of a notification resource: key = APIv3 key, the last 16 bytes of the Base64 ciphertext are the tag. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm && resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`)
  const key = Buffer.from(apiV3Key, 'utf8')
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes')
  const data = Buffer.from(resource.ciphertext, 'base64')
  if (data.length < 17) throw new Error('ciphertext too short')
  const tag = data.subarray(data.length - 16)
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'))
  decipher.setAuthTag(tag)
  decipher.setAAD(Buffer.from(resource.associated_data || '', 'utf8'))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
}

/** The opposite of decryptResource (what WeChat Pay does): used by tests and by a local notify simulator. */
export function encryptResource(plaintext: string, apiV3Key: string, nonce: string, associatedData = ''): EncryptedResource {
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const enc = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: enc.toString('base64'), associated_data: associatedData, nonce }
}

type Headers = Record<string, string | string[] | undefined>
const header = (h: Headers, name: string): string => {
  const v = h[name] ?? h[name.toLowerCase()] ?? Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1]
  return Array.isArray(v) ? String(v[0] ?? '') : String(v ?? '')
}

/**
 * Verifies a Wechatpay-Signature (notifications and API answers): the message is timestamp\nnonce\nbody\n,
 * the key is the platform key named by Wechatpay-Serial, the timestamp within 5 minutes of now.
 */
export function verifyWechatpaySignature(headers: Headers, rawBody: string, platformKeys: Map<string, crypto.KeyObject>, nowMs = Date.now()): void {
  const serial = header(headers, 'wechatpay-serial')
  const signature = header(headers, 'wechatpay-signature')
  const timestamp = header(headers, 'wechatpay-timestamp')
  const nonce = header(headers, 'wechatpay-nonce')
  if (!serial || !signature || !timestamp || !nonce) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付签名缺失')
  const key = platformKeys.get(serial)
  if (!key) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '未知的微信支付平台证书')
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付签名已过期')
  if (signature.startsWith('WECHATPAY/SIGNTEST/')) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付签名探测请求')
  if (!rsaVerify(key, signMessage(timestamp, nonce, rawBody), signature)) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付签名验证失败')
}

/** A verified and decrypted notification. */
export interface WechatNotify<T = any> {
  id: string
  eventType: string
  resourceType: string
  resource: T
}

/** RFC 3339 in China time, as WeChat Pay expects for time_expire. */
export function rfc3339China(ms: number): string {
  return `${chinaClock(ms).toISOString().slice(0, 19)}+08:00`
}

/** Cuts a UTF-8 string to at most `max` bytes without splitting a character (description: 127 bytes). */
export function utf8Cut(s: string, max: number): string {
  let out = ''
  let bytes = 0
  for (const ch of s) {
    const n = Buffer.byteLength(ch, 'utf8')
    if (bytes + n > max) break
    out += ch
    bytes += n
  }
  return out
}

export interface WechatPayOptions {
  now?: () => number
  nonce?: () => string
}

export interface WechatPay extends PaymentProvider {
  readonly name: 'wechatpay'
  /** Verifies and decrypts any notification (payment or refund); verifyNotify builds on it. */
  decodeNotify<T = any>(headers: Headers, rawBody: string): Promise<WechatNotify<T>>
  /** Verifies and decrypts a refund notification (REFUND.SUCCESS / ABNORMAL / CLOSED) into the refund's state. */
  decodeRefundNotify(headers: Headers, rawBody: string): Promise<RefundQuery>
  /** Merchant transfer (POST /v3/fund-app/mch-transfer/transfer-bills): WAIT_USER_CONFIRM with the client's package_info. */
  createTransfer(input: TransferInput): Promise<TransferBill>
  /** A transfer's state (GET .../transfer-bills/out-bill-no/{outBillNo}); null when WeChat has none by that number. */
  queryTransfer(outBillNo: string): Promise<TransferBill | null>
  /** Verifies and decrypts a transfer notification (MCHTRANSFER.BILL.FINISHED). */
  decodeTransferNotify(headers: Headers, rawBody: string): Promise<TransferBill>
}

export interface TransferInput {
  outBillNo: string
  appId: string
  openId: string
  amount: number // fen
  remark: string
  /** transfer_scene_id: 1005 佣金报酬 for agent commission (the scene must be enabled in the merchant platform). */
  sceneId: string
  /** transfer_scene_report_infos required by the scene, e.g. 岗位类型 / 报酬说明 for 1005. */
  reportInfos: Array<{ infoType: string; infoContent: string }>
  /** The payee's real name: WeChat requires it from 2,000 yuan (sent encrypted with the platform key). */
  userName?: string
}

/** From this amount (fen) a transfer must name its payee (user_name). */
export const TRANSFER_NAME_FROM = 200_000

/** A sensitive field for WeChat Pay: RSA-OAEP (SHA-1, as WeChat specifies) with the platform public key, base64. */
export const encryptSensitive = (platformKey: crypto.KeyObject, text: string): string =>
  crypto.publicEncrypt({ key: platformKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(text, 'utf8')).toString('base64')

/** A transfer bill: ACCEPTED / PROCESSING / WAIT_USER_CONFIRM / TRANSFERING / SUCCESS / FAIL / CANCELING / CANCELLED. */
export interface TransferBill {
  outBillNo: string
  transferBillNo: string
  state: string
  packageInfo: string
  amount: number
  failReason: string
}

const transferBillOf = (b: any): TransferBill => ({
  outBillNo: String(b.out_bill_no || ''),
  transferBillNo: String(b.transfer_bill_no || ''),
  state: String(b.state || ''),
  packageInfo: String(b.package_info || ''),
  amount: Number(b.transfer_amount || 0),
  failReason: String(b.fail_reason || ''),
})

/** True for the real WeChat Pay provider (tests may register a plain PaymentProvider under the same name). */
export const isWechatPay = (p: PaymentProvider): p is WechatPay => p.name === 'wechatpay' && typeof (p as WechatPay).decodeNotify === 'function'

/**
 * The WeChat Pay provider, for the trade module: `createWechatPay(ctx.config, ctx.http)`.
 * Needs config.wechat.mchId, mchSerialNo, mchPrivateKey, apiV3Key, notifyUrl, platformPublicKeys
 * (serial → PEM key or certificate) and the app id of each channel (h5AppId for JSAPI, miniAppId for the mini-program).
 */
export function createWechatPay(config: Config, http: HttpClient, opts: WechatPayOptions = {}): WechatPay {
  const w = config.wechat
  const now = opts.now || Date.now
  const nonce = opts.nonce || payNonce
  const missing = (['mchId', 'mchSerialNo', 'mchPrivateKey', 'apiV3Key', 'notifyUrl'] as const).filter((k) => !w[k])
  if (missing.length) throw new Error(`wechatpay: missing configuration ${missing.join(', ')}`)
  if (Buffer.byteLength(w.apiV3Key, 'utf8') !== 32) throw new Error('wechatpay: WXPAY_API_V3_KEY must be 32 bytes')
  const privateKey = crypto.createPrivateKey(readPem(w.mchPrivateKey))
  const platformKeys = new Map<string, crypto.KeyObject>(Object.entries(w.platformPublicKeys || {}).map(([serial, pem]) => [serial, publicKeyOf(pem)]))
  if (!platformKeys.size) throw new Error('wechatpay: WXPAY_PLATFORM_KEYS (serial → platform public key) is required to verify answers and notifications')
  const base = w.payApiBase.replace(/\/$/, '')

  const userAgent = 'mall-server/1.0 wechatpay-v3'
  /** A signed POST whose answer must carry a valid platform signature. */
  async function post(path: string, payload: unknown, extraHeaders: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const body = JSON.stringify(payload)
    const timestamp = Math.floor(now() / 1000)
    const authorization = authorizationHeader({ mchId: w.mchId, serialNo: w.mchSerialNo, privateKey, method: 'POST', url: path, body, timestamp, nonce: nonce() })
    const res = await http.postJson(`${base}${path}`, body, { authorization, accept: 'application/json', 'user-agent': userAgent, ...extraHeaders })
    const raw = res.raw.toString('utf8')
    if (res.status >= 200 && res.status < 300 && raw) verifyWechatpaySignature(res.headers, raw, platformKeys, now())
    return { status: res.status, body: res.body }
  }

  /** A signed GET (path with its query); a 2xx answer must carry a valid platform signature. */
  async function get(pathAndQuery: string): Promise<{ status: number; body: any }> {
    const timestamp = Math.floor(now() / 1000)
    const authorization = authorizationHeader({ mchId: w.mchId, serialNo: w.mchSerialNo, privateKey, method: 'GET', url: pathAndQuery, body: '', timestamp, nonce: nonce() })
    const res = await http.request('GET', `${base}${pathAndQuery}`, { headers: { authorization, accept: 'application/json', 'user-agent': userAgent } })
    const raw = res.raw.toString('utf8')
    if (res.status >= 200 && res.status < 300) verifyWechatpaySignature(res.headers, raw, platformKeys, now())
    return { status: res.status, body: res.body }
  }

  /** WeChat Pay's error answer as an exception the caller can read (code SYSTEM_ERROR, FREQUENCY_LIMITED...). */
  const gatewayError = (what: string, res: { status: number; body: any }) => new WechatPayError(what, res.status, String(res.body?.code || ''), String(res.body?.message || ''))

  const appIdFor = (channel: PrepayInput['channel']): string => {
    const id = channel === 'wechat_mini' ? w.miniAppId : channel === 'wechat_jsapi' || channel === 'wechat_h5' ? w.h5AppId : ''
    if (!id) throw new AppError(ErrorCode.PAY_FAILED, channel === 'sandbox' ? '当前支付方式不可用' : '未配置微信支付的应用')
    return id
  }

  const provider: WechatPay = {
    name: 'wechatpay',

    async prepay(input: PrepayInput): Promise<PrepayResult> {
      const appId = appIdFor(input.channel)
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError(ErrorCode.PAY_FAILED, '支付金额无效')
      // What every prepay of the order says (JSAPI / mini-program and H5 differ only in the payer's part).
      const order = {
        appid: appId,
        mchid: w.mchId,
        description: utf8Cut(input.description || '商城订单', 127),
        out_trade_no: input.payNo,
        time_expire: rfc3339China(input.expiresAt),
        notify_url: w.notifyUrl,
        amount: { total: input.amount, currency: 'CNY' },
      }
      if (input.channel === 'wechat_h5') {
        if (!w.h5PayEnabled) throw new AppError(ErrorCode.PAY_FAILED, '当前环境不支持该支付方式')
        const res = await post('/v3/pay/transactions/h5', { ...order, scene_info: { payer_client_ip: input.clientIp || '127.0.0.1', h5_info: { type: 'Wap' } } })
        if (res.status !== 200 || !res.body?.h5_url) throw new AppError(ErrorCode.PAY_FAILED, `微信支付下单失败：${res.body?.message || res.status}`)
        // The client adds redirect_url (its pay-status page, on the H5 payment domain) and goes there.
        return { params: { h5Url: String(res.body.h5_url) } }
      }
      if (!input.openId) throw new AppError(ErrorCode.PAY_FAILED, input.channel === 'wechat_mini' ? '请重新登录小程序后支付' : '请在微信中授权后支付')
      const res = await post('/v3/pay/transactions/jsapi', { ...order, payer: { openid: input.openId } })
      if (res.status !== 200 || !res.body?.prepay_id) throw new AppError(ErrorCode.PAY_FAILED, `微信支付下单失败：${res.body?.message || res.status}`)
      return { params: payParams(appId, res.body.prepay_id, privateKey, Math.floor(now() / 1000), nonce()) }
    },

    async decodeNotify(headers, rawBody) {
      verifyWechatpaySignature(headers, rawBody, platformKeys, now())
      let body: any
      try {
        body = JSON.parse(rawBody)
      } catch {
        throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付通知格式错误')
      }
      if (!body?.resource?.ciphertext) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付通知格式错误')
      let plain: string
      try {
        plain = decryptResource(body.resource, w.apiV3Key)
      } catch {
        throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '微信支付通知解密失败')
      }
      return { id: String(body.id || ''), eventType: String(body.event_type || ''), resourceType: String(body.resource_type || ''), resource: JSON.parse(plain) }
    },

    async verifyNotify(headers, rawBody): Promise<PaidNotice> {
      const n = await provider.decodeNotify<any>(headers, rawBody)
      const t = n.resource
      if (n.eventType !== 'TRANSACTION.SUCCESS' || t.trade_state !== 'SUCCESS') throw new AppError(ErrorCode.PAY_FAILED, `支付未成功：${t.trade_state || n.eventType}`)
      if (t.mchid !== w.mchId || ![w.h5AppId, w.miniAppId].filter(Boolean).includes(t.appid)) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '通知的商户或应用不匹配')
      const amount = Number(t.amount?.total)
      if (!Number.isInteger(amount) || amount <= 0 || !t.out_trade_no || !t.transaction_id) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '通知内容不完整')
      const paidAt = Date.parse(t.success_time)
      return { payNo: String(t.out_trade_no), transactionId: String(t.transaction_id), amount, paidAt: Number.isFinite(paidAt) ? paidAt : now() }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const res = await post('/v3/refund/domestic/refunds', {
        out_trade_no: input.payNo,
        out_refund_no: input.refundNo,
        reason: utf8Cut(input.reason || '售后退款', 80),
        notify_url: w.notifyUrl,
        amount: { refund: input.refundAmount, total: input.totalAmount, currency: 'CNY' },
      })
      // A refused request (4xx/5xx: balance insufficient, already refunded...) throws with WeChat's message;
      // an accepted refund reports its state (CLOSED / ABNORMAL count as failed).
      if (res.status !== 200 || !res.body?.refund_id) throw new AppError(ErrorCode.PAY_FAILED, `微信退款失败：${res.body?.message || res.status}`)
      return { status: refundStatus(res.body.status), refundId: String(res.body.refund_id) }
    },

    async queryPayment(payNo: string): Promise<PaymentQuery> {
      const res = await get(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(payNo)}?mchid=${encodeURIComponent(w.mchId)}`)
      if (res.status === 404 && res.body?.code === 'ORDER_NOT_EXIST') return { state: 'notpay' }
      if (res.status !== 200 || !res.body?.trade_state) throw gatewayError('查询订单', res)
      const t = res.body
      switch (String(t.trade_state)) {
        case 'SUCCESS':
        case 'REFUND': {
          // Paid (and maybe refunded since): the same checks as a notification before it reaches the notify path.
          if (t.mchid !== w.mchId || t.out_trade_no !== payNo) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '查询结果的商户或订单不匹配')
          const amount = Number(t.amount?.total)
          if (!Number.isInteger(amount) || amount <= 0 || !t.transaction_id) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '查询结果不完整')
          const paidAt = Date.parse(t.success_time)
          return { state: 'paid', notice: { payNo, transactionId: String(t.transaction_id), amount, paidAt: Number.isFinite(paidAt) ? paidAt : now() } }
        }
        case 'NOTPAY':
          return { state: 'notpay' }
        case 'USERPAYING':
        case 'ACCEPT':
          return { state: 'paying' }
        default: // CLOSED, REVOKED, PAYERROR
          return { state: 'closed' }
      }
    },

    async closePayment(payNo: string) {
      const res = await post(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(payNo)}/close`, { mchid: w.mchId })
      // 204 No Content; ORDER_CLOSED means it was closed already. Anything else (ORDERPAID, SYSTEM_ERROR...) throws.
      if (res.status === 204 || res.status === 200 || res.body?.code === 'ORDER_CLOSED') return
      throw gatewayError('关闭订单', res)
    },

    async queryRefund(refundNo: string): Promise<RefundQuery | null> {
      const res = await get(`/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`)
      if (res.status === 404 && res.body?.code === 'RESOURCE_NOT_EXISTS') return null
      if (res.status !== 200 || !res.body?.status) throw gatewayError('查询退款', res)
      // The answer is signed, but it must also be the refund that was asked about.
      if (res.body.out_refund_no !== refundNo) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '查询结果的退款单号不匹配')
      return refundQueryOf(res.body)
    },

    async createTransfer(input: TransferInput): Promise<TransferBill> {
      if (!Number.isInteger(input.amount) || input.amount < 10) throw new AppError(ErrorCode.PAY_FAILED, '转账金额至少0.1元')
      // From 2,000 yuan WeChat requires the payee's real name, encrypted with a platform key named by Wechatpay-Serial.
      let named: { user_name?: string } = {}
      let serialHeader: Record<string, string> = {}
      if (input.amount >= TRANSFER_NAME_FROM) {
        if (!input.userName) throw new AppError(ErrorCode.PAY_FAILED, '2000元及以上的转账须有收款人实名')
        const [serial, key] = [...platformKeys][0]
        named = { user_name: encryptSensitive(key, input.userName) }
        serialHeader = { 'wechatpay-serial': serial }
      }
      const res = await post(
        '/v3/fund-app/mch-transfer/transfer-bills',
        {
          appid: input.appId,
          out_bill_no: input.outBillNo,
          transfer_scene_id: input.sceneId,
          openid: input.openId,
          transfer_amount: input.amount,
          transfer_remark: utf8Cut(input.remark, 96),
          notify_url: w.notifyUrl,
          user_recv_perception: '劳务报酬',
          transfer_scene_report_infos: input.reportInfos.map((r) => ({ info_type: r.infoType, info_content: r.infoContent })),
          ...named,
        },
        serialHeader,
      )
      if (res.status !== 200 || !res.body?.state) throw gatewayError('转账', res)
      return transferBillOf({ transfer_amount: input.amount, ...res.body })
    },

    async queryTransfer(outBillNo: string): Promise<TransferBill | null> {
      const res = await get(`/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}`)
      if (res.status === 404) return null
      if (res.status !== 200 || !res.body?.state) throw gatewayError('查询转账', res)
      return transferBillOf(res.body)
    },

    async decodeTransferNotify(headers, rawBody) {
      const n = await provider.decodeNotify<any>(headers, rawBody)
      if (!n.eventType.startsWith('MCHTRANSFER.')) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '不是转账通知')
      if (n.resource.mch_id !== w.mchId) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '通知的商户不匹配')
      return transferBillOf(n.resource)
    },

    async tradeBill(date: string): Promise<TradeBill> {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new AppError(ErrorCode.BAD_REQUEST, '账单日期格式应为 YYYY-MM-DD')
      const res = await get(`/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`)
      // No trade that day: WeChat answers 400 NO_STATEMENT_EXIST.
      if (res.status === 400 && res.body?.code === 'NO_STATEMENT_EXIST') return { payments: [], refunds: [] }
      if (res.status !== 200 || !res.body?.download_url) throw gatewayError('申请交易账单', res)
      const { download_url: url, hash_type: hashType, hash_value: hashValue } = res.body
      // The download is signed like any request; its answer (the file) carries no platform signature: the hash checks it.
      const u = new URL(url)
      const timestamp = Math.floor(now() / 1000)
      const authorization = authorizationHeader({ mchId: w.mchId, serialNo: w.mchSerialNo, privateKey, method: 'GET', url: u.pathname + u.search, body: '', timestamp, nonce: nonce() })
      const file = await http.request('GET', url, { headers: { authorization, 'user-agent': userAgent } })
      if (file.status !== 200) throw gatewayError('下载交易账单', { status: file.status, body: file.body })
      const algo = String(hashType || 'SHA1').toLowerCase() === 'sha1' ? 'sha1' : 'sm3'
      const digest = crypto.createHash(algo).update(file.raw).digest('hex')
      if (digest.toLowerCase() !== String(hashValue).toLowerCase()) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '交易账单校验失败（hash 不一致）')
      return parseTradeBill(file.raw.toString('utf8'))
    },

    async decodeRefundNotify(headers, rawBody) {
      const n = await provider.decodeNotify<any>(headers, rawBody)
      if (!n.eventType.startsWith('REFUND.')) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '不是退款通知')
      if (n.resource.mchid !== w.mchId) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, '通知的商户不匹配')
      return refundQueryOf({ ...n.resource, status: n.resource.refund_status })
    },
  }
  return provider
}

/** Yuan with two decimals ("12.90") to fen, exactly. */
const yuanToFen = (v: string): number => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim())
  if (!m) throw new Error(`bad amount ${v}`)
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] || '').padEnd(2, '0')))
}

/**
 * Parses a trade bill (bill_type ALL): a header line, one line per trade with every field prefixed by a backquote,
 * then a summary (总交易单数...). Columns are found by their header names. SUCCESS lines are payments (订单金额),
 * REFUND lines refunds (申请退款金额 by 商户退款单号).
 */
export function parseTradeBill(text: string): TradeBill {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim())
  const header = (lines[0] || '').split(',').map((h) => h.trim())
  const col = (name: string) => {
    const i = header.indexOf(name)
    if (i < 0) throw new AppError(ErrorCode.WECHAT_PAY_SIGNATURE, `交易账单缺少列：${name}`)
    return i
  }
  const [cState, cTx, cPay, cOrderAmt, cRefundNo, cRefundAmt] = ['交易状态', '微信订单号', '商户订单号', '订单金额', '商户退款单号', '申请退款金额'].map(col)
  const bill: TradeBill = { payments: [], refunds: [] }
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) break // the summary starts
    const f = line.split(',').map((x) => x.replace(/^`/, '').trim())
    if (f[cState] === 'SUCCESS') bill.payments.push({ payNo: f[cPay], transactionId: f[cTx], amount: yuanToFen(f[cOrderAmt]) })
    else if (f[cState] === 'REFUND') bill.refunds.push({ refundNo: f[cRefundNo], payNo: f[cPay], amount: yuanToFen(f[cRefundAmt]) })
  }
  return bill
}

/** WeChat Pay refund states: SUCCESS, PROCESSING; CLOSED and ABNORMAL count as failed. */
const refundStatus = (s: unknown): RefundResult['status'] => (s === 'SUCCESS' ? 'success' : s === 'PROCESSING' ? 'processing' : 'failed')

function refundQueryOf(b: any): RefundQuery {
  const status = refundStatus(b.status)
  return {
    refundNo: String(b.out_refund_no || ''),
    refundId: String(b.refund_id || ''),
    status,
    reason: status === 'failed' ? `微信退款${b.status === 'CLOSED' ? '已关闭' : '异常'}（${b.status}）` : undefined,
  }
}

/** An error answer of WeChat Pay (HTTP status, code such as SYSTEM_ERROR / FREQUENCY_LIMITED / ORDERPAID, message). */
export class WechatPayError extends AppError {
  constructor(
    what: string,
    public status: number,
    public gatewayCode: string,
    public gatewayMessage: string,
  ) {
    super(ErrorCode.PAY_FAILED, `微信支付${what}失败：${gatewayMessage || gatewayCode || status}`)
  }
}
