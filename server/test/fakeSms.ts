import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

/**
 * Tencent Cloud SMS and Aliyun SMS on loopback, driven by the vendors' own SDKs (their endpoint pointed here).
 * Each fake checks the request as the vendor does: the signature recomputed from the bytes received with the
 * secret it was given (TC3-HMAC-SHA256 / ACS3-HMAC-SHA256), the action and version, the SendSms parameters;
 * then answers a recorded fixture (server/test/fixtures/sms/*.json, the documented shapes): a queued one first,
 * else success. A bad signature answers the vendor's own refusal (AuthFailure.SignatureFailure / SignatureDoesNotMatch).
 */
const FIXTURES = path.join(__dirname, 'fixtures', 'sms')
export const smsFixture = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'))

const sha256hex = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest('hex')
const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s, 'utf8').digest()

export interface SmsCall {
  headers: http.IncomingHttpHeaders
  query: Record<string, string>
  body: any
  signatureOk: boolean
}

abstract class FakeVendor {
  calls: SmsCall[] = []
  private queued: string[] = []
  /** Answer after this many ms (a timeout test). */
  delayMs = 0
  private server?: http.Server
  port = 0
  constructor(
    public secretId: string,
    public secretKey: string,
  ) {}
  /** The next request answers fixture `name`. */
  queue(name: string) {
    this.queued.push(name)
  }
  protected next(): string | undefined {
    return this.queued.shift()
  }
  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r))
    this.port = (this.server.address() as { port: number }).port
    return this
  }
  async stop() {
    this.server?.closeAllConnections?.()
    await new Promise((r) => this.server?.close(r))
  }
  protected abstract answer(req: http.IncomingMessage, raw: Buffer, url: URL): { status: number; body: unknown }
  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks)
    const url = new URL(req.url || '/', 'http://fake')
    const a = this.answer(req, raw, url)
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs))
    if (res.destroyed) return
    res.writeHead(a.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(a.body))
  }
}

/** Tencent Cloud API 3.0 (sms.tencentcloudapi.com), action SendSms version 2021-01-11. */
export class FakeTencentSms extends FakeVendor {
  constructor(
    secretId: string,
    secretKey: string,
    public sdkAppId: string,
  ) {
    super(secretId, secretKey)
  }

  /** TC3-HMAC-SHA256 as Tencent documents it: the canonical request of the signed headers and the body's hash. */
  verify(req: http.IncomingMessage, raw: Buffer): boolean {
    const auth = String(req.headers.authorization || '')
    const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth)
    if (!m) return false
    const [, id, date, service, signed, signature] = m
    if (id !== this.secretId || service !== 'sms') return false
    const ts = Number(req.headers['x-tc-timestamp'])
    if (!ts || Math.abs(Date.now() / 1000 - ts) > 300) return false
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date) return false
    const names = signed.split(';')
    // The vendor listens on 443, so its Host header carries no port: the fake's own port is left out likewise.
    const value = (n: string) => (n === 'host' ? String(req.headers.host || '').replace(/:\d+$/, '') : String(req.headers[n] || ''))
    const canonicalHeaders = names.map((n) => `${n}:${value(n).trim().toLowerCase()}\n`).join('')
    const canonical = [req.method, '/', '', canonicalHeaders, signed, sha256hex(raw)].join('\n')
    const toSign = ['TC3-HMAC-SHA256', String(ts), `${date}/${service}/tc3_request`, sha256hex(canonical)].join('\n')
    const kDate = hmac(`TC3${this.secretKey}`, date)
    const kService = hmac(kDate, service)
    const kSigning = hmac(kService, 'tc3_request')
    const expected = crypto.createHmac('sha256', kSigning).update(toSign, 'utf8').digest('hex')
    return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  }

  protected answer(req: http.IncomingMessage, raw: Buffer) {
    let body: any = null
    try {
      body = JSON.parse(raw.toString('utf8'))
    } catch {
      body = null
    }
    const signatureOk = this.verify(req, raw)
    this.calls.push({ headers: req.headers, query: {}, body, signatureOk })
    if (!signatureOk) return { status: 200, body: smsFixture('tencent_auth_signature_failure') }
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') return { status: 200, body: err('InvalidAction', 'unknown action') }
    if (body?.SmsSdkAppId !== this.sdkAppId) return { status: 200, body: err('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId not exist') }
    if (!Array.isArray(body?.PhoneNumberSet) || body.PhoneNumberSet.length !== 1 || !body.SignName || !body.TemplateId) return { status: 200, body: err('MissingParameter', 'missing parameter') }
    const name = this.next() || 'tencent_send_ok'
    const a = smsFixture(name)
    // The answer names the number it was given, as Tencent's does.
    for (const s of a.Response.SendStatusSet || []) s.PhoneNumber = body.PhoneNumberSet[0]
    return { status: 200, body: a }
  }
}
const err = (Code: string, Message: string) => ({ Response: { Error: { Code, Message }, RequestId: crypto.randomUUID() } })

/** Aliyun OpenAPI RPC (dysmsapi.aliyuncs.com), action SendSms version 2017-05-25, ACS3-HMAC-SHA256. */
export class FakeAliyunSms extends FakeVendor {
  /** ACS3-HMAC-SHA256 as Aliyun documents it (V3 signature): canonical query, signed headers, payload hash. */
  verify(req: http.IncomingMessage, raw: Buffer, url: URL): boolean {
    const auth = String(req.headers.authorization || '')
    const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(auth)
    if (!m) return false
    const [, id, signed, signature] = m
    if (id !== this.secretId) return false
    const names = signed.split(';')
    for (const need of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) if (!names.includes(need)) return false
    if (req.headers['x-acs-content-sha256'] !== sha256hex(raw)) return false
    const when = Date.parse(String(req.headers['x-acs-date'] || ''))
    if (!when || Math.abs(Date.now() - when) > 15 * 60_000) return false
    const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [enc(k), enc(v)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&')
    const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] || '').trim()}\n`).join('')
    const canonical = [req.method, url.pathname, query, canonicalHeaders, signed, String(req.headers['x-acs-content-sha256'])].join('\n')
    const toSign = `ACS3-HMAC-SHA256\n${sha256hex(canonical)}`
    const expected = crypto.createHmac('sha256', this.secretKey).update(toSign, 'utf8').digest('hex')
    return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  }

  protected answer(req: http.IncomingMessage, raw: Buffer, url: URL) {
    const query = Object.fromEntries(url.searchParams)
    const signatureOk = this.verify(req, raw, url)
    this.calls.push({ headers: req.headers, query, body: raw.toString('utf8'), signatureOk })
    if (!signatureOk) {
      const f = smsFixture('aliyun_signature_mismatch')
      return { status: f.status, body: f.body }
    }
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
      return { status: 400, body: { Code: 'InvalidAction.NotFound', Message: 'action not found', RequestId: crypto.randomUUID() } }
    if (!query.PhoneNumbers || !query.SignName || !query.TemplateCode) return { status: 400, body: { Code: 'MissingParameter', Message: 'missing parameter', RequestId: crypto.randomUUID() } }
    const name = this.next() || 'aliyun_send_ok'
    const f = smsFixture(name)
    return 'status' in f ? { status: f.status, body: f.body } : { status: 200, body: f }
  }
}

/** An HTTP agent that sends every host to loopback: Tencent's client names its service after its host (sms.…). */
export const loopbackAgent = () =>
  new http.Agent({
    lookup: ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => (opts?.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4))) as never,
  } as http.AgentOptions)
