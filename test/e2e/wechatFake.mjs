// WeChat and WeChat Pay on loopback for the specs that run the H5 in WeChat's browser (wechat.spec, wechatWithdraw.spec):
// the server's calls (WX_API_BASE, WXPAY_API_BASE) reach this fake, the browser's OAuth address (WX_OAUTH_URL, a name
// no DNS knows) is answered by a Playwright route, and the JS-SDK is test/fixtures/wx-fake.js, served here at the
// server's WX_JSSDK_URL (another origin, as res.wx.qq.com is: the shop's Content-Security-Policy allows it).
// WeChat Pay's side checks every request's merchant signature and signs every answer with the platform key; its
// transfer answers and notifications follow WeChat's documented examples (server/test/fixtures/wechat/transfer_*.json,
// the model server/test/fakeWechatPay.ts uses).
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { ROOT, openBrowser } from './harness.mjs'

export const IOS_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN'
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2307 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'

export const APP_ID = 'wxtestappid'
export const SECRET = 'wxtestsecret'
export const OAUTH_URL = 'http://open.weixin.localtest/connect/oauth2/authorize'
export const JSSDK_PATH = '/open/js/jweixin-1.6.0.js'
export const TICKET = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg'
export const ACCESS_TOKEN = 'FAKE_ACCESS_TOKEN_e2e'
export const MCH_ID = '1900000109'
export const MCH_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
export const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000010920250101000000000000001'
export const API_V3_KEY = 'e2eApiV3Key0123456789abcdefABCDE' // 32 bytes
export const TRANSFER_PATH = '/v3/fund-app/mch-transfer/transfer-bills'

export const sha1 = (s) => crypto.createHash('sha1').update(s, 'utf8').digest('hex')
const rsa = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
export const merchant = rsa()
export const platform = rsa()
export const signLines = (...parts) => parts.map((p) => `${p}\n`).join('')
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'server', 'test', 'fixtures', 'wechat', `${name}.json`), 'utf8'))

/** The shop's environment for this fake: WeChat login and JS-SDK, and WeChat Pay with the merchant's keys. */
export const wechatShopEnv = (fake) => ({
  WX_H5_APPID: APP_ID,
  WX_OAUTH_URL: OAUTH_URL,
  WX_JSSDK_URL: `${fake.base}${JSSDK_PATH}`,
  WX_H5_SECRET: SECRET,
  WX_API_BASE: fake.base,
  PAY_PROVIDER: 'wechatpay',
  WXPAY_API_BASE: fake.base,
  WXPAY_MCHID: MCH_ID,
  WXPAY_SERIAL_NO: MCH_SERIAL,
  WXPAY_PRIVATE_KEY: merchant.privateKey,
  WXPAY_API_V3_KEY: API_V3_KEY,
  WXPAY_NOTIFY_URL: 'https://shop.example.com/h5/api/pay/notify/wechat',
  WXPAY_PLATFORM_KEYS: JSON.stringify({ [PLATFORM_SERIAL]: platform.publicKey }),
  MAIN_HOST: '',
  ENTRY_HOSTS: '',
  LOGIN_REDIRECT_HOSTS: '',
})

/** The merchant's request signature (Authorization: METHOD\nPATH\ntimestamp\nnonce\nbody\n with the merchant key). */
function merchantSigned(req, url, body) {
  const auth = String(req.headers.authorization || '')
  const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
  return (
    auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
    f.mchid === MCH_ID &&
    f.serial_no === MCH_SERIAL &&
    crypto
      .createVerify('RSA-SHA256')
      .update(signLines(req.method, url.pathname + url.search, f.timestamp, f.nonce_str, body))
      .verify(merchant.publicKey, f.signature, 'base64')
  )
}

/** WeChat Pay's answer, signed with the platform key as every answer is. */
function signedAnswer(res, status, obj) {
  const text = JSON.stringify(obj)
  const ts = String(Math.floor(Date.now() / 1000))
  const nonce = crypto.randomBytes(16).toString('hex')
  res.writeHead(status, {
    'content-type': 'application/json',
    'wechatpay-serial': PLATFORM_SERIAL,
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': crypto
      .createSign('RSA-SHA256')
      .update(signLines(ts, nonce, text))
      .sign(platform.privateKey, 'base64'),
  })
  res.end(text)
}

/**
 * A notification exactly as WeChat Pay posts it to the shop's notify URL: the resource AES-256-GCM encrypted with the
 * APIv3 key (associated data: its original type), the headers signed with the platform key. Resolves with the answer.
 */
export async function postNotification(shop, eventType, originalType, resource, summary = eventType) {
  const nonce = crypto.randomBytes(6).toString('hex')
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce))
  cipher.setAAD(Buffer.from(originalType))
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]).toString('base64')
  const raw = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: new Date().toISOString(),
    event_type: eventType,
    resource_type: 'encrypt-resource',
    summary,
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: originalType, original_type: originalType, nonce },
  })
  const ts = String(Math.floor(Date.now() / 1000))
  const wnonce = crypto.randomBytes(16).toString('hex')
  return fetch(`${shop.base}/h5/api/pay/notify/wechat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': wnonce,
      'wechatpay-signature': crypto
        .createSign('RSA-SHA256')
        .update(signLines(ts, wnonce, raw))
        .sign(platform.privateKey, 'base64'),
    },
    body: raw,
  })
}

/**
 * WeChat's API (sns/oauth2, stable_token, getticket) and WeChat Pay's (/v3/pay/transactions/jsapi, the merchant
 * transfer's transfer-bills create and query), on loopback. `transfers` is WeChat Pay's own record of the transfer
 * bills (out_bill_no → state, amount, openid, appid, package_info); `transferNotification` posts a bill's final state
 * to the shop as WeChat Pay does (MCHTRANSFER.BILL.FINISHED).
 */
export function startFakeWechat() {
  const calls = []
  const codes = new Map() // code → { openid, used }
  const transfers = new Map()
  let n = 0
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://fake')
    let body = ''
    for await (const c of req) body += c
    calls.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body })
    const json = (obj, status = 200, headers = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(obj))
    }
    if (url.pathname === JSSDK_PATH) {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' })
      return res.end(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'wx-fake.js')))
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const q = url.searchParams
      if (q.get('appid') !== APP_ID || q.get('secret') !== SECRET || q.get('grant_type') !== 'authorization_code') return json({ errcode: 40013, errmsg: 'invalid appid' })
      const c = codes.get(q.get('code'))
      if (!c) return json({ errcode: 40029, errmsg: 'invalid code' })
      if (c.used) return json({ errcode: 40163, errmsg: 'code been used' })
      c.used = true
      return json({ access_token: 'OAUTH_AT', expires_in: 7200, refresh_token: 'RT', openid: c.openid, scope: 'snsapi_base' })
    }
    if (url.pathname === '/cgi-bin/stable_token' || url.pathname === '/cgi-bin/token') {
      const b = url.pathname === '/cgi-bin/token' ? Object.fromEntries(url.searchParams) : JSON.parse(body || '{}')
      if (b.appid !== APP_ID || b.secret !== SECRET) return json({ errcode: 40125, errmsg: 'invalid appsecret' })
      return json({ access_token: ACCESS_TOKEN, expires_in: 7200 })
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (url.searchParams.get('access_token') !== ACCESS_TOKEN) return json({ errcode: 40001, errmsg: 'invalid credential' })
      return json({ errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 })
    }
    if (url.pathname.startsWith('/v3/') && !merchantSigned(req, url, body)) return json({ code: 'SIGN_ERROR', message: '签名错误' }, 401)
    if (url.pathname === '/v3/pay/transactions/jsapi' && req.method === 'POST') {
      return signedAnswer(res, 200, { prepay_id: `wx${Date.now()}${++n}e2e` })
    }
    if (url.pathname === TRANSFER_PATH && req.method === 'POST') {
      // 发起转账: a new bill waits for the user's confirmation (WAIT_USER_CONFIRM) with the package the client confirms with;
      // the same out_bill_no again answers the same bill.
      const b = JSON.parse(body)
      if (!transfers.has(b.out_bill_no)) {
        const created = fixture('transfer_create')
        transfers.set(b.out_bill_no, {
          state: created.state,
          amount: b.transfer_amount,
          openid: b.openid,
          appid: b.appid,
          remark: b.transfer_remark,
          transferBillNo: `13300000711009999911${Date.now()}${++n}`,
          packageInfo: `${created.package_info.slice(0, 40)}${crypto.randomBytes(12).toString('base64')}`,
          createTime: new Date().toISOString(),
        })
      }
      const t = transfers.get(b.out_bill_no)
      return signedAnswer(res, 200, { out_bill_no: b.out_bill_no, transfer_bill_no: t.transferBillNo, create_time: t.createTime, state: t.state, package_info: t.packageInfo })
    }
    const billQuery = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/.exec(url.pathname)
    if (billQuery && req.method === 'GET') {
      const t = transfers.get(decodeURIComponent(billQuery[1]))
      if (!t) return signedAnswer(res, 404, { code: 'NOT_FOUND', message: '记录不存在' })
      return signedAnswer(res, 200, {
        ...fixture('transfer_query'),
        mch_id: MCH_ID,
        out_bill_no: decodeURIComponent(billQuery[1]),
        transfer_bill_no: t.transferBillNo,
        appid: t.appid,
        state: t.state,
        transfer_amount: t.amount,
        transfer_remark: t.remark,
        openid: t.openid,
        fail_reason: '',
      })
    }
    json({ errcode: 404, errmsg: `fake has no ${url.pathname}` }, 404)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        calls,
        transfers,
        /** What WeChat's authorize page does for a user: a single-use code for their openid. */
        issueCode(openid) {
          const code = `0${crypto.randomBytes(12).toString('hex')}`
          codes.set(code, { openid, used: false })
          return code
        },
        /** WeChat Pay tells the shop a bill ended (SUCCESS, FAIL, CANCELLED): its own record changes first, as a query would then say. */
        transferNotification(shop, outBillNo, state) {
          const t = transfers.get(outBillNo)
          t.state = state
          return postNotification(shop, 'MCHTRANSFER.BILL.FINISHED', 'mch_payment', {
            ...fixture('transfer_notify'),
            mch_id: MCH_ID,
            out_bill_no: outBillNo,
            transfer_bill_no: t.transferBillNo,
            state,
            transfer_amount: t.amount,
            openid: t.openid,
            fail_reason: state === 'SUCCESS' ? '' : 'TRANSFER_SCENE_UNAVAILABLE',
            create_time: t.createTime,
            update_time: new Date().toISOString(),
          })
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  )
}

/** A browser in WeChat (one WeChat user = one openid) whose OAuth address answers like WeChat's snsapi_base. */
export async function wechatBrowser(fake, userAgent, openid) {
  const b = await openBrowser({ userAgent })
  b.authorize = []
  await b.context.route(`${new URL(OAUTH_URL).origin}/**`, (route) => {
    const u = new URL(route.request().url())
    const q = Object.fromEntries(u.searchParams)
    b.authorize.push({ path: u.pathname, ...q })
    const back = new URL(q.redirect_uri)
    back.searchParams.set('code', fake.issueCode(openid))
    back.searchParams.set('state', q.state || '')
    return route.fulfill({ status: 302, headers: { location: back.toString() } })
  })
  return b
}

/** The JS-SDK calls the fake recorded on the page. */
export const wxCalls = (page, name) => page.evaluate((n) => (window.__wxCalls || []).filter((c) => c[0] === n).map((c) => c[1]), name)
/** Polls `fn` (node side) until it returns something truthy. */
export async function waitUntil(fn, what, timeout = 15_000) {
  const end = Date.now() + timeout
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
export async function waitWx(page, name, count = 1) {
  await page.waitForFunction(([n, c]) => (window.__wxCalls || []).filter((x) => x[0] === n).length >= c, [name, count])
  return wxCalls(page, name)
}
export async function storedToken(page) {
  const raw = await page.evaluate(() => localStorage.getItem('user') || '')
  return (/token\\?":\\?"([\w-]+)/.exec(raw) || [])[1] || ''
}
