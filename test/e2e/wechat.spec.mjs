// H5 inside WeChat's browser (issue 8), in Chromium with WeChat's user agent against the real server:
// OAuth with base scope after login, the JS-SDK signature (landing URL on iOS, current URL on Android), the
// share card (title rule, sUid / bUid), and paying an order with chooseWXPay (WeChat Pay v3 params, the
// paySign checked with the merchant's public key, then WeChat Pay's signed and encrypted notify).
// Nothing reaches WeChat: the server's calls (WX_API_BASE, WXPAY_API_BASE) go to the fake of wechatFake.mjs on
// loopback, the browser's OAuth address (WX_OAUTH_URL, a name no DNS knows) is answered by a Playwright
// route, and the JS-SDK is test/fixtures/wx-fake.js, served by that fake at the server's WX_JSSDK_URL (another
// origin, as res.wx.qq.com is: the shop's Content-Security-Policy allows it). The H5 is the suite's one build:
// the app id, OAuth and JS-SDK addresses reach it in the page the server sends (types/runtimeConfig.ts).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { startShop, screenshot, fill, newPhone } from './harness.mjs'
import {
  ANDROID_UA,
  APP_ID,
  IOS_UA,
  MCH_ID,
  TICKET,
  merchant,
  postNotification,
  sha1,
  signLines,
  startFakeWechat,
  storedToken,
  waitUntil,
  waitWx,
  wechatBrowser as wechatUser,
  wechatShopEnv,
  wxCalls,
} from './wechatFake.mjs'

const DEFAULT_TITLE = '有个秘密值得分享给你'
const AGENT_PHONE = '13900139000'
const AGENT_SHOP = '花语小店'
/** A browser in WeChat for one WeChat user (openid), its OAuth answered by this spec's fake. */
const wechatBrowser = (userAgent, openid) => wechatUser(fake, userAgent, openid)

const signatureOf = (cfg, url) => sha1(`jsapi_ticket=${TICKET}&noncestr=${cfg.nonceStr}&timestamp=${cfg.timestamp}&url=${url.split('#')[0]}`)
/** The share card set last, once it is the card of `pathname`. */
const cardFor = (page, pathname) =>
  waitUntil(async () => {
    const last = (await wxCalls(page, 'updateAppMessageShareData')).at(-1)
    return last && new URL(last.link).pathname === pathname && last
  }, `the share card of ${pathname}`)
/** The last wx.config, once it is signed for `url`. */
const configFor = (page, url) =>
  waitUntil(async () => {
    const last = (await wxCalls(page, 'config')).at(-1)
    return last && last.signature === signatureOf(last, url) && last
  }, `wx.config signed for ${url}`)
/** Waits until the page's JS-SDK signature arrived and checks it against the URL WeChat would check. */
function assertSignature(cfg, url) {
  assert.equal(cfg.appId, APP_ID)
  assert.match(String(cfg.timestamp), /^\d{10}$/)
  assert.ok(cfg.nonceStr, 'nonceStr')
  assert.equal(cfg.signature, signatureOf(cfg, url), `signature for ${url}`)
}

let fake, shop, ios, android
const member = { phone: newPhone(), openid: `oE2E_${crypto.randomBytes(6).toString('hex')}` }

before(async () => {
  fake = await startFakeWechat()
  shop = await startShop(wechatShopEnv(fake))
  ios = await wechatBrowser(IOS_UA, member.openid)
})
after(async () => {
  await ios?.browser.close()
  await android?.browser.close()
  await shop?.stop()
  await fake?.close()
})

test('login in WeChat goes through OAuth with base scope, binds the openid and strips the code from the address', async () => {
  const { page } = ios
  const target = '/pages/home/index'
  await page.goto(`${shop.base}/commonPages/login/login?redirect=${encodeURIComponent(target)}`)
  await fill(page, '请输入手机号', member.phone)
  await page.getByText('获取验证码').click()
  await fill(page, '请输入验证码', await shop.smsCode(member.phone))
  await page.locator('.login__agree-box:visible').click() // the box itself: the titles open the documents
  const openIdCall = page.waitForResponse((r) => r.url().includes('/api/member/getWechatH5OpenId'))
  await page.locator('.login__submit').filter({ hasText: '登录' }).click()

  // The page left for WeChat's authorize address: our app id, base scope, back to the target with the token.
  const res = await openIdCall
  assert.equal(ios.authorize.length, 1)
  const a = ios.authorize[0]
  assert.equal(a.path, '/connect/oauth2/authorize')
  assert.equal(a.appid, APP_ID)
  assert.equal(a.scope, 'snsapi_base')
  assert.equal(a.response_type, 'code')
  assert.equal(a.state, 'base')
  const back = new URL(a.redirect_uri)
  assert.equal(back.origin, shop.base)
  assert.equal(back.pathname, target)
  member.token = back.searchParams.get('token')
  assert.ok(member.token, 'the token rides along to the target')

  // Back with the code: getWechatH5OpenId is called with it and binds the openid.
  const sent = new URL(res.url())
  const code = sent.searchParams.get('code')
  const exchanged = fake.calls.filter((c) => c.path === '/sns/oauth2/access_token')
  assert.equal(exchanged.length, 1)
  assert.equal(exchanged[0].query.code, code, 'the code WeChat gave is the one exchanged')
  const body = await res.json()
  assert.equal(body.code, 200, body.msg)
  assert.equal(body.data.openId, member.openid)
  assert.equal(res.request().headers().token, member.token)

  // The single-use code (and state, token) leave the address; the member stays logged in on the target.
  await page.waitForFunction(() => !/[?&](code|state|token)=/.test(location.search))
  const now = new URL(page.url())
  assert.equal(now.pathname, target)
  assert.deepEqual([...now.searchParams.keys()], [])
  assert.equal(await storedToken(page), member.token)
  // The page's share card follows the member info app start loaded after the page mounted: it carries sUid.
  member.id = (await shop.api('GET', '/api/member/getMemberInfo', null, member.token)).data.id
  const card = await waitUntil(async () => {
    const last = (await wxCalls(page, 'updateAppMessageShareData')).at(-1)
    return last && new URL(last.link).searchParams.get('sUid') === String(member.id) && last
  }, 'a share card with the member id')
  assert.equal(new URL(card.link).pathname, target)
  await screenshot(page, 'wechat-after-oauth')

  // A reload does not send the code again (it would answer 40163) and does not go back to OAuth.
  await page.reload()
  await page.waitForTimeout(1000)
  assert.equal(ios.authorize.length, 1)
  assert.equal(fake.calls.filter((c) => c.path === '/sns/oauth2/access_token').length, 1)
  // Reusing the code is refused with the product's message.
  const again = await shop.api('GET', `/api/member/getWechatH5OpenId?code=${code}`, null, member.token)
  assert.equal(again.code, 7002)
  assert.deepEqual(ios.errors, [])
})

test('iOS: wx.config is signed for the landing URL, the share card has the default title and sUid', async () => {
  const { page } = ios
  const landing = `${shop.base}/pages/home/index?bUid=1`
  const configUrls = []
  page.on('request', (r) => r.url().includes('/api/member/getWxConfig') && configUrls.push(new URL(r.url()).searchParams.get('url')))
  await page.goto(landing)
  const [cfg] = await waitWx(page, 'config')
  assertSignature(cfg, landing)
  assert.ok(
    ['updateAppMessageShareData', 'updateTimelineShareData', 'chooseWXPay'].every((n) => cfg.jsApiList.includes(n)),
    cfg.jsApiList.join(),
  )
  const [share] = await waitWx(page, 'updateAppMessageShareData')
  assert.equal(share.title, DEFAULT_TITLE)
  const link = new URL(share.link)
  assert.equal(link.origin + link.pathname, `${shop.base}/pages/home/index`)
  assert.equal(link.searchParams.get('sUid'), String(member.id))
  assert.equal(link.searchParams.get('bUid'), '1', 'no shop of their own: the shop they arrived with')
  const [timeline] = await waitWx(page, 'updateTimelineShareData')
  assert.equal(timeline.link, share.link)

  // Inside the SPA (history mode) iOS still checks the landing URL: the next page is not signed again.
  await page.locator('.weui-tabbar__item').nth(1).click()
  await page.waitForURL(/\/pages\/sort\/index/)
  await cardFor(page, '/pages/sort/index')
  const configs = await wxCalls(page, 'config')
  for (const c of configs) assertSignature(c, landing)
  assert.ok(
    configUrls.every((u) => u === landing),
    configUrls.join(' '),
  )
  assert.deepEqual(ios.errors, [])
})

test('Android: wx.config is signed for the current URL; an agent’s card carries the shop name, sUid and bUid', async () => {
  android = await wechatBrowser(ANDROID_UA, `oE2E_agent_${crypto.randomBytes(4).toString('hex')}`)
  const { page } = android
  const token = await shop.apiLogin(AGENT_PHONE)
  const me = (await shop.api('GET', '/api/member/getMemberInfo', null, token)).data
  assert.equal(me.shopName, AGENT_SHOP)
  assert.ok(me.businessId, 'the demo agent has a shop')
  // Logged in through the address (as after a login redirect), then a fresh landing on home.
  await page.goto(`${shop.base}/pages/mine/index?token=${token}`)
  await page.waitForFunction(() => !/token=/.test(location.search) && /花语小店/.test(localStorage.getItem('user') || ''))
  const landing = `${shop.base}/pages/home/index`
  await page.goto(landing)
  const [cfg] = await waitWx(page, 'config')
  assertSignature(cfg, landing)
  const [share] = await waitWx(page, 'updateAppMessageShareData')
  assert.equal(share.title, `${DEFAULT_TITLE}-${AGENT_SHOP}`)
  const link = new URL(share.link)
  assert.equal(link.searchParams.get('sUid'), String(me.id))
  assert.equal(link.searchParams.get('bUid'), String(me.businessId))

  // Another page in the SPA: Android checks the current URL, so it is signed again for that URL.
  await page.locator('.weui-tabbar__item').nth(1).click()
  await page.waitForURL(/\/pages\/sort\/index/)
  assert.equal(new URL(page.url()).pathname, '/pages/sort/index')
  assertSignature(await configFor(page, page.url()), page.url())
  const last = await cardFor(page, '/pages/sort/index')
  assert.equal(last.title, `${DEFAULT_TITLE}-${AGENT_SHOP}`)
  assert.equal(new URL(last.link).pathname, '/pages/sort/index')
  assert.equal(new URL(last.link).searchParams.get('bUid'), String(me.businessId))
  await screenshot(page, 'wechat-android-sort')

  // Back on home (a tab page that stays mounted): home's card again, signed again for home's URL.
  await page.locator('.weui-tabbar__item').nth(0).click()
  await page.waitForURL(/\/pages\/home\/index/)
  const again = await cardFor(page, '/pages/home/index')
  assert.equal(again.title, `${DEFAULT_TITLE}-${AGENT_SHOP}`, 'the card follows the page shown')
  assertSignature(await configFor(page, page.url()), page.url())
  assert.deepEqual(android.errors, [])
})

test('paying an order in WeChat calls chooseWXPay with the server’s v3 params; the signed notify marks it paid', async () => {
  const { page } = ios
  const token = member.token
  const ok = async (p) => {
    const r = await p
    assert.equal(r.code, 200, r.msg)
    return r.data
  }
  await ok(
    shop.api('POST', '/api/memberAddress/add', { name: '微信买家', phone: member.phone, province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }, token),
  )
  let sku
  for (let id = 1; id <= 20 && !sku; id++) {
    const d = await shop.api('GET', `/api/goods/detail?id=${id}`, null, token)
    if (d.code === 200) sku = d.data.skus.find((s) => s.stock > 0)
  }
  assert.ok(sku, 'a seeded goods in stock')
  const order = await ok(shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `wx${Date.now()}` }, token))

  await page.goto(`${shop.base}/minePages/myOrder/details?orderNo=${order.orderNo}`)
  const payButton = page.locator('.order-actions__btn').filter({ hasText: '去支付' })
  await payButton.waitFor()
  const prepayRes = page.waitForResponse((r) => r.url().includes('/api/pay/prepay'))
  await payButton.click()
  const prepay = await (await prepayRes).json()
  assert.equal(prepay.code, 200, prepay.msg)
  assert.equal(prepay.data.channel, 'wechat_jsapi')
  const p = prepay.data.params

  // The server's JSAPI order at WeChat Pay: our merchant, the official account, the openid of the OAuth step.
  const jsapi = fake.calls.filter((c) => c.path === '/v3/pay/transactions/jsapi')
  assert.equal(jsapi.length, 1)
  const sentOrder = JSON.parse(jsapi[0].body)
  assert.equal(sentOrder.appid, APP_ID)
  assert.equal(sentOrder.mchid, MCH_ID)
  assert.equal(sentOrder.out_trade_no, prepay.data.payNo)
  assert.equal(sentOrder.amount.total, order.payAmount)
  assert.equal(sentOrder.payer.openid, member.openid)

  // chooseWXPay gets exactly those params (JS-SDK spells it timestamp; appId is wx.config's).
  const [pay] = await waitWx(page, 'chooseWXPay')
  const [cfg] = (await wxCalls(page, 'config')).slice(-1)
  assert.equal(p.appId, APP_ID)
  assert.equal(cfg.appId, p.appId)
  assert.match(p.timeStamp, /^\d{10}$/)
  assert.equal(pay.timestamp, p.timeStamp)
  assert.equal(pay.nonceStr, p.nonceStr)
  assert.match(pay.package, /^prepay_id=wx\d+e2e$/)
  assert.equal(pay.package, p.package)
  assert.equal(pay.signType, 'RSA')
  assert.equal(pay.paySign, p.paySign)
  const signed = signLines(cfg.appId, pay.timestamp, pay.nonceStr, pay.package)
  assert.ok(crypto.createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, pay.paySign, 'base64'), 'paySign verifies with the merchant public key')
  // The last pay params are kept in the common store (persisted).
  assert.match(await page.evaluate(() => localStorage.getItem('common') || ''), new RegExp(prepay.data.payNo))

  // WeChat Pay tells the server (signed with the platform key, resource encrypted with the APIv3 key).
  const resource = {
    mchid: MCH_ID,
    appid: APP_ID,
    out_trade_no: prepay.data.payNo,
    transaction_id: `4200${Date.now()}`,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    success_time: new Date().toISOString(),
    payer: { openid: member.openid },
    amount: { total: order.payAmount, payer_total: order.payAmount, currency: 'CNY' },
  }
  const notify = await postNotification(shop, 'TRANSACTION.SUCCESS', 'transaction', resource, '支付成功')
  assert.equal(notify.status, 204, await notify.text())

  // chooseWXPay answered success: the pay-status page polls and shows it paid.
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/payStatus/)
  await page.getByText('支付成功').first().waitFor()
  await page.waitForTimeout(500) // the page transition
  await screenshot(page, 'wechat-paid')
  const st = await ok(shop.api('GET', `/api/pay/status?orderNo=${order.orderNo}`, null, token))
  assert.equal(st.paid, true)
  assert.deepEqual(ios.errors, [])
})
