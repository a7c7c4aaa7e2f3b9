// A new mini-program user signs up with WeChat's phone-number button (docs/wechat.md "Sign-up with WeChat's
// phone-number button"), in the logic-layer harness against a real server whose WeChat API (WX_API_BASE) is a fake
// on loopback: stable_token checks the app id and secret, jscode2session gives one openid per wx.login code,
// getuserphonenumber checks the access token and answers each button code once (40029 after), with the watermark
// of the configured app. The login page's own handlers run: the agreement, then the button's getphonenumber event
// as WeChat delivers it (`bindgetphonenumber="eh"` in base.wxml).
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { startShop } from '../e2e/harness.mjs'
import { bootMiniProgram } from './harness.mjs'
import { findNodes, tap, waitNode } from './boot.mjs'

const APP_ID = 'wx0weappharness01'
const SECRET = 'harnessminisecret0000000000000000'
const ACCESS_TOKEN = 'HARNESS_ACCESS_TOKEN'

function startFakeWechat() {
  const calls = []
  const phoneCodes = new Map()
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://fake')
    let body = ''
    for await (const c of req) body += c
    calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body })
    const json = (obj) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(obj))
    }
    if (url.pathname === '/cgi-bin/stable_token') {
      const b = JSON.parse(body || '{}')
      if (b.appid !== APP_ID || b.secret !== SECRET) return json({ errcode: 40125, errmsg: 'invalid appsecret' })
      return json({ access_token: ACCESS_TOKEN, expires_in: 7200 })
    }
    if (url.pathname === '/sns/jscode2session') {
      const q = url.searchParams
      if (q.get('appid') !== APP_ID || q.get('secret') !== SECRET) return json({ errcode: 40013, errmsg: 'invalid appid' })
      // One WeChat user on this phone: every wx.login code of the harness is theirs.
      return json({ session_key: 'c2Vzc2lvbmtleQ==', openid: 'oHarnessUser0000000000001' })
    }
    if (url.pathname === '/wxa/business/getuserphonenumber') {
      if (url.searchParams.get('access_token') !== ACCESS_TOKEN) return json({ errcode: 40001, errmsg: 'invalid credential' })
      const c = phoneCodes.get(JSON.parse(body || '{}').code)
      if (!c || c.used) return json({ errcode: 40029, errmsg: 'invalid code' })
      c.used = true
      return json({
        errcode: 0,
        errmsg: 'ok',
        phone_info: { phoneNumber: c.phone, purePhoneNumber: c.phone, countryCode: '86', watermark: { timestamp: Math.floor(Date.now() / 1000), appid: APP_ID } },
      })
    }
    json({ errcode: 404, errmsg: `fake has no ${url.pathname}` })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        calls,
        /** What WeChat's phone-number dialog gives the page for a user who allows it. */
        issue(phone) {
          const code = crypto.randomBytes(16).toString('hex')
          phoneCodes.set(code, { phone, used: false })
          return code
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  )
}

/** Delivers a button's open-type event (getphonenumber) as WeChat does: to Taro's `eh` with the button as target. */
async function openTypeEvent(h, page, node, type, detail) {
  const target = { id: node.uid || node.sid, dataset: { sid: node.sid } }
  page.eh({ type, timeStamp: Date.now(), target, currentTarget: target, detail, touches: [], changedTouches: [] })
  await h.settle({ quietMs: 300 })
}

export async function checkPhoneSignUp(out, check, { apiOrigin }) {
  const wxml = fs.readFileSync(path.join(out, 'base.wxml'), 'utf8')
  check('phone sign-up: the button template delivers getphonenumber to the page', /<button[^>]*bindgetphonenumber="eh"/.test(wxml))
  const fake = await startFakeWechat()
  const shop = await startShop({ WX_MINI_APPID: APP_ID, WX_MINI_SECRET: SECRET, WX_API_BASE: fake.base })
  try {
    const h = bootMiniProgram({ out, apiOrigin, serverBase: shop.base, storage: {} })
    const page = await h.openPage('commonPages/login/login', {})
    let button
    try {
      button = await waitNode(h, page, 'login__quick-btn')
    } catch (e) {
      check('phone sign-up: a new WeChat user is offered the phone-number button', false, `${e.message}; toasts ${JSON.stringify(h.toasts)}, calls ${JSON.stringify(fake.calls.map((c) => c.path))}`)
      return
    }
    check('phone sign-up: a new WeChat user is offered the phone-number button', !!button)
    check('phone sign-up: the SMS form is one tap away, not in the way', findNodes(page.data, 'login__sms-link').length === 1 && findNodes(page.data, 'login__code-btn').length === 0)
    // The agreement first: without it the button only says so (no phone dialog, no paid call).
    await tap(h, page, button, out)
    check('phone sign-up: the button asks for the agreement first', h.toasts.includes('请先阅读并同意用户协议和隐私政策'), JSON.stringify(h.toasts))
    await tap(h, page, findNodes(page.data, 'login__agree-box')[0], out)
    const phone = `1390000${String(Date.now() % 10000).padStart(4, '0')}`
    const code = fake.issue(phone)
    const navs = h.navigations.length
    await openTypeEvent(h, page, findNodes(page.data, 'login__quick-btn')[0], 'getphonenumber', { errMsg: 'getPhoneNumber:ok', code })
    const call = fake.calls.find((c) => c.path === '/wxa/business/getuserphonenumber')
    check('phone sign-up: the server asks WeChat for the number with the button code', !!call && JSON.parse(call.body).code === code, JSON.stringify(fake.calls.map((c) => c.path)))
    const user = JSON.parse(h.storage.get('user') || '{}')
    const token = user?.state?.token
    const info = token ? (await shop.api('GET', '/api/member/getMemberInfo', null, token)).data : null
    check(
      'phone sign-up: the new member is signed in with the phone WeChat vouched for',
      !!info && info.phone === `${phone.slice(0, 3)}****${phone.slice(7)}`,
      `token ${token ? 'set' : 'missing'}, member ${JSON.stringify(info)}, toasts ${JSON.stringify(h.toasts)}`,
    )
    check('phone sign-up: the page leaves the login page', h.navigations.length > navs, JSON.stringify(h.navigations.slice(navs)))
    // The next launch of the same WeChat user logs in without the phone step.
    const again = await shop.api('POST', '/api/member/miniLogin', { code: 'harness-code-again' })
    check('phone sign-up: the same WeChat user logs in directly next time (openid bound)', again?.data?.needPhone === false && !!again?.data?.token, JSON.stringify(again))
    check('phone sign-up: no console.error', h.errors.length === 0, h.errors.slice(0, 3).join('\n'))
    await h.closePage()
  } finally {
    await shop.stop()
    await fake.close()
  }
}
