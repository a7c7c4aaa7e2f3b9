import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { HttpAnswer, HttpClient } from '../src/context'

const FIXTURES = path.join(__dirname, 'fixtures', 'kuaidi100')
export const KD100_BASE = 'https://poll.kuaidi100.com'

/** Loads server/test/fixtures/kuaidi100/<name>.json (recorded from 快递100's documented requests and answers). */
export function kd100Fixture(name: string): any {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'))
}
const md5 = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex')

/** The settings a test shop uses (config.kuaidi100). */
export const KD100 = {
  key: 'KeyOfTheShop2026',
  customer: 'C0FFEE00C0FFEE00C0FFEE00C0FFEE00',
  salt: 'SaltOfPush',
  callbackUrl: 'https://shop.example.com/h5/api/logistics/kuaidi100',
  apiBase: KD100_BASE,
}

/**
 * 快递100 replaced by recorded answers. It checks each request as 快递100 would: a form body, subscribe's key (a
 * wrong one answers 600), its company code and number, the callback URL and salt, SF's phone; the real-time query's
 * sign = upper(md5(param + key + customer)) (a wrong one answers 503). queue(path, name) answers a fixture next.
 */
export class FakeKuaidi100 implements HttpClient {
  calls: Array<{ path: string; form: Record<string, string>; param: any }> = []
  private queued = new Map<string, string[]>()
  constructor(private readonly settings = KD100) {}

  queue(p: '/poll' | '/poll/query.do', name: string) {
    this.queued.set(p, [...(this.queued.get(p) || []), name])
  }
  count(p: string) {
    return this.calls.filter((c) => c.path === p).length
  }
  last(p: string) {
    return [...this.calls].reverse().find((c) => c.path === p)
  }
  reset() {
    this.calls = []
    this.queued.clear()
  }

  async getJson(url: string): Promise<any> {
    throw new Error(`FakeKuaidi100: unexpected GET ${url}`)
  }
  async postJson(url: string): Promise<HttpAnswer> {
    throw new Error(`FakeKuaidi100: 快递100 takes forms, not JSON (${url})`)
  }
  async request(method: 'GET' | 'POST', url: string, opts: { headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
    const u = new URL(url)
    if (u.origin !== KD100_BASE || method !== 'POST') throw new Error(`FakeKuaidi100: unexpected ${method} ${url}`)
    if (!/application\/x-www-form-urlencoded/.test(opts.headers?.['content-type'] || '')) throw new Error('FakeKuaidi100: not a form')
    const form = Object.fromEntries(new URLSearchParams(opts.body || ''))
    const param = JSON.parse(form.param || 'null')
    this.calls.push({ path: u.pathname, form, param })
    const next = this.queued.get(u.pathname)?.shift()
    const name = next || (u.pathname === '/poll' ? this.checkSubscribe(form, param) : u.pathname === '/poll/query.do' ? this.checkQuery(form, param) : '')
    if (!name) throw new Error(`FakeKuaidi100: no answer for ${u.pathname}`)
    const json = kd100Fixture(name)
    if (u.pathname === '/poll/query.do' && json.message === 'ok') Object.assign(json, { com: param.com, nu: param.num })
    const raw = Buffer.from(JSON.stringify(json))
    return { status: 200, headers: { 'content-type': 'application/json;charset=UTF-8' }, body: JSON.parse(raw.toString()), raw }
  }

  private checkSubscribe(form: Record<string, string>, p: any): string {
    if (form.schema !== 'json' || !p) return 'subscribe_bad_waybill'
    if (p.key !== this.settings.key) return 'subscribe_bad_key'
    if (!p.company || !/^[a-z]+$/.test(p.company) || !p.number || String(p.number).length > 32) return 'subscribe_bad_waybill'
    if (!p.parameters?.callbackurl || !p.parameters?.salt) return 'subscribe_bad_waybill'
    if (p.company === 'shunfeng' && !p.parameters.phone) return 'subscribe_bad_waybill'
    return 'subscribe_ok'
  }

  private checkQuery(form: Record<string, string>, p: any): string {
    if (form.customer !== this.settings.customer || form.sign !== md5(form.param + this.settings.key + this.settings.customer).toUpperCase()) return 'query_bad_sign'
    if (p.com === 'shunfeng' && !p.phone) return 'query_phone_required'
    return 'query_ok'
  }
}

/** A push as 快递100 sends it: fixture `name` for waybill (com, nu), signed md5(param + salt) (upper case, as it sends). */
export function kd100Push(name: string, waybill: { com: string; nu: string }, salt = KD100.salt, edit?: (p: any) => void) {
  const p = kd100Fixture(name)
  p.lastResult.com = waybill.com
  p.lastResult.nu = waybill.nu
  edit?.(p)
  const param = JSON.stringify(p)
  const sign = md5(param + salt).toUpperCase()
  return { param, sign, payload: new URLSearchParams({ param, sign }).toString() }
}
