// Two-level distribution end to end (docs/agent.md §4a): a member opens an agent's share link and registers (bound to
// that agent's shop), applies and is approved → the parent is recorded; a shopper bound to the sub-agent buys → the
// sub-agent sees its commission on its order pages, the parent its second-level commission on 我的团队, the home page
// and 账户明细, all at 375×812. Setup that other specs cover (applying, buying, paying) goes through the API.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop, openBrowser, shot, fill, newPhone, shopAs } from './harness.mjs'

let shop, parentBrowser, childBrowser
const state = {}
const yuan = (f) => (f / 100).toFixed(2)
const form = (shopName, realName) => ({ shopName, realName, phone: '13912345678', idCard: '110101199003074514', reason: '有稳定的客户资源' })

before(async () => {
  shop = await startShop({ AFTER_SALES_DAYS: '0' })
  parentBrowser = await openBrowser()
  childBrowser = await openBrowser()
})
after(async () => {
  await parentBrowser?.browser.close()
  await childBrowser?.browser.close()
  await shop?.stop()
})

const api = (method, url, body, token) => shop.api(method, url, body, token)
const ok = async (p) => {
  const r = await p
  assert.equal(r.code, 200, `${r.code} ${r.msg}`)
  return r.data
}
/** Applies through the API and is approved by the operator's CLI; answers the member info. */
async function becomeAgent(token, shopName, realName) {
  const applied = await ok(api('POST', '/api/business/agent/apply', form(shopName, realName), token))
  assert.match(await shop.admin('agent', 'approve', String(applied.application.id)), new RegExp(`已通过：店铺「${shopName}」`))
  return ok(api('GET', '/api/member/getMemberInfo', null, token))
}

test('a member who registers through an agent’s share link and becomes an agent has that agent as parent', async () => {
  state.parentToken = await shop.apiLogin(newPhone())
  const parent = await becomeAgent(state.parentToken, '上级花店', '陈上级')
  state.parentShopId = parent.businessId
  const catalogue = await ok(api('GET', '/api/business/goods/catalogue?pageSize=100', null, state.parentToken))
  state.goods = catalogue.list.find((g) => g.price >= 10000 && g.price <= 100000)
  assert.ok(state.goods, 'a goods of ¥100 to ¥1000')
  await ok(api('POST', '/api/business/goods/add', { goodsIds: [state.goods.goodsId] }, state.parentToken))

  // The future sub-agent opens the parent's share link and registers from it.
  const { page } = childBrowser
  const childPhone = newPhone()
  await page.goto(`${shop.base}/goodsPages/details/details?id=${state.goods.goodsId}&sUid=${parent.id}&bUid=${state.parentShopId}`)
  await page.getByText('立即购买').waitFor()
  await page.getByText('立即购买').click()
  await page.waitForURL(/\/commonPages\/login\/login/)
  await fill(page, '请输入手机号', childPhone)
  await page.getByText('获取验证码').click()
  await fill(page, '请输入验证码', await shop.smsCode(childPhone))
  await page.locator('.login__agree-box:visible').click()
  await page.locator('.login__submit').filter({ hasText: '登录' }).click()
  await page.waitForURL(/\/goodsPages\/details\/details/)
  const stored = await page.evaluate(() => localStorage.getItem('user'))
  state.childToken = /token\\?":\\?"([\w-]+)/.exec(stored)[1]
  assert.equal((await ok(api('GET', '/api/member/getMemberInfo', null, state.childToken))).boundBusinessId, state.parentShopId)

  const child = await becomeAgent(state.childToken, '下级果园', '林下级')
  state.childShopId = child.businessId
  await ok(api('POST', '/api/business/goods/add', { goodsIds: [state.goods.goodsId] }, state.childToken))
  const team = await ok(api('GET', '/api/business/team', null, state.parentToken))
  assert.deepEqual(
    team.list.map((m) => m.shopName),
    ['下级果园'],
  )
  assert.deepEqual((await ok(api('GET', '/api/business/team', null, state.childToken))).parent, { shopName: '上级花店' })
})

test('a shopper bound to the sub-agent buys: both agents see their commission', async () => {
  // The shopper registers from the sub-agent's link (the API form of what the first test did in the browser).
  const phone = newPhone()
  await fetch(`${shop.base}/h5/api/member/getVerificationCode?p=4&phone=${phone}`)
  const reg = await fetch(`${shop.base}/h5/api/member/phoneRegister?p=3`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, verificationCode: await shop.smsCode(phone), shareBusinessId: String(state.childShopId) }),
  })
  const buyer = (await reg.json()).data.token
  state.buyerToken = buyer
  await ok(api('POST', '/api/memberAddress/add', { name: '赵六', phone, province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }, buyer))
  const detail = await ok(api('GET', `/api/goods/detail?id=${state.goods.goodsId}`, null, buyer))
  const sku = detail.skus.find((s) => s.stock > 0)
  const order = await ok(api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `e2e${Date.now()}` }, buyer))
  const pre = await ok(api('POST', '/api/pay/prepay', { orderNo: order.orderNo, channel: 'sandbox' }, buyer))
  await ok(api('POST', '/api/pay/sandboxConfirm', { payNo: pre.payNo, ticket: pre.params.ticket }, buyer))
  state.orderNo = order.orderNo
  const childOrder = await ok(api('GET', `/api/business/order/detail?orderNo=${order.orderNo}`, null, state.childToken))
  state.childCommission = childOrder.commission
  // The default rules: 10 % to the sub-agent, 5 % to its parent, of what the buyer paid for the line.
  const linePay = childOrder.items[0].payAmount
  assert.equal(state.childCommission, Math.floor((linePay * 1000) / 10000))
  state.parentCommission = Math.floor((linePay * 500) / 10000)
  assert.ok(state.parentCommission > 0)
  state.sales = order.payAmount

  // The sub-agent: the order with its own commission, frozen.
  const { page } = childBrowser
  await shopAs(page, shop, state.childToken)
  await page.goto(`${shop.base}/agentBackendPages/order/list`)
  const card = page.locator('.shop-order').first()
  await card.getByText('冻结中').waitFor()
  assert.match(await card.innerText(), new RegExp(`佣金 ¥${yuan(state.childCommission)}`))
  await page.goto(`${shop.base}/agentBackendPages/team/index`)
  await page.getByText('我的上级：上级花店').waitFor()
  await page.getByText('还没有下级代理，邀请好友一起开店吧').waitFor()
  await shot(page, 'agent-team-child')

  // The parent: 我的团队 from the back-office home, the sub-agent's sales and the second-level commission, frozen.
  const p = parentBrowser.page
  await shopAs(p, shop, state.parentToken)
  await p.goto(`${shop.base}/agentBackendPages/home/index`)
  await p.locator('.home-money__cell', { hasText: '冻结中' }).getByText(yuan(state.parentCommission)).waitFor()
  await p.getByText('我的团队').click()
  await p.waitForURL(/\/agentBackendPages\/team\/index/)
  const member = p.locator('.team-card', { hasText: '下级果园' })
  await member.waitFor()
  const text = await member.innerText()
  assert.match(text, new RegExp(`¥${yuan(state.sales)}`))
  assert.match(text, new RegExp(`¥${yuan(state.parentCommission)}`))
  const teamRow = p.locator('.team-levels__row', { hasText: '二级佣金' })
  assert.deepEqual(
    (await teamRow.locator('.team-levels__cell').allInnerTexts()).map((s) => s.trim()),
    [yuan(state.parentCommission), yuan(state.parentCommission), '0.00'],
  )
  await p.getByText('下级代理 1 位').waitFor()
  await shot(p, 'agent-team-parent')

  await p.goto(`${shop.base}/agentBackendPages/withdraw/details`)
  await p.locator('.ledger-item', { hasText: '下级代理「下级果园」' }).first().waitFor()
  await shot(p, 'agent-team-parent-ledger')
})

test('received and past the after-sales window: both levels are released together, the parent sees it settled', async () => {
  await shop.admin('ship', state.orderNo, 'SF', `SF${Date.now()}`)
  await ok(api('POST', '/api/order/confirmReceipt', { orderNo: state.orderNo }, state.buyerToken))
  assert.match(await shop.admin('commission', 'release'), /已结算 2 笔佣金/)
  const p = parentBrowser.page
  await p.goto(`${shop.base}/agentBackendPages/team/index`)
  const teamRow = p.locator('.team-levels__row', { hasText: '二级佣金' })
  await teamRow.locator('.team-levels__cell').last().getByText(yuan(state.parentCommission)).waitFor()
  assert.deepEqual(
    (await teamRow.locator('.team-levels__cell').allInnerTexts()).map((s) => s.trim()),
    [yuan(state.parentCommission), '0.00', yuan(state.parentCommission)],
  )
  await p.goto(`${shop.base}/agentBackendPages/withdraw/index`)
  await p.locator('.withdraw-hero__big', { hasText: yuan(state.parentCommission) }).waitFor()
  const child = await ok(api('GET', '/api/business/home', null, state.childToken))
  assert.equal(child.account.available, state.childCommission)
  assert.deepEqual(parentBrowser.errors, [])
  assert.deepEqual(childBrowser.errors, [])
})
