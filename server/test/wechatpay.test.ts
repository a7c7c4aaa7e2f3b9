import crypto from 'node:crypto'
import { loadConfig, type Config } from '../src/config'
import type { HttpClient } from '../src/context'
import { AppError } from '../src/errors'
import {
  authorizationHeader,
  createWechatPay,
  decryptResource,
  encryptResource,
  parseAuthorization,
  payParams,
  rfc3339China,
  rsaVerify,
  signMessage,
  utf8Cut,
  verifyWechatpaySignature,
} from '../src/payments/wechatpay'
import prepayFixture from './fixtures/wechat/pay_jsapi_prepay.json'
import refundFixture from './fixtures/wechat/pay_refund.json'
import transactionFixture from './fixtures/wechat/pay_notify_transaction.json'
import { FakeWechatPay, PLATFORM_SERIAL } from './fakeWechatPay'

// Derived vectors: keys are generated here, so every signature below is checked against a real key pair.
const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
const merchant = keyPair()
const platform = keyPair()
const otherPlatform = keyPair()
const API_V3_KEY = 'abcdefghijABCDEFGHIJ0123456789xy' // 32 bytes
const NOW = Date.UTC(2026, 10, 22, 4, 0, 0)

function payConfig(over: Partial<Config['wechat']> = {}): Config {
  const c = loadConfig({ WX_H5_APPID: 'wxh5appid000001', WX_MINI_APPID: 'wxminiappid00001' } as any)
  c.wechat = {
    ...c.wechat,
    mchId: '1900000109',
    mchSerialNo: '444F4864EA9B34415F1F4D5C8A2B1D9A1B2C3D4E',
    mchPrivateKey: merchant.privateKey,
    apiV3Key: API_V3_KEY,
    notifyUrl: 'https://shop.example.com/h5/api/pay/wechatNotify',
    platformPublicKeys: { [PLATFORM_SERIAL]: platform.publicKey },
    ...over,
  }
  return c
}

/** WeChat Pay as the server sees it: checks the merchant's Authorization, answers a fixture signed with the platform key. */
class FakePayApi implements HttpClient {
  calls: Array<{ url: string; body: string; headers: Record<string, string> }> = []
  answers: Record<string, { status: number; body: any; signWith?: string; serial?: string; tamper?: boolean }> = {}
  async getJson(): Promise<any> {
    throw new Error('not used')
  }
  async request(): Promise<any> {
    throw new Error('not used')
  }
  async postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
    if (typeof body !== 'string') throw new Error('wechatpay must send the exact signed string')
    this.calls.push({ url, body, headers })
    const path = new URL(url).pathname
    const auth = parseAuthorization(headers.authorization || '')
    const okAuth = rsaVerify(merchant.publicKey, signMessage('POST', path, auth.timestamp, auth.nonce_str, body), auth.signature)
    const a = okAuth ? this.answers[path] : { status: 401, body: { code: 'SIGN_ERROR', message: '签名错误' } }
    if (!a) throw new Error(`no fixture for ${path}`)
    const text = JSON.stringify(a.body)
    const timestamp = String(Math.floor(NOW / 1000))
    const nonce = 'answerNonce123'
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(signMessage(timestamp, nonce, a.tamper ? `${text} ` : text))
      .sign(a.signWith || platform.privateKey, 'base64')
    return {
      status: a.status,
      headers: { 'wechatpay-serial': a.serial || PLATFORM_SERIAL, 'wechatpay-signature': signature, 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'content-type': 'application/json' },
      body: a.body,
      raw: Buffer.from(text),
    }
  }
}

/** A notification exactly as WeChat Pay posts it: encrypted resource, signed headers. */
function notification(resource: object, opts: { key?: string; serial?: string; timestamp?: number; eventType?: string } = {}) {
  const nonce = 'fdasflkja484w'
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-22T12:00:05+08:00',
    resource_type: 'encrypt-resource',
    event_type: opts.eventType || 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', ...encryptResource(JSON.stringify(resource), API_V3_KEY, 'fdasfjihihihlkja', 'transaction') },
  })
  const timestamp = String(opts.timestamp ?? Math.floor(NOW / 1000))
  const signature = crypto
    .createSign('RSA-SHA256')
    .update(signMessage(timestamp, nonce, body))
    .sign(opts.key || platform.privateKey, 'base64')
  return { headers: { 'wechatpay-serial': opts.serial || PLATFORM_SERIAL, 'wechatpay-signature': signature, 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce }, body }
}

describe('WeChat Pay v3 signing rules', () => {
  it('builds an Authorization header whose signature verifies with the merchant public key', () => {
    const body = '{"a":1}'
    const h = authorizationHeader({
      mchId: '1900000109',
      serialNo: 'SERIAL1',
      privateKey: merchant.privateKey,
      method: 'post',
      url: '/v3/pay/transactions/jsapi',
      body,
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    })
    expect(h.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true)
    const f = parseAuthorization(h)
    expect(f).toMatchObject({ mchid: '1900000109', serial_no: 'SERIAL1', timestamp: '1554208460', nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242' })
    const message = 'POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n'
    expect(rsaVerify(merchant.publicKey, message, f.signature)).toBe(true)
    // The signature covers the body: another body does not verify.
    expect(rsaVerify(merchant.publicKey, message.replace('"a":1', '"a":2'), f.signature)).toBe(false)
  })

  it('signs paySign over appId, timeStamp, nonceStr and package with signType RSA', () => {
    const p = payParams('wxh5appid000001', 'wx201410272009395522657a690389285100', merchant.privateKey, 1414561699, '5K8264ILTKCH16CQ2502SI8ZNMTM67VS')
    expect(p).toMatchObject({
      appId: 'wxh5appid000001',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    })
    expect(p.timeStamp).toMatch(/^\d{10}$/)
    const message = 'wxh5appid000001\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n'
    expect(rsaVerify(merchant.publicKey, message, p.paySign)).toBe(true)
    expect(rsaVerify(platform.publicKey, message, p.paySign)).toBe(false)
  })

  it('decrypts an AES-256-GCM resource encrypted with node:crypto (tag at the end of the ciphertext)', () => {
    const plain = JSON.stringify({ out_trade_no: 'P1', amount: { total: 100 } })
    const key = API_V3_KEY
    const nonce = '0123456789ab'
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce))
    cipher.setAAD(Buffer.from('transaction'))
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64')
    expect(decryptResource({ algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce }, key)).toBe(plain)
    // Wrong associated data, wrong key or a flipped byte fail the tag check.
    expect(() => decryptResource({ ciphertext, associated_data: 'refund', nonce }, key)).toThrow()
    expect(() => decryptResource({ ciphertext, associated_data: 'transaction', nonce }, 'X'.repeat(32))).toThrow()
    const bytes = Buffer.from(ciphertext, 'base64')
    bytes[0] ^= 1
    expect(() => decryptResource({ ciphertext: bytes.toString('base64'), associated_data: 'transaction', nonce }, key)).toThrow()
  })

  it('formats time_expire as RFC 3339 in China time and cuts descriptions on characters', () => {
    expect(rfc3339China(Date.UTC(2026, 10, 22, 4, 30, 0))).toBe('2026-11-22T12:30:00+08:00')
    expect(utf8Cut('商城订单', 7)).toBe('商城')
    expect(Buffer.byteLength(utf8Cut('商'.repeat(100), 127))).toBeLessThanOrEqual(127)
  })

  it('verifies a signature only with the key of its serial and within 5 minutes', () => {
    const keys = new Map([[PLATFORM_SERIAL, crypto.createPublicKey(platform.publicKey)]])
    const n = notification({ x: 1 })
    expect(() => verifyWechatpaySignature(n.headers, n.body, keys, NOW)).not.toThrow()
    expect(() => verifyWechatpaySignature({ ...n.headers, 'wechatpay-serial': 'OTHER' }, n.body, keys, NOW)).toThrow('未知的微信支付平台证书')
    expect(() => verifyWechatpaySignature(n.headers, n.body, keys, NOW + 301_000)).toThrow('已过期')
    expect(() => verifyWechatpaySignature(n.headers, `${n.body} `, keys, NOW)).toThrow('签名验证失败')
  })
})

describe('createWechatPay provider', () => {
  const fixedNonce = () => 'NONCE0123456789ABCDEF0123456789A'
  const make = (http: HttpClient, over: Partial<Config['wechat']> = {}) => createWechatPay(payConfig(over), http, { now: () => NOW, nonce: fixedNonce })

  it('refuses to start without merchant configuration', () => {
    expect(() => createWechatPay(payConfig({ mchId: '' }), new FakePayApi())).toThrow(/mchId/)
    expect(() => createWechatPay(payConfig({ apiV3Key: 'short' }), new FakePayApi())).toThrow(/32 bytes/)
    expect(() => createWechatPay(payConfig({ platformPublicKeys: {} }), new FakePayApi())).toThrow(/WXPAY_PLATFORM_KEYS/)
  })

  it('prepays a JSAPI order with a signed request and returns chooseWXPay params', async () => {
    const http = new FakePayApi()
    http.answers['/v3/pay/transactions/jsapi'] = { status: 200, body: prepayFixture }
    const pay = make(http)
    const { params } = await pay.prepay({
      payNo: 'P202611220001',
      amount: 12990,
      description: '测试商品',
      channel: 'wechat_jsapi',
      openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      expiresAt: NOW + 30 * 60_000,
    })
    expect(http.calls).toHaveLength(1)
    const sent = JSON.parse(http.calls[0].body)
    expect(http.calls[0].url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi')
    expect(sent).toEqual({
      appid: 'wxh5appid000001',
      mchid: '1900000109',
      description: '测试商品',
      out_trade_no: 'P202611220001',
      time_expire: '2026-11-22T12:30:00+08:00',
      notify_url: 'https://shop.example.com/h5/api/pay/wechatNotify',
      amount: { total: 12990, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    })
    expect(parseAuthorization(http.calls[0].headers.authorization).serial_no).toBe('444F4864EA9B34415F1F4D5C8A2B1D9A1B2C3D4E')
    expect(params).toMatchObject({ appId: 'wxh5appid000001', package: `prepay_id=${prepayFixture.prepay_id}`, signType: 'RSA', timeStamp: String(Math.floor(NOW / 1000)) })
    expect(rsaVerify(merchant.publicKey, signMessage(params.appId, params.timeStamp, params.nonceStr, params.package), params.paySign)).toBe(true)
  })

  it('uses the mini-program app id for mini-program payments', async () => {
    const http = new FakePayApi()
    http.answers['/v3/pay/transactions/jsapi'] = { status: 200, body: prepayFixture }
    const { params } = await make(http).prepay({ payNo: 'P2', amount: 1, description: 'x', channel: 'wechat_mini', openId: 'o-mini', expiresAt: NOW + 60_000 })
    expect(JSON.parse(http.calls[0].body).appid).toBe('wxminiappid00001')
    expect(params.appId).toBe('wxminiappid00001')
  })

  it('refuses an answer whose platform signature does not verify or whose serial is unknown', async () => {
    const http = new FakePayApi()
    http.answers['/v3/pay/transactions/jsapi'] = { status: 200, body: prepayFixture, tamper: true }
    const input = { payNo: 'P3', amount: 1, description: 'x', channel: 'wechat_jsapi' as const, openId: 'o', expiresAt: NOW + 60_000 }
    await expect(make(http).prepay(input)).rejects.toThrow('签名验证失败')
    http.answers['/v3/pay/transactions/jsapi'] = { status: 200, body: prepayFixture, serial: 'UNKNOWN' }
    await expect(make(http).prepay(input)).rejects.toThrow('未知的微信支付平台证书')
    http.answers['/v3/pay/transactions/jsapi'] = { status: 200, body: prepayFixture, signWith: otherPlatform.privateKey }
    await expect(make(http).prepay(input)).rejects.toThrow('签名验证失败')
  })

  it('refuses to prepay without an openid or for the sandbox channel', async () => {
    const pay = make(new FakePayApi())
    await expect(pay.prepay({ payNo: 'P', amount: 1, description: 'x', channel: 'wechat_jsapi', openId: null, expiresAt: NOW })).rejects.toBeInstanceOf(AppError)
    await expect(pay.prepay({ payNo: 'P', amount: 1, description: 'x', channel: 'sandbox', openId: 'o', expiresAt: NOW })).rejects.toThrow('当前支付方式不可用')
  })

  it('reports the gateway message when WeChat Pay refuses an order', async () => {
    const http = new FakePayApi()
    http.answers['/v3/pay/transactions/jsapi'] = { status: 400, body: { code: 'ORDERPAID', message: '该订单已支付' } }
    await expect(make(http).prepay({ payNo: 'P', amount: 1, description: 'x', channel: 'wechat_jsapi', openId: 'o', expiresAt: NOW })).rejects.toThrow('该订单已支付')
  })

  it('verifies and decrypts a payment notification into a paid notice', async () => {
    const n = notification(transactionFixture)
    const notice = await make(new FakePayApi()).verifyNotify(n.headers, n.body)
    expect(notice).toEqual({
      payNo: transactionFixture.out_trade_no,
      transactionId: transactionFixture.transaction_id,
      amount: transactionFixture.amount.total,
      paidAt: Date.parse(transactionFixture.success_time),
    })
  })

  it('refuses a tampered notification body, a wrong serial, a foreign key and a stale timestamp', async () => {
    const pay = make(new FakePayApi())
    const n = notification(transactionFixture)
    await expect(pay.verifyNotify(n.headers, n.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '))).rejects.toThrow('签名验证失败')
    await expect(pay.verifyNotify({ ...n.headers, 'wechatpay-serial': 'WRONGSERIAL' }, n.body)).rejects.toThrow('未知的微信支付平台证书')
    const forged = notification(transactionFixture, { key: otherPlatform.privateKey })
    await expect(pay.verifyNotify(forged.headers, forged.body)).rejects.toThrow('签名验证失败')
    const stale = notification(transactionFixture, { timestamp: Math.floor(NOW / 1000) - 600 })
    await expect(pay.verifyNotify(stale.headers, stale.body)).rejects.toThrow('已过期')
  })

  it('refuses a notification for another merchant, an unpaid state, or one encrypted with another key', async () => {
    const pay = make(new FakePayApi())
    const other = notification({ ...transactionFixture, mchid: '1900000999' })
    await expect(pay.verifyNotify(other.headers, other.body)).rejects.toThrow('商户或应用不匹配')
    const closed = notification({ ...transactionFixture, trade_state: 'CLOSED' })
    await expect(pay.verifyNotify(closed.headers, closed.body)).rejects.toThrow('支付未成功')
    const badKey = make(new FakePayApi(), { apiV3Key: 'Z'.repeat(32) })
    const n = notification(transactionFixture)
    await expect(badKey.verifyNotify(n.headers, n.body)).rejects.toThrow('解密失败')
  })

  it('refunds with a signed request and maps the refund state', async () => {
    const http = new FakePayApi()
    http.answers['/v3/refund/domestic/refunds'] = { status: 200, body: refundFixture }
    const res = await make(http).refund({ payNo: 'P202611220001', refundNo: 'R1', refundAmount: 500, totalAmount: 12990, reason: '不想要了' })
    expect(res).toEqual({ status: 'processing', refundId: refundFixture.refund_id })
    expect(JSON.parse(http.calls[0].body)).toEqual({
      out_trade_no: 'P202611220001',
      out_refund_no: 'R1',
      reason: '不想要了',
      notify_url: 'https://shop.example.com/h5/api/pay/wechatNotify',
      amount: { refund: 500, total: 12990, currency: 'CNY' },
    })
    http.answers['/v3/refund/domestic/refunds'] = { status: 200, body: { ...refundFixture, status: 'SUCCESS' } }
    expect((await make(http).refund({ payNo: 'P', refundNo: 'R2', refundAmount: 1, totalAmount: 1, reason: '' })).status).toBe('success')
    http.answers['/v3/refund/domestic/refunds'] = { status: 200, body: { ...refundFixture, status: 'ABNORMAL' } }
    expect((await make(http).refund({ payNo: 'P', refundNo: 'R3', refundAmount: 1, totalAmount: 1, reason: '' })).status).toBe('failed')
    http.answers['/v3/refund/domestic/refunds'] = { status: 403, body: { code: 'NOT_ENOUGH', message: '基本账户余额不足' } }
    await expect(make(http).refund({ payNo: 'P', refundNo: 'R4', refundAmount: 1, totalAmount: 1, reason: '' })).rejects.toThrow('基本账户余额不足')
  })
})

describe('refund query (GET /v3/refund/domestic/refunds/{out_refund_no}) against the recorded gateway', () => {
  const gateway = (gw: FakeWechatPay, over: Partial<Config['wechat']> = {}) => {
    const c = { ...loadConfig({} as NodeJS.ProcessEnv), ...gw.config() } as Config
    return createWechatPay({ ...c, wechat: { ...c.wechat, ...over } }, gw)
  }
  const refundOf = async (gw: FakeWechatPay, refundNo: string) => {
    gw.pay('P202611270001', 12990)
    return gateway(gw).refund({ payNo: 'P202611270001', refundNo, refundAmount: 500, totalAmount: 12990, reason: '不想要了' })
  }

  it('reads a refund in progress, then the same refund once WeChat Pay reports it succeeded, with a signed GET', async () => {
    const gw = new FakeWechatPay()
    const r = await refundOf(gw, 'RFS2026112700000001')
    expect(await gateway(gw).queryRefund('RFS2026112700000001')).toEqual({ refundNo: 'RFS2026112700000001', refundId: r.refundId, status: 'processing', reason: undefined })
    const asked = gw.calls.filter((c) => c.method === 'GET')
    expect(asked.map((c) => c.path)).toEqual(['/v3/refund/domestic/refunds/RFS2026112700000001'])
    expect(asked[0].headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109"/)

    gw.refunds.get('RFS2026112700000001')!.status = 'SUCCESS'
    expect(await gateway(gw).queryRefund('RFS2026112700000001')).toMatchObject({ status: 'success', refundId: r.refundId })
  })

  it('maps a closed or abnormal refund to failed with a reason, and an unknown refund number to none', async () => {
    const gw = new FakeWechatPay()
    await refundOf(gw, 'RFS2026112700000002')
    gw.refunds.get('RFS2026112700000002')!.status = 'CLOSED'
    expect(await gateway(gw).queryRefund('RFS2026112700000002')).toMatchObject({ status: 'failed', reason: '微信退款已关闭（CLOSED）' })
    gw.refunds.get('RFS2026112700000002')!.status = 'ABNORMAL'
    expect(await gateway(gw).queryRefund('RFS2026112700000002')).toMatchObject({ status: 'failed', reason: '微信退款异常（ABNORMAL）' })
    expect(await gateway(gw).queryRefund('RFS2026112799999999')).toBeNull()
  })

  it("throws the gateway's message on an error answer, and refuses an answer it cannot verify or that names another refund", async () => {
    const gw = new FakeWechatPay()
    await refundOf(gw, 'RFS2026112700000003')
    gw.fail('/v3/refund/domestic/refunds/RFS', 500, 'pay_error_system')
    await expect(gateway(gw).queryRefund('RFS2026112700000003')).rejects.toThrow('微信支付查询退款失败：系统异常，请稍后重试')
    gw.fail('/v3/refund/domestic/refunds/RFS', 429, 'pay_error_frequency')
    await expect(gateway(gw).queryRefund('RFS2026112700000003')).rejects.toThrow('微信支付查询退款失败')

    // Signed by a key the shop does not know as WeChat Pay's: not believed.
    const other = keyPair().publicKey
    await expect(gateway(gw, { platformPublicKeys: { [PLATFORM_SERIAL]: other } }).queryRefund('RFS2026112700000003')).rejects.toThrow()

    // A signed answer about another refund (a proxy's cache, a mix-up) is not taken for this one.
    gw.rewriteAnswer = (_path, body) => ({ ...body, out_refund_no: 'RFS2026112700000004' })
    await expect(gateway(gw).queryRefund('RFS2026112700000003')).rejects.toThrow('查询结果的退款单号不匹配')
    gw.rewriteAnswer = null
    expect(await gateway(gw).queryRefund('RFS2026112700000003')).toMatchObject({ status: 'processing' })
  })
})

describe('merchant transfer from 2,000 yuan', () => {
  const transfer = {
    outBillNo: 'W202611240001',
    appId: 'wxminiappid00001',
    openId: 'o-agent',
    remark: '代理佣金提现',
    sceneId: '1005',
    reportInfos: [{ infoType: '岗位类型', infoContent: '推广代理' }],
  }
  const gateway = (gw: FakeWechatPay) => createWechatPay({ ...loadConfig({} as NodeJS.ProcessEnv), ...gw.config() } as Config, gw)

  it('names the payee, encrypted with the platform key that Wechatpay-Serial names; below 2,000 yuan it sends no name', async () => {
    const gw = new FakeWechatPay()
    const bill = await gateway(gw).createTransfer({ ...transfer, amount: 250_000, userName: '张三' })
    expect(bill.state).toBe('WAIT_USER_CONFIRM')
    const sent = gw.calls.find((c) => c.path === '/v3/fund-app/mch-transfer/transfer-bills')!
    expect(sent.headers['wechatpay-serial']).toBe(PLATFORM_SERIAL)
    expect(sent.body.user_name).not.toContain('张三')
    expect(gw.transfers.get('W202611240001')!.userName).toBe('张三')

    await gateway(gw).createTransfer({ ...transfer, outBillNo: 'W202611240002', amount: 199_999, userName: '张三' })
    const small = gw.calls.filter((c) => c.path === '/v3/fund-app/mch-transfer/transfer-bills')[1]
    expect([small.body.user_name, small.headers['wechatpay-serial']]).toEqual([undefined, undefined])
  })

  it('refuses a transfer from 2,000 yuan without the payee real name, before calling WeChat', async () => {
    const gw = new FakeWechatPay()
    await expect(gateway(gw).createTransfer({ ...transfer, amount: 200_000 })).rejects.toThrow('2000元及以上的转账须有收款人实名')
    expect(gw.calls).toHaveLength(0)
  })
})
