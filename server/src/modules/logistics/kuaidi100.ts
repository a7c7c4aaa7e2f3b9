import crypto from 'node:crypto'
import type { Config } from '../../config'
import type { Conn } from '../../db/types'
import type { HttpClient } from '../../context'
import { getSetting } from '../settings/service'
import { decryptSecret } from '../settings/secrets'
import { CHINA_OFFSET_MS } from '../../services/chinaTime'

/**
 * 快递100 (api.kuaidi100.com), the courier tracking service (docs/orders.md "Courier tracking"):
 * - subscribe: `POST {base}/poll`, form `schema=json&param={company, number, key, parameters: {callbackurl, salt, phone}}`;
 *   快递100 then pushes every change of the waybill to callbackurl, form `param=<json>&sign=md5(param + salt)`.
 * - real-time query: `POST {base}/poll/query.do`, form `customer&sign=upper(md5(param + key + customer))&param={com, num, phone}`.
 * The settings come from the environment (KUAIDI100_*, each one wins) and the console's 设置 → 物流跟踪 (key and salt
 * encrypted like the WeChat secrets). Outbound HTTP only through ctx.http (tests pass the recorded fake).
 */

/** Our express codes (express_companies.code) → 快递100's company codes (its 快递公司编码 table). */
export const KUAIDI100_COM: Record<string, string> = {
  SF: 'shunfeng', // 顺丰速运 (needs the receiver's phone)
  ZTO: 'zhongtong', // 中通快递
  YTO: 'yuantong', // 圆通速递
  STO: 'shentong', // 申通快递
  YD: 'yunda', // 韵达快递
  JTSD: 'jtexpress', // 极兔速递
  JD: 'jd', // 京东物流
  YZPY: 'youzhengguonei', // 邮政快递包裹
  DBL: 'debangwuliu', // 德邦快递
  EMS: 'ems', // EMS
}
/** 快递100's code → ours (for its courier corrections, comNew). */
export const OUR_EXPRESS_CODE: Record<string, string> = Object.fromEntries(Object.entries(KUAIDI100_COM).map(([ours, theirs]) => [theirs, ours]))
/** Couriers that only answer with the receiver's (or sender's) phone number. */
export const NEEDS_PHONE = new Set(['SF'])

export const SETTINGS_KEY = 'kuaidi100'
export interface Kuaidi100Settings {
  key: string
  customer: string
  salt: string
  callbackUrl: string
  apiBase: string
}
/** Stored JSON: key and salt as enc:v1:… (settings/secrets.ts). */
export type StoredKuaidi100 = Partial<Record<'key' | 'customer' | 'salt' | 'callbackUrl', string>>
export const KUAIDI100_FIELDS = [
  { key: 'key', label: '授权码', env: 'KUAIDI100_KEY', secret: true },
  { key: 'customer', label: '实时查询账号', env: 'KUAIDI100_CUSTOMER', secret: false },
  { key: 'salt', label: '推送校验口令', env: 'KUAIDI100_SALT', secret: true },
  { key: 'callbackUrl', label: '推送地址', env: 'KUAIDI100_CALLBACK_URL', secret: false },
] as const

/** The environment's values over the console's (a stored secret that cannot be decrypted counts as not set). */
export async function kuaidi100Settings(db: Conn, config: Config): Promise<Kuaidi100Settings> {
  const raw = await getSetting<StoredKuaidi100>(db, SETTINGS_KEY, {})
  const env = config.kuaidi100
  const secret = (v: string | undefined) => (v ? decryptSecret(config.settingsKey, v) || '' : '')
  return {
    key: env.key || secret(raw.key),
    customer: env.customer || raw.customer || '',
    salt: env.salt || secret(raw.salt),
    callbackUrl: env.callbackUrl || raw.callbackUrl || '',
    apiBase: env.apiBase.replace(/\/+$/, ''),
  }
}

/** Live = subscriptions can be sent and their pushes verified (the real-time query needs the customer id too). */
export const trackingLive = (s: Kuaidi100Settings) => !!(s.key && s.salt && s.callbackUrl)

const md5 = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex')
/** The push's signature: md5(param + salt), compared without regard to case. */
export function verifyPushSign(param: string, sign: string, salt: string): boolean {
  if (!salt || !sign) return false
  const want = Buffer.from(md5(param + salt).toLowerCase())
  const got = Buffer.from(String(sign).toLowerCase())
  return want.length === got.length && crypto.timingSafeEqual(want, got)
}
export const pushSign = (param: string, salt: string) => md5(param + salt).toUpperCase()
export const querySign = (param: string, key: string, customer: string) => md5(param + key + customer).toUpperCase()

/** One waybill as 快递100 knows it. */
export interface Waybill {
  expressCode: string
  trackingNo: string
  /** The receiver's phone: required by SF, sent for every courier that asks for it. */
  phone: string
}

/** The outcome of a subscription, by 快递100's returnCode. */
export type SubscribeOutcome =
  | { kind: 'ok'; code: string }
  /** 600/601: the key is wrong or expired; every subscription waits until the merchant fixes it. */
  | { kind: 'config'; code: string; message: string }
  /** 700/701/702: this waybill cannot be tracked (wrong number or company); staff correct it. */
  | { kind: 'waybill'; code: string; message: string }
  /** Anything else (500, no answer, a timeout): tried again later. */
  | { kind: 'retry'; code: string; message: string }

/** The plain words for 快递100's return codes (the console and the to-do list show them). */
export const SUBSCRIBE_ERRORS: Record<string, string> = {
  '600': '快递100 授权码不正确：请在「设置 → 物流跟踪」核对',
  '601': '快递100 授权码已过期或余额不足：请在快递100 企业管理后台续费',
  '700': '快递100 不接受这个运单：快递公司或运单号有误（也可能是推送地址不对）',
  '701': '快递100 不支持这家快递公司的跟踪',
  '702': '快递100 识别不到这个运单号所属的快递公司',
  '500': '快递100 服务器错误，稍后自动重试',
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString()
}

async function postForm(http: HttpClient, url: string, fields: Record<string, string>) {
  return http.request('POST', url, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) })
}

/** Subscribes a waybill with its pushes to the callback URL. Never called inside a transaction. */
export async function subscribe(http: HttpClient, s: Kuaidi100Settings, w: Waybill): Promise<SubscribeOutcome> {
  const company = KUAIDI100_COM[w.expressCode]
  if (!company) return { kind: 'waybill', code: 'com', message: `快递100 没有这家快递公司的编码（${w.expressCode}）` }
  const param = JSON.stringify({
    company,
    number: w.trackingNo,
    key: s.key,
    parameters: { callbackurl: s.callbackUrl, salt: s.salt, ...(w.phone ? { phone: w.phone } : {}) },
  })
  let res
  try {
    res = await postForm(http, `${s.apiBase}/poll`, { schema: 'json', param })
  } catch (err) {
    return { kind: 'retry', code: 'net', message: `连接不到快递100（${(err as Error).message}）` }
  }
  const body = res.body as { result?: boolean; returnCode?: string; message?: string } | null
  const code = String(body?.returnCode ?? res.status)
  const message = String(body?.message || '')
  if (code === '200' || code === '501') return { kind: 'ok', code }
  if (code === '600' || code === '601') return { kind: 'config', code, message: `${SUBSCRIBE_ERRORS[code]}（${message}）` }
  if (code === '700' || code === '701' || code === '702') return { kind: 'waybill', code, message: `${SUBSCRIBE_ERRORS[code]}（${message}）` }
  return { kind: 'retry', code, message: message ? `快递100：${message}` : `快递100 无应答（HTTP ${res.status}）` }
}

/** What the push and the real-time query both carry: the courier's state and its events, newest first. */
export interface CourierResult {
  state: string
  com: string
  nu: string
  data: Array<{ time: string; ftime?: string; context: string }>
}

export type QueryOutcome = { ok: true; result: CourierResult } | { ok: false; code: string; message: string }

/** The real-time query (a back-fill when the shopper asks): needs the customer id. */
export async function query(http: HttpClient, s: Kuaidi100Settings, w: Waybill): Promise<QueryOutcome> {
  const com = KUAIDI100_COM[w.expressCode]
  if (!com) return { ok: false, code: 'com', message: `快递100 没有这家快递公司的编码（${w.expressCode}）` }
  if (!s.key || !s.customer) return { ok: false, code: 'config', message: '没有设置快递100 的实时查询账号，不能实时查询' }
  const param = JSON.stringify({ com, num: w.trackingNo, ...(w.phone ? { phone: w.phone } : {}) })
  let res
  try {
    res = await postForm(http, `${s.apiBase}/poll/query.do`, { customer: s.customer, sign: querySign(param, s.key, s.customer), param })
  } catch (err) {
    return { ok: false, code: 'net', message: `连接不到快递100（${(err as Error).message}）` }
  }
  const body = res.body as (Partial<CourierResult> & { message?: string; status?: string; returnCode?: string; result?: boolean }) | null
  if (body && body.message === 'ok' && Array.isArray(body.data))
    return { ok: true, result: { state: String(body.state ?? ''), com: String(body.com || com), nu: String(body.nu || w.trackingNo), data: body.data } }
  return { ok: false, code: String(body?.returnCode ?? body?.status ?? res.status), message: String(body?.message || `HTTP ${res.status}`) }
}

/** 快递100's main states (lastResult.state) → ours. */
export const STATE_OF: Record<string, string> = {
  '0': 'transit',
  '1': 'collected',
  '2': 'problem',
  '3': 'signed',
  '4': 'returned',
  '5': 'delivering',
  '6': 'returning',
  '7': 'redirected',
  '8': 'customs',
  '14': 'rejected',
}

/** 快递100's times are China time without a zone: "2026-11-27 16:33:19". */
export function chinaTime(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(String(s).trim())
  if (!m) return NaN
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0)) - CHINA_OFFSET_MS
}
