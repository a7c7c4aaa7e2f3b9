import crypto from 'node:crypto'
import type { Config } from '../src/config'
import { loadConfig } from '../src/config'
import type { HttpAnswer, HttpClient } from '../src/context'
import { encryptResource, parseAuthorization, rsaVerify, signMessage } from '../src/payments/wechatpay'
import { fixture } from './fakeWechat'

const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
export const MCH_ID = '1900000109'
export const H5_APPID = 'wxh5appid000001'
export const MINI_APPID = 'wxminiappid00001'
const API_V3_KEY = 'abcdefghijABCDEFGHIJ0123456789xy'
export const PLATFORM_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'

type Trade = { state: string; transactionId: string; amount: number; successTime: string }

/**
 * WeChat Pay's gateway as the server sees it, built from the documented request and answer examples
 * (fixtures/wechat/pay_*.json, transfer_*.json): every request's merchant signature is checked, every answer is
 * signed with the platform key, and the gateway keeps its own record of transactions, refunds and transfers so
 * query / close / refund behave as WeChat's do. `fail(pathPart, status, fixture)` makes the next matching call
 * answer an error (SYSTEM_ERROR, FREQUENCY_LIMITED...). `onRefund` runs while a refund request is "in flight".
 */
export class FakeWechatPay implements HttpClient {
  readonly merchant = keyPair()
  readonly platform = keyPair()
  calls: Array<{ method: string; path: string; body: any; headers: Record<string, string> }> = []
  trades = new Map<string, Trade>()
  refunds = new Map<string, { status: string; refundId: string; amount: number; outTradeNo: string }>()
  transfers = new Map<string, { state: string; amount: number; openid: string; userName: string }>()
  /** The status a new refund is answered with (WeChat usually says PROCESSING). */
  refundAnswer = 'PROCESSING'
  onRefund: ((refundNo: string) => Promise<void>) | null = null
  private failures: Array<{ part: string; status: number; name: string }> = []
  private seq = 0

  /** Configuration for makeTestApp: WeChat Pay on, keys of this fake. */
  config(): Partial<Config> {
    const base = loadConfig({} as NodeJS.ProcessEnv)
    return {
      payProvider: 'wechatpay',
      wechat: {
        ...base.wechat,
        h5AppId: H5_APPID,
        miniAppId: MINI_APPID,
        mchId: MCH_ID,
        mchSerialNo: '444F4864EA9B34415F1F4D5C8A2B1D9A1B2C3D4E',
        mchPrivateKey: this.merchant.privateKey,
        apiV3Key: API_V3_KEY,
        notifyUrl: 'https://shop.example.com/h5/api/pay/notify/wechat',
        platformPublicKeys: { [PLATFORM_SERIAL]: this.platform.publicKey },
      },
    }
  }

  count(method: string, part: string) {
    return this.calls.filter((c) => c.method === method && c.path.includes(part)).length
  }
  fail(part: string, status: number, name: string) {
    this.failures.push({ part, status, name })
  }
  /** The shopper pays at WeChat (the money is taken; the notification is the test's to send, or not). */
  pay(payNo: string, amount: number) {
    const t = { state: 'SUCCESS', transactionId: `42000000${Date.now()}${++this.seq}`, amount, successTime: '2026-11-22T12:00:03+08:00' }
    this.trades.set(payNo, t)
    return t
  }

  /** A notification exactly as WeChat Pay posts it: the resource AES-256-GCM encrypted, the headers signed. */
  notification(eventType: string, originalType: string, resource: object) {
    const nonce = crypto.randomBytes(8).toString('hex')
    const body = JSON.stringify({
      id: `EV-${crypto.randomBytes(6).toString('hex')}`,
      create_time: '2026-11-22T12:00:05+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType,
      resource: { original_type: originalType, ...encryptResource(JSON.stringify(resource), API_V3_KEY, crypto.randomBytes(6).toString('hex'), originalType) },
    })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(signMessage(timestamp, nonce, body))
      .sign(this.platform.privateKey, 'base64')
    return { headers: { 'content-type': 'application/json', 'wechatpay-serial': PLATFORM_SERIAL, 'wechatpay-signature': signature, 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce }, body }
  }
  paymentNotification(payNo: string) {
    const t = this.trades.get(payNo)!
    return this.notification('TRANSACTION.SUCCESS', 'transaction', {
      ...fixture('pay_notify_transaction'),
      out_trade_no: payNo,
      transaction_id: t.transactionId,
      amount: { total: t.amount, payer_total: t.amount, currency: 'CNY', payer_currency: 'CNY' },
    })
  }
  refundNotification(refundNo: string, status = 'SUCCESS') {
    const r = this.refunds.get(refundNo)!
    r.status = status
    return this.notification(`REFUND.${status}`, 'refund', { ...fixture('pay_notify_refund'), out_refund_no: refundNo, refund_id: r.refundId, out_trade_no: r.outTradeNo, refund_status: status })
  }
  transferNotification(outBillNo: string, state = 'SUCCESS') {
    const b = this.transfers.get(outBillNo)!
    b.state = state
    return this.notification('MCHTRANSFER.BILL.FINISHED', 'mch_payment', {
      ...fixture('transfer_notify'),
      out_bill_no: outBillNo,
      state,
      transfer_amount: b.amount,
      openid: b.openid,
      fail_reason: state === 'SUCCESS' ? '' : 'PAYEE_ACCOUNT_ABNORMAL',
    })
  }

  async getJson(): Promise<any> {
    throw new Error('FakeWechatPay: WeChat Pay has no unsigned GET')
  }
  async postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', url, { headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
  }
  async request(method: 'GET' | 'POST', url: string, opts: { headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
    const u = new URL(url)
    if (u.origin !== 'https://api.mch.weixin.qq.com') throw new Error(`FakeWechatPay: unexpected host ${u.origin}`)
    const body = opts.body ?? ''
    const auth = parseAuthorization(opts.headers?.authorization || '')
    const signed = rsaVerify(this.merchant.publicKey, signMessage(method, u.pathname + u.search, auth.timestamp, auth.nonce_str, body), auth.signature)
    const json = body ? JSON.parse(body) : null
    this.calls.push({ method, path: u.pathname + u.search, body: json, headers: opts.headers || {} })
    if (!signed || auth.mchid !== MCH_ID) return this.answer(401, { code: 'SIGN_ERROR', message: '签名错误' })
    const f = this.failures.findIndex((x) => u.pathname.includes(x.part))
    if (f >= 0) {
      const [x] = this.failures.splice(f, 1)
      return this.answer(x.status, fixture(x.name))
    }
    const res = await this.route(method, u.pathname, json, opts.headers || {})
    // A test's stand-in for a mixed-up answer: rewritten, then signed as WeChat Pay signs everything.
    return this.rewriteAnswer && res.body ? this.answer(res.status, this.rewriteAnswer(u.pathname, res.body)) : res
  }

  /** Rewrites the next answers' JSON (still correctly signed), e.g. an answer naming another refund. */
  rewriteAnswer: ((path: string, body: any) => any) | null = null

  private async route(method: string, path: string, json: any, headers: Record<string, string>): Promise<HttpAnswer> {
    let m: RegExpMatchArray | null
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi') {
      if (!this.trades.has(json.out_trade_no)) this.trades.set(json.out_trade_no, { state: 'NOTPAY', transactionId: '', amount: json.amount.total, successTime: '' })
      return this.answer(200, fixture('pay_jsapi_prepay'))
    }
    if (method === 'POST' && path === '/v3/pay/transactions/h5') {
      if (!this.trades.has(json.out_trade_no)) this.trades.set(json.out_trade_no, { state: 'NOTPAY', transactionId: '', amount: json.amount.total, successTime: '' })
      return this.answer(200, fixture('pay_h5_prepay'))
    }
    if (method === 'GET' && (m = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/))) {
      const t = this.trades.get(m[1])
      if (!t) return this.answer(404, fixture('pay_error_order_not_exist'))
      if (t.state !== 'SUCCESS') return this.answer(200, { ...fixture('pay_query_notpay'), out_trade_no: m[1], trade_state: t.state, amount: { total: t.amount, currency: 'CNY' } })
      return this.answer(200, {
        ...fixture('pay_notify_transaction'),
        out_trade_no: m[1],
        transaction_id: t.transactionId,
        amount: { total: t.amount, payer_total: t.amount, currency: 'CNY', payer_currency: 'CNY' },
      })
    }
    if (method === 'POST' && (m = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/))) {
      const t = this.trades.get(m[1])
      if (t?.state === 'SUCCESS') return this.answer(400, fixture('pay_error_orderpaid'))
      this.trades.set(m[1], { state: 'CLOSED', transactionId: '', amount: t?.amount || 0, successTime: '' })
      return this.answer(204, null)
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const no = json.out_refund_no
      if (!this.refunds.has(no)) this.refunds.set(no, { status: this.refundAnswer, refundId: `5000000${++this.seq}`, amount: json.amount.refund, outTradeNo: json.out_trade_no })
      if (this.onRefund) await this.onRefund(no)
      const r = this.refunds.get(no)!
      return this.answer(200, { ...fixture('pay_refund'), out_refund_no: no, refund_id: r.refundId, out_trade_no: json.out_trade_no, status: r.status })
    }
    if (method === 'GET' && (m = path.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/))) {
      const r = this.refunds.get(m[1])
      if (!r) return this.answer(404, fixture('pay_error_resource_not_exists'))
      // The documented answer of 查询单笔退款; success_time only once the refund succeeded.
      const { success_time, ...q } = fixture('pay_refund_query')
      return this.answer(200, {
        ...q,
        ...(r.status === 'SUCCESS' ? { success_time } : {}),
        out_refund_no: m[1],
        refund_id: r.refundId,
        out_trade_no: r.outTradeNo,
        status: r.status,
        amount: { ...q.amount, refund: r.amount, payer_refund: r.amount, settlement_refund: r.amount, discount_refund: 0 },
      })
    }
    if (method === 'POST' && path === '/v3/fund-app/mch-transfer/transfer-bills') {
      // From 2,000 yuan: user_name encrypted with the platform key that Wechatpay-Serial names (else PARAM_ERROR).
      let userName = ''
      if (json.transfer_amount >= 200_000) {
        if (headers['wechatpay-serial'] !== PLATFORM_SERIAL || !json.user_name) return this.answer(400, { code: 'PARAM_ERROR', message: '转账金额大于等于2000元时，收款用户姓名必填' })
        userName = crypto.privateDecrypt({ key: this.platform.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(json.user_name, 'base64')).toString('utf8')
      }
      if (!this.transfers.has(json.out_bill_no)) this.transfers.set(json.out_bill_no, { state: 'WAIT_USER_CONFIRM', amount: json.transfer_amount, openid: json.openid, userName })
      return this.answer(200, { ...fixture('transfer_create'), out_bill_no: json.out_bill_no, state: this.transfers.get(json.out_bill_no)!.state })
    }
    if (method === 'GET' && (m = path.match(/^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/))) {
      const b = this.transfers.get(m[1])
      if (!b) return this.answer(404, { code: 'NOT_FOUND', message: '记录不存在' })
      return this.answer(200, { ...fixture('transfer_query'), out_bill_no: m[1], state: b.state, transfer_amount: b.amount, openid: b.openid })
    }
    if (method === 'GET' && path === '/v3/bill/tradebill') {
      return this.answer(200, { ...fixture('pay_tradebill'), hash_value: crypto.createHash('sha1').update(this.billFile()).digest('hex') })
    }
    if (method === 'GET' && path === '/v3/billdownload/file') {
      const raw = Buffer.from(this.corruptBill ? `${this.billFile()} ` : this.billFile())
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: null, raw }
    }
    throw new Error(`FakeWechatPay: no route for ${method} ${path}`)
  }

  corruptBill = false
  /** The trade bill file (bill_type ALL) as WeChat writes it: backquoted fields, then the summary lines. */
  billFile(): string {
    const head =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注'
    const y = (fen: number) => (fen / 100).toFixed(2)
    const line = (f: string[]) => f.map((x) => `\`${x}`).join(',')
    const rows: string[] = []
    for (const [payNo, t] of this.trades) {
      if (t.state !== 'SUCCESS') continue
      rows.push(
        line([
          '2026-11-22 12:00:03',
          H5_APPID,
          MCH_ID,
          '0',
          '',
          t.transactionId,
          payNo,
          'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
          'JSAPI',
          'SUCCESS',
          'OTHERS',
          'CNY',
          y(t.amount),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          '商品',
          '',
          '0.00000',
          '0.60%',
          y(t.amount),
          '0.00',
          '',
        ]),
      )
    }
    for (const [refundNo, r] of this.refunds) {
      if (r.status !== 'SUCCESS') continue
      rows.push(
        line([
          '2026-11-22 13:00:00',
          H5_APPID,
          MCH_ID,
          '0',
          '',
          'TX',
          r.outTradeNo,
          'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
          'JSAPI',
          'REFUND',
          'OTHERS',
          'CNY',
          '0.00',
          '0.00',
          r.refundId,
          refundNo,
          y(r.amount),
          '0.00',
          'ORIGINAL',
          'SUCCESS',
          '商品',
          '',
          '0.00000',
          '0.60%',
          '0.00',
          y(r.amount),
          '',
        ]),
      )
    }
    const summary = ['总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额', line([String(rows.length), '0.00', '0.00', '0.00', '0.00000', '0.00', '0.00'])]
    return [head, ...rows, ...summary].join('\r\n') + '\r\n'
  }

  /** An answer signed with the platform key, as WeChat Pay signs every answer. */
  private answer(status: number, json: unknown): HttpAnswer {
    const text = json === null ? '' : JSON.stringify(json)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = crypto.randomBytes(8).toString('hex')
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(signMessage(timestamp, nonce, text))
      .sign(this.platform.privateKey, 'base64')
    return {
      status,
      headers: { 'content-type': 'application/json', 'wechatpay-serial': PLATFORM_SERIAL, 'wechatpay-signature': signature, 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce },
      body: json,
      raw: Buffer.from(text),
    }
  }
}
