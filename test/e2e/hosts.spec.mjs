// Main host / entry host gating (SPEC.md section 4) in Chromium: the shop is configured with two host names
// (test/fixtures/hostGating.mjs) on a fixed port, which it gives the suite's one H5 build in the page it serves
// (types/runtimeConfig.ts); Chromium resolves both names to 127.0.0.1, and the shop listens on that port. Each host keeps its own storage, so the token travels in the address between them.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import { startShop, openBrowser, screenshot, fill, newPhone } from './harness.mjs'
import { chromiumHostArgs } from '../fixtures/hostGating.mjs'

// Part of the host names, so fixed: the shop must listen on it (E2E_HOSTS_PORT to move it).
const PORT = Number(process.env.E2E_HOSTS_PORT || 39123)
const MAIN = `main.shop.test:${PORT}`
const ENTRY = `entry.shop.test:${PORT}`
const GATING = { MAIN_HOST: MAIN, ENTRY_HOSTS: ENTRY, LOGIN_REDIRECT_HOSTS: `${MAIN},${ENTRY}` }
const main = (p) => `http://${MAIN}${p}`
const entry = (p) => `http://${ENTRY}${p}`

const portFree = (port) =>
  new Promise((resolve) => {
    const s = net.createServer()
    s.once('error', () => resolve(false))
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
  })

let shop, b
const navs = []
const state = { phone: newPhone() }

before(async () => {
  assert.ok(await portFree(PORT), `port ${PORT} is taken: free it or set E2E_HOSTS_PORT`)
  shop = await startShop({ PORT: String(PORT), ...GATING, WX_H5_APPID: '', WX_H5_SECRET: '' })
  b = await openBrowser({ args: chromiumHostArgs() })
  b.page.on('framenavigated', (f) => f === b.page.mainFrame() && navs.push(f.url()))
})
after(async () => {
  await b?.browser.close()
  await shop?.stop()
})

/** Opens an address and waits until the app has started and made its host decision. */
async function open(url) {
  navs.length = 0
  await b.page.goto(url)
  await b.page.locator('.taro_page').first().waitFor()
}
/** Waits for the page to land on `host` + `pathname` (or one of several), the token gone from the address; returns the address. */
async function landsOn(host, pathname) {
  const paths = [].concat(pathname)
  await b.page.waitForURL((u) => u.host === host && paths.includes(u.pathname) && !u.searchParams.has('token'), { timeout: 20_000 })
  await b.page.locator('.taro_page').first().waitFor()
  return new URL(b.page.url())
}
/** Stays: after the app started, the address is still on this host and page. */
async function stays(url) {
  await open(url)
  await b.page.waitForTimeout(1200)
  const u = new URL(b.page.url())
  const want = new URL(url)
  assert.equal(u.host, want.host, `${url} stays on its host (now ${b.page.url()})`)
  assert.equal(u.pathname, want.pathname, `${url} stays on its page (now ${b.page.url()})`)
  return u
}
const storedToken = async () => (/token\\?":\\?"([\w-]+)/.exec((await b.page.evaluate(() => localStorage.getItem('user') || '')) || '') || [])[1] || ''

test('on the main host a page outside the allowed list goes to the entry host (same page and query)', async () => {
  await open(main('/pages/mine/index'))
  await landsOn(ENTRY, '/pages/mine/index')
  await open(main('/'))
  await landsOn(ENTRY, ['/', '/pages/home/index'])
  await open(main('/goodsPages/details/details?id=1&sUid=2'))
  const u = await landsOn(ENTRY, '/goodsPages/details/details')
  assert.equal(u.searchParams.get('id'), '1')
  assert.equal(u.searchParams.get('sUid'), '2')
  assert.deepEqual(b.errors, [])
})

test('login on the entry host opens on the main host; after login the user lands on the entry host with the token', async () => {
  const { page } = b
  await open(entry(`/commonPages/login/login?redirect=${encodeURIComponent('/pages/mine/index')}`))
  await page.waitForURL((u) => u.host === MAIN && u.pathname === '/commonPages/login/login')
  assert.equal(new URL(page.url()).searchParams.get('redirect'), '/pages/mine/index')
  await page.locator('.login__submit').waitFor()
  await fill(page, '请输入手机号', state.phone)
  await page.getByText('获取验证码').click()
  await fill(page, '请输入验证码', await shop.smsCode(state.phone))
  await page.locator('.login__agree-box:visible').click() // the box itself: the titles open the documents
  navs.length = 0
  await page.locator('.login__submit').filter({ hasText: '登录' }).click()
  await landsOn(ENTRY, '/pages/mine/index')
  const arrival = navs.map((n) => new URL(n)).find((u) => u.host === ENTRY)
  state.token = arrival?.searchParams.get('token')
  assert.ok(state.token, `arrived on the entry host with the token: ${navs.join(' ')}`)
  // The entry host keeps the token (its own storage) and stays on the page.
  assert.equal(await storedToken(), state.token)
  await page.waitForTimeout(800)
  assert.equal(new URL(page.url()).host, ENTRY)
  await screenshot(page, 'hosts-entry-after-login')
  assert.deepEqual(b.errors, [])
})

test('on the entry host an allowed page opens via the main host with the token; other pages stay', async () => {
  const { page } = b
  await open(entry('/minePages/myOrder/list?tab=1'))
  const u = await landsOn(MAIN, '/minePages/myOrder/list')
  assert.equal(u.searchParams.get('tab'), '1')
  const via = navs.map((n) => new URL(n)).find((x) => x.host === MAIN)
  assert.equal(via?.searchParams.get('token'), state.token, `opened on the main host with the token: ${navs.join(' ')}`)
  // The main host saved the token: the order list loads instead of sending to login.
  assert.equal(await storedToken(), state.token)
  await page.waitForTimeout(800)
  assert.equal(new URL(page.url()).pathname, '/minePages/myOrder/list')

  for (const p of ['/pages/home/index', '/goodsPages/details/details?id=1', '/pages/mine/index']) await stays(entry(p))
  assert.deepEqual(b.errors, [])
})

test('on the main host the allowed pages stay (login, place order, address, orders, blind-box record, points order)', async () => {
  const t = state.token
  const ok = async (p) => {
    const r = await p
    assert.equal(r.code, 200, r.msg)
    return r.data
  }
  const addr = await ok(
    shop.api('POST', '/api/memberAddress/add', { name: '测试买家', phone: state.phone, province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }, t),
  )
  let sku
  for (let id = 1; id <= 20 && !sku; id++) {
    const d = await shop.api('GET', `/api/goods/detail?id=${id}`, null, t)
    if (d.code === 200) sku = d.data.skus.find((s) => s.stock > 0)
  }
  assert.ok(sku, 'a seeded goods in stock')
  const order = await ok(shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `hosts${Date.now()}` }, t))
  const pages = [
    '/commonPages/login/login',
    `/goodsPages/placeAnOrder/index?from=buyNow&skuId=${sku.id}&quantity=1`,
    '/minePages/shippingAddress/index',
    `/minePages/shippingAddress/operate?id=${addr?.id || ''}`,
    '/minePages/myOrder/list',
    `/minePages/myOrder/details?orderNo=${order.orderNo}`,
    '/minePages/blindBox/record',
    '/minePages/myIntegral/placeAnOrder?id=1',
  ]
  for (const p of pages) await stays(main(p))
  await screenshot(b.page, 'hosts-main-points-order')
  // Logged in on the main host, a page outside the list goes to the entry host with the token.
  await open(main('/pages/mine/index'))
  await landsOn(ENTRY, '/pages/mine/index')
  assert.ok(
    navs.some((n) => new URL(n).host === ENTRY && new URL(n).searchParams.get('token') === state.token),
    navs.join(' '),
  )
  assert.deepEqual(b.errors, [])
})

test('back from WeChat OAuth with a code the main host keeps the page, then continues to the entry host', async () => {
  await open(main(`/pages/mine/index?token=${state.token}&code=061abc&state=base`))
  assert.equal(new URL(navs[0]).host, MAIN)
  const u = await landsOn(ENTRY, '/pages/mine/index')
  assert.ok(!u.searchParams.has('code') && !u.searchParams.has('state'), u.toString())
  assert.equal(await storedToken(), state.token)
  assert.deepEqual(b.errors, [])
})
