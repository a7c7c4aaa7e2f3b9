import fs from 'node:fs'
import path from 'node:path'
import type { HttpClient } from '../src/context'

/** A recorded WeChat response: a JSON body, or a full HTTP answer ({status, headers, bodyBase64}) for binary APIs. */
type Recorded = { json: any } | { status: number; headers: Record<string, string>; body: Buffer }

const FIXTURES = path.join(__dirname, 'fixtures', 'wechat')

/** Loads server/test/fixtures/wechat/<name>.json. */
export function fixture(name: string): any {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'))
}

function recorded(name: string): Recorded {
  const f = fixture(name)
  if (f && typeof f === 'object' && 'bodyBase64' in f) return { status: f.status, headers: f.headers, body: Buffer.from(f.bodyBase64, 'base64') }
  return { json: f }
}

/** The default answer of each WeChat API path. */
const DEFAULTS: Record<string, string> = {
  '/cgi-bin/stable_token': 'stable_token',
  '/cgi-bin/ticket/getticket': 'getticket',
  '/sns/oauth2/access_token': 'oauth2_access_token',
  '/sns/jscode2session': 'jscode2session',
  '/wxa/getwxacodeunlimit': 'getwxacodeunlimit',
  '/wxa/generatescheme': 'generatescheme',
  '/wxa/sec/order/upload_shipping_info': 'upload_shipping_info',
  '/cgi-bin/message/subscribe/send': 'subscribe_send',
  '/cgi-bin/message/template/send': 'template_send',
  '/wxa/business/getuserphonenumber': 'getuserphonenumber',
  '/cgi-bin/express/delivery/open_msg/trace_waybill': 'trace_waybill',
}

/** Routes each call to the fake of its host: WeChat's API (FakeWechat) or WeChat Pay (FakeWechatPay). */
export function byHost(api: HttpClient, pay: HttpClient): HttpClient {
  const pick = (url: string) => (new URL(url).origin === 'https://api.mch.weixin.qq.com' ? pay : api)
  return {
    getJson: (url) => pick(url).getJson(url),
    postJson: (url, body, headers) => pick(url).postJson(url, body, headers),
    request: (method, url, opts) => pick(url).request(method, url, opts),
  }
}

/**
 * WeChat's API replaced by recorded fixtures. Counts and records every call per path, answers a queued
 * fixture first (queue(path, name)), else the default one; `delayMs` makes concurrent callers overlap.
 */
export class FakeWechat implements HttpClient {
  calls: Array<{ method: 'GET' | 'POST'; path: string; query: Record<string, string>; body?: any }> = []
  private queued = new Map<string, Recorded[]>()
  delayMs = 0
  /**
   * getuserphonenumber as WeChat checks it: the access token must be the one stable_token gave, and each code of
   * the phone-number button (issued with phoneCode) answers its phone once; an unknown or used code answers 40029.
   */
  private phoneCodes = new Map<string, { phone: string; used: boolean }>()
  phoneCode(phone: string): string {
    const code = `pc_${Math.random().toString(36).slice(2)}${this.phoneCodes.size}`
    this.phoneCodes.set(code, { phone, used: false })
    return code
  }

  count(p: string): number {
    return this.calls.filter((c) => c.path === p).length
  }
  last(p: string) {
    return [...this.calls].reverse().find((c) => c.path === p)
  }
  /** The next call of `p` answers fixture `name` (then the default again). */
  queue(p: string, name: string) {
    const q = this.queued.get(p) || []
    q.push(recorded(name))
    this.queued.set(p, q)
  }
  reset() {
    this.calls = []
    this.queued.clear()
  }

  private answer(p: string, query: Record<string, string> = {}, body?: any): Recorded {
    const q = this.queued.get(p)
    if (q && q.length) return q.shift() as Recorded
    if (p === '/wxa/business/getuserphonenumber') {
      if (query.access_token !== fixture('stable_token').access_token) return recorded('token_invalid')
      const c = this.phoneCodes.get(String(body?.code || ''))
      if (!c || c.used) return recorded('getuserphonenumber_code_invalid')
      c.used = true
      const f = fixture('getuserphonenumber')
      f.phone_info.phoneNumber = c.phone
      f.phone_info.purePhoneNumber = c.phone
      return { json: f }
    }
    if (p === '/wxa/sec/order/upload_shipping_info' && body) {
      // upload_shipping_info's documented rules: 统一发货 (delivery_mode 1) takes one waybill; 分拆发货 (2) needs
      // is_all_delivered and 1 to 10 waybills. The first answer's text is WeChat's as quoted on its developer forum; the
      // second is WeChat's generic 47001 (data format error), not a recorded answer to that exact mistake.
      const list = Array.isArray(body.shipping_list) ? body.shipping_list : []
      if (body.delivery_mode === 1 && list.length !== 1) return recorded('upload_shipping_info_unified_list')
      if (body.delivery_mode === 2 && (typeof body.is_all_delivered !== 'boolean' || list.length < 1 || list.length > 10)) return recorded('upload_shipping_info_bad_split')
    }
    const name = DEFAULTS[p]
    if (!name) throw new Error(`FakeWechat: no fixture for ${p}`)
    return recorded(name)
  }

  private async record(method: 'GET' | 'POST', url: string, body?: any): Promise<Recorded> {
    const u = new URL(url)
    if (u.origin !== 'https://api.weixin.qq.com') throw new Error(`FakeWechat: unexpected host ${u.origin}`)
    const query = Object.fromEntries(u.searchParams)
    this.calls.push({ method, path: u.pathname, query, body })
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs))
    return this.answer(u.pathname, query, body)
  }

  async getJson(url: string) {
    const a = await this.record('GET', url)
    if (!('json' in a)) throw new Error('FakeWechat: binary fixture on a JSON API')
    return JSON.parse(JSON.stringify(a.json))
  }

  async request(method: 'GET' | 'POST', url: string, opts: { body?: string } = {}) {
    if (method === 'GET') {
      const json = await this.getJson(url)
      const raw = Buffer.from(JSON.stringify(json))
      return { status: 200, headers: { 'content-type': 'application/json' }, body: json, raw }
    }
    return this.postJson(url, opts.body)
  }

  async postJson(url: string, body: unknown) {
    const a = await this.record('POST', url, typeof body === 'string' ? JSON.parse(body) : body)
    if ('json' in a) {
      const raw = Buffer.from(JSON.stringify(a.json))
      return { status: 200, headers: { 'content-type': 'application/json; encoding=utf-8' }, body: JSON.parse(raw.toString()), raw }
    }
    return { status: a.status, headers: a.headers, body: null, raw: a.body }
  }
}
