// The agent programme end to end: apply → operator approves → back office → share a goods → a new shopper opens
// the link, registers (bound to the shop) and buys → the agent sees the order, the footprint and the frozen
// commission → received and past the after-sales window (AFTER_SALES_DAYS=0) → released → withdraw → paid.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop, openBrowser, screenshot, fill, newPhone, shopAs } from './harness.mjs'

let shop, agentBrowser, shopperBrowser
const agentPhone = newPhone()
const shopperPhone = newPhone()
const state = {}

before(async () => {
  shop = await startShop({ AFTER_SALES_DAYS: '0' })
  agentBrowser = await openBrowser()
  shopperBrowser = await openBrowser()
})
after(async () => {
  await agentBrowser?.browser.close()
  await shopperBrowser?.browser.close()
  await shop?.stop()
})

const api = (method, url, body, token) => shop.api(method, url, body, token)
/** A NutUI button by its text (the button element takes the click, not its inner text). */
const button = (scope, text) => scope.locator('taro-button-core, button.nut-button', { hasText: text }).first()
const ok = async (p) => {
  const r = await p
  assert.equal(r.code, 200, `${r.code} ${r.msg}`)
  return r.data
}

test('a member who is not an agent is sent from the back office to the application, applies, and is approved by the operator', async () => {
  const { page } = agentBrowser
  state.agentToken = await shop.apiLogin(agentPhone)
  await shopAs(page, shop, state.agentToken)
  await page.goto(`${shop.base}/agentBackendPages/home/index`)
  await page.waitForURL(/\/agentBackendPages\/apply\/index/)
  await page.getByText('提交申请').waitFor()

  await fill(page, '2-20个字，如：花语小店', '测试代理小铺')
  await fill(page, '与身份证一致', '王小明')
  await fill(page, '请输入18位身份证号', '110101199003074514')
  await page.getByText('社群/团购团长').click()
  await screenshot(page, 'agent-apply-form')
  await button(page, '提交申请').click()
  await page.getByText('申请审核中').waitFor()
  assert.match(await page.locator('.apply-state').innerText(), /110101\*{8}4514/)
  assert.equal((await ok(api('GET', '/api/member/getMemberInfo', null, state.agentToken))).agentStatus, 'pending')

  const list = await shop.admin('agent', 'list', 'pending')
  const id = list
    .split('\n')
    .find((l) => l.includes('测试代理小铺'))
    .trim()
    .split(/\s+/)[0]
  assert.match(await shop.admin('agent', 'approve', id), /已通过：店铺「测试代理小铺」/)

  await page.reload()
  await page.getByText('您已是代理').waitFor()
  await button(page, '进入代理后台').click()
  await page.waitForURL(/\/agentBackendPages\/home\/index/)
  await page.locator('.agent-hero__title', { hasText: '测试代理小铺' }).waitFor()
  const me = await ok(api('GET', '/api/member/getMemberInfo', null, state.agentToken))
  assert.equal(me.shopName, '测试代理小铺')
  state.shopId = me.businessId
  state.agentId = me.id
  await screenshot(page, 'agent-home-new')
})

test('the agent adds a goods from the catalogue and shares it: share card title, poster and H5 link', async () => {
  const { page } = agentBrowser
  // A goods of at least ¥100, so its 10 % commission can be withdrawn (minimum ¥10).
  const catalogue = await ok(api('GET', '/api/business/goods/catalogue?pageSize=100', null, state.agentToken))
  const goods = catalogue.list.find((g) => g.commission >= 1000 && g.price <= 100000)
  assert.ok(goods, 'a goods earning at least ¥10 of commission')
  state.goods = goods

  await page.goto(`${shop.base}/agentBackendPages/actingGoods/index`)
  await page.getByText('店铺还没有商品，点击下方从商品库添加').waitFor()
  await button(page, '从商品库添加').click()
  const sheet = page.locator('.picker')
  await sheet.waitFor()
  await sheet.locator('input').first().fill(goods.name.slice(0, 6))
  await sheet.locator('input').first().press('Enter')
  await sheet.locator('.picker__row', { hasText: goods.name }).first().click()
  await page.getByText('已选 1 件').waitFor()
  await screenshot(page, 'agent-catalogue-picker')
  await button(page, '加入店铺').click()
  await page.locator('.acting-card', { hasText: goods.name }).getByText('分享赚佣金').waitFor()
  await screenshot(page, 'agent-acting-goods')
  await page.locator('.acting-card', { hasText: goods.name }).getByText('分享赚佣金').click()

  await page.waitForURL(/\/agentBackendPages\/goodsShare\/index\?goodsId=/)
  await page.getByText('有个秘密值得分享给你-测试代理小铺').waitFor()
  const link = (await page.locator('.share-link').innerText()).trim()
  const u = new URL(link)
  assert.equal(u.pathname, '/goodsPages/details/details')
  assert.equal(u.searchParams.get('id'), String(goods.goodsId))
  assert.equal(u.searchParams.get('sUid'), String(state.agentId))
  assert.equal(u.searchParams.get('bUid'), String(state.shopId))
  state.link = link

  await button(page, '生成海报').click()
  const poster = page.locator('.share-poster__img')
  await poster.waitFor()
  const src = await poster
    .locator('img')
    .first()
    .getAttribute('src')
    .catch(() => null)
  assert.match(src || (await poster.innerHTML()), /data:image\/png/)
  await screenshot(page, 'agent-share-poster')
  assert.deepEqual(agentBrowser.errors, [])
})

test('a new shopper opens the share link, registers bound to the shop, views the goods and buys it', async () => {
  const { page } = shopperBrowser
  await page.goto(state.link)
  await page.getByText('立即购买').waitFor()
  await page.getByText('立即购买').click()
  await page.waitForURL(/\/commonPages\/login\/login/)
  await fill(page, '请输入手机号', shopperPhone)
  await page.getByText('获取验证码').click()
  await fill(page, '请输入验证码', await shop.smsCode(shopperPhone))
  await page.locator('.login__agree-box:visible').click() // the box itself: the titles open the documents
  await page.locator('.login__submit').filter({ hasText: '登录' }).click()
  await page.waitForURL(/\/goodsPages\/details\/details/)
  // Taro keeps {data: <the persisted user record>} in localStorage.
  const stored = await page.evaluate(() => localStorage.getItem('user'))
  state.shopperToken = /token\\?":\\?"([\w-]+)/.exec(stored)[1]
  const me = await ok(api('GET', '/api/member/getMemberInfo', null, state.shopperToken))
  assert.equal(me.boundBusinessId, state.shopId, 'bound to the shop of the link')
  state.shopperName = me.nickname
  // Back on the goods as a logged-in shopper: a view of the shop's goods by its bound shopper.
  await page.reload()
  await page.getByText('立即购买').waitFor()
  await screenshot(page, 'agent-shopper-goods')

  // The purchase itself belongs to the trade pages; it goes through their API here.
  await ok(
    api('POST', '/api/memberAddress/add', { name: '赵六', phone: shopperPhone, province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }, state.shopperToken),
  )
  const detail = await ok(api('GET', `/api/goods/detail?id=${state.goods.goodsId}`, null, state.shopperToken))
  const sku = detail.skus.find((s) => s.stock > 0)
  const order = await ok(api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `e2e${Date.now()}` }, state.shopperToken))
  const pre = await ok(api('POST', '/api/pay/prepay', { orderNo: order.orderNo, channel: 'sandbox' }, state.shopperToken))
  await ok(api('POST', '/api/pay/sandboxConfirm', { payNo: pre.payNo, ticket: pre.params.ticket }, state.shopperToken))
  state.orderNo = order.orderNo
  state.payAmount = order.payAmount
  // What the shop earns on it (rate × the line's pay amount), as the server booked it.
  state.commission = (await ok(api('GET', `/api/business/order/detail?orderNo=${order.orderNo}`, null, state.agentToken))).commission
  assert.ok(state.commission >= 1000)
})

test('the agent sees the order with its frozen commission, the shopper, the footprint and the traffic', async () => {
  const { page } = agentBrowser
  await page.goto(`${shop.base}/agentBackendPages/order/list`)
  const card = page.locator('.shop-order').first()
  await card.getByText(state.shopperName).waitFor()
  await card.getByText('冻结中').waitFor()
  const yuan = (f) => (f / 100).toFixed(2)
  assert.match(await card.innerText(), new RegExp(`佣金 ¥${yuan(state.commission)}`))
  await screenshot(page, 'agent-orders')
  await card.click()
  await page.waitForURL(/\/agentBackendPages\/order\/details/)
  await page.getByText('买家确认收货且售后期满后结算为可提现').waitFor()
  await screenshot(page, 'agent-order-detail')

  await page.goto(`${shop.base}/agentBackendPages/footprints/index`)
  await page.locator('.fp-item', { hasText: state.shopperName }).filter({ hasText: state.goods.name }).first().waitFor()
  await screenshot(page, 'agent-footprints')

  await page.goto(`${shop.base}/agentBackendPages/userManage/index`)
  const user = page.locator('.users-card', { hasText: state.shopperName })
  await user.waitFor()
  assert.match(await user.innerText(), new RegExp(`¥${yuan(state.payAmount)}`))

  await page.goto(`${shop.base}/agentBackendPages/flow/index`)
  await page.locator('.flow-goods', { hasText: state.goods.name }).waitFor()
  const pv = Number(await page.locator('.flow-totals__value').first().innerText())
  assert.ok(pv >= 2, `page views ${pv}`)
  await screenshot(page, 'agent-flow')

  await page.goto(`${shop.base}/agentBackendPages/home/index`)
  await page.locator('.home-stats__item', { hasText: '订单数' }).getByText('1', { exact: true }).waitFor()
  assert.match(await page.locator('.home-money__cell', { hasText: '冻结中' }).innerText(), new RegExp(yuan(state.commission)))
})

test('received and past the after-sales window, the commission is released and withdrawn to a bank card', async () => {
  const { page } = agentBrowser
  await shop.admin('ship', state.orderNo, 'SF', `SF${Date.now()}`)
  await ok(api('POST', '/api/order/confirmReceipt', { orderNo: state.orderNo }, state.shopperToken))
  assert.match(await shop.admin('commission', 'release'), /已结算 1 笔佣金/)
  const yuan = (f) => (f / 100).toFixed(2)

  await page.goto(`${shop.base}/agentBackendPages/withdraw/index`)
  await page.locator('.withdraw-hero__big', { hasText: yuan(state.commission) }).waitFor()
  await page.locator('.withdraw-method', { hasText: '银行卡' }).click()
  await fill(page, '请输入银行卡号', '6222021202041234567')
  await fill(page, '如：中国工商银行', '中国工商银行')
  await button(page.locator('.withdraw-editor'), '保存').click()
  await page.getByText('中国工商银行 **** 4567 · 王小明').waitFor()

  await fill(page, '最低提现10.00元', '10')
  await page.getByText('手续费¥0.10，实际到账¥9.90').waitFor()
  await button(page, '申请提现').click()
  // The confirm step: the amount, fee and account once more before anything is sent.
  const confirm = page.locator('.taro-modal__content:visible', { hasText: '提现金额¥10.00，手续费¥0.10，实际到账¥9.90' })
  await confirm.waitFor()
  await confirm.locator('.taro-model__confirm').click()
  const record = page.locator('.withdraw-record').first()
  await record.getByText('审核中').waitFor()
  await page.locator('.withdraw-hero__big', { hasText: yuan(state.commission - 1000) }).waitFor()
  await screenshot(page, 'agent-withdraw')

  const pending = await shop.admin('withdraw', 'list', 'pending')
  const no = pending
    .split('\n')
    .find((l) => l.includes('测试代理小铺'))
    .trim()
    .split(/\s+/)[1]
  assert.match(await shop.admin('withdraw', 'pay', no), /已打款/)
  await page.reload()
  await page.locator('.withdraw-record').first().getByText('已到账').waitFor()

  await page.goto(`${shop.base}/agentBackendPages/withdraw/details`)
  for (const text of ['提现到账', '申请提现', '佣金解冻', '佣金入账（冻结）']) await page.locator('.ledger-item__type', { hasText: text }).first().waitFor()
  await screenshot(page, 'agent-ledger')
  assert.deepEqual(agentBrowser.errors, [])
  assert.deepEqual(shopperBrowser.errors, [])
})
