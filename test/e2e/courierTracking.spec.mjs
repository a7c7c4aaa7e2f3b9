// Courier tracking through 快递100, end to end against the real server: an order shipped from the CLI is subscribed
// (KUAIDI100_API_BASE points at a fake 快递100 served here on loopback, which checks the key, the company code, the
// callback URL and salt, and the real-time query's sign), the spec then pushes an update as 快递100 does (form
// param + sign = md5(param + salt)) to the shop's push address, and the shopper's logistics page shows the courier's
// events and state; 刷新 back-fills through the real-time query.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import http from 'node:http'
import { useShopSuite, screenshot, newPhone } from './harness.mjs'

const KEY = 'e2eKuaidi100Key'
const CUSTOMER = 'E2ECUSTOMER0000000000000000000000'
const SALT = 'e2eSaltOfPushes'
const md5 = (s) => crypto.createHash('md5').update(s, 'utf8').digest('hex')

/** 快递100's /poll (subscribe) and /poll/query.do (real-time query) on loopback. */
function startFakeKuaidi100() {
  const calls = []
  const server = http.createServer(async (req, res) => {
    let body = ''
    for await (const c of req) body += c
    const url = new URL(req.url, 'http://fake')
    const form = Object.fromEntries(new URLSearchParams(body))
    const param = JSON.parse(form.param || '{}')
    calls.push({ path: url.pathname, form, param })
    const json = (o) => {
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' })
      res.end(JSON.stringify(o))
    }
    if (url.pathname === '/poll') {
      if (param.key !== KEY) return json({ result: false, returnCode: '600', message: '您不是合法的订阅者（即授权Key出错）' })
      if (!param.company || !param.number || !param.parameters?.callbackurl || !param.parameters?.salt) return json({ result: false, returnCode: '700', message: '订阅方的订阅数据存在错误' })
      return json({ result: true, returnCode: '200', message: '提交成功' })
    }
    if (url.pathname === '/poll/query.do') {
      if (form.customer !== CUSTOMER || form.sign !== md5(form.param + KEY + CUSTOMER).toUpperCase()) return json({ result: false, returnCode: '503', message: '验证签名失败' })
      return json({
        message: 'ok',
        nu: param.num,
        ischeck: '0',
        condition: 'F00',
        com: param.com,
        status: '200',
        state: '5',
        data: [
          { time: '2026-11-27 09:12:40', ftime: '2026-11-27 09:12:40', context: '【杭州市】快递员（王师傅）正在为您派件' },
          { time: '2026-11-26 21:40:05', ftime: '2026-11-26 21:40:05', context: '【杭州市】快件离开 杭州转运中心 已发往 杭州西湖营业部' },
          { time: '2026-11-26 10:03:27', ftime: '2026-11-26 10:03:27', context: '【金华市】义乌营业部 已揽收' },
        ],
      })
    }
    res.writeHead(404).end()
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, calls, base: `http://127.0.0.1:${server.address().port}` })))
}

const fake = await startFakeKuaidi100()

const suite = useShopSuite({
  member: newPhone(),
  // The push address names the shop's own port (PORT is then fixed for this shop).
  env: { KUAIDI100_KEY: KEY, KUAIDI100_CUSTOMER: CUSTOMER, KUAIDI100_SALT: SALT, KUAIDI100_API_BASE: fake.base, KUAIDI100_CALLBACK_URL: 'http://shop.example.com/h5/api/logistics/kuaidi100' },
  async setup(s) {
    const addr = await s.shop.api(
      'POST',
      '/api/memberAddress/add',
      { name: '测试买家', phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true },
      s.token,
    )
    assert.equal(addr.code, 200, addr.msg)
    await s.signIn()
  },
})

async function paidOrder() {
  const home = await suite.shop.api('GET', '/api/goods/search?page=1&pageSize=5', null, suite.token)
  const goodsId = home.data.list[0].id
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${goodsId}`, null, suite.token)
  const sku = d.data.skus.find((x) => x.stock > 0)
  const o = await suite.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `e2e${Date.now()}` }, suite.token)
  assert.equal(o.code, 200, o.msg)
  const p = await suite.shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, suite.token)
  const c = await suite.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, suite.token)
  assert.equal(c.code, 200, c.msg)
  return o.data.orderNo
}

test('a shipment is subscribed at 快递100, a pushed update shows on the logistics page, 刷新 back-fills', async () => {
  const { page, shop } = suite
  const orderNo = await paidOrder()
  const trackingNo = `7310${Date.now() % 1e9}`
  await shop.admin('ship', orderNo, 'ZTO', trackingNo)
  // The shipping transaction queued the subscription; the operator's 立即发送 (the same subscribeDue the server's
  // courier-subscribe job runs every minute, tested in server/test/courierTracking.test.ts) sends it now, with the
  // seed's shipped parcels.
  assert.match(await shop.admin('tracking', 'send'), /已订阅 [1-9]\d* 单，失败 0 单/)
  const sub = fake.calls.find((c) => c.path === '/poll' && c.param.number === trackingNo)
  assert.ok(sub, 'subscribed at 快递100')
  assert.deepEqual(sub.param, { company: 'zhongtong', number: trackingNo, key: KEY, parameters: { callbackurl: 'http://shop.example.com/h5/api/logistics/kuaidi100', salt: SALT } })

  // Before the courier says anything: no invented event.
  await page.goto(`${shop.base}/commonPages/seeLogistics/index?orderNo=${orderNo}`)
  await page.getByText('包裹正在等待揽收').waitFor()
  await page.getByText(`运单号：${trackingNo}`).waitFor()

  // 快递100 pushes (a forged one is refused, the real one stored after the commit).
  const param = JSON.stringify({
    status: 'polling',
    billstatus: 'got',
    message: '',
    autoCheck: '0',
    comOld: '',
    comNew: '',
    lastResult: {
      message: 'ok',
      state: '0',
      status: '200',
      condition: 'F00',
      ischeck: '0',
      com: 'zhongtong',
      nu: trackingNo,
      data: [
        { context: '【杭州市】快件离开 杭州转运中心 已发往 杭州西湖营业部', time: '2026-11-26 21:40:05', ftime: '2026-11-26 21:40:05' },
        { context: '【金华市】义乌营业部 已揽收', time: '2026-11-26 10:03:27', ftime: '2026-11-26 10:03:27' },
      ],
    },
  })
  const send = (sign) =>
    fetch(`${shop.base}/h5/api/logistics/kuaidi100`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ param, sign }).toString() }).then(
      (r) => r.json(),
    )
  assert.deepEqual(await send(md5(param + 'wrong')), { result: false, returnCode: '500', message: '签名错误' })
  assert.deepEqual(await send(md5(param + SALT).toUpperCase()), { result: true, returnCode: '200', message: '成功' })

  await page.reload()
  await page.getByText('【杭州市】快件离开 杭州转运中心 已发往 杭州西湖营业部').waitFor()
  await page.getByText('【金华市】义乌营业部 已揽收').waitFor()
  await page.locator('.logistics__state', { hasText: '运输中' }).waitFor()
  assert.equal(await page.getByText('商家录入').count(), 0)
  await screenshot(page, 'courier-pushed')

  // 刷新: the real-time query, signed upper(md5(param + key + customer)), adds the courier's newer event.
  await page.getByText('刷新', { exact: true }).click()
  await page.getByText('【杭州市】快递员（王师傅）正在为您派件').waitFor()
  await page.locator('.logistics__state', { hasText: '派送中' }).waitFor()
  const q = fake.calls.find((c) => c.path === '/poll/query.do')
  assert.deepEqual(q.param, { com: 'zhongtong', num: trackingNo })
  // A second tap within minutes does not ask 快递100 again.
  await page.getByText('刷新', { exact: true }).click()
  await page.waitForTimeout(500)
  assert.equal(fake.calls.filter((c) => c.path === '/poll/query.do').length, 1)
  await screenshot(page, 'courier-refreshed')
})

// The fake's server (and the shop's kept-alive connections to it) would keep this file's process alive after its
// tests: the runner then waited for it without end.
after(() => {
  fake.server.closeAllConnections()
  fake.server.close()
})
