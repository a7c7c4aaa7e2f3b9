// The shopper's balance (余额) in Chromium: good-review cashback lands in the balance (我的 and 我的余额 show it), the
// checkout's 使用余额 pays part of an order and the sandbox the rest, the order shows both parts, and an after-sales
// refund approved and refunded by the console puts each part back where it came from; 财务 → 余额 adds it all up.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, screenshot, newPhone, shown, button, toastShown } from './harness.mjs'
import { buildConsole, changeDemoOwnerPassword, consoleSignIn, openWindow, ownerApi } from './consoleHarness.mjs'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const yuan = (fen) => (fen / 100).toFixed(2)
const requestId = () => `e2e${Date.now()}${Math.floor(Math.random() * 1000)}`

// The console is served from admin/dist when the shop starts: built before the suite's shop.
buildConsole()
const state = { cashback: 0 }
const MEMBER = newPhone()
const suite = useShopSuite({
  member: MEMBER,
  async setup(s) {
    await changeDemoOwnerPassword(s.shop.base)
    const addr = await s.shop.api(
      'POST',
      '/api/memberAddress/add',
      { name: '测试买家', phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true },
      s.token,
    )
    assert.equal(addr.code, 200, addr.msg)
    state.cashback = await earnCashback(s)
    await s.signIn()
  },
})

/** Buys one unit through the API and the sandbox; the operator ships it (CLI) and the member confirms receipt. */
async function receivedOrder(s, goodsId) {
  const d = await s.shop.api('GET', `/api/goods/detail?id=${goodsId}`, null, s.token)
  const sku = d.data.skus.find((x) => x.stock > 0)
  const o = await s.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: requestId() }, s.token)
  assert.equal(o.code, 200, o.msg)
  const p = await s.shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, s.token)
  assert.equal((await s.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, s.token)).code, 200)
  await s.shop.admin('ship', o.data.orderNo, 'SF', `SF${Date.now()}`)
  assert.equal((await s.shop.api('POST', '/api/order/confirmReceipt', { orderNo: o.data.orderNo }, s.token)).code, 200)
  return o.data.orderNo
}

/** A qualifying review with a photo on a good-review campaign's goods, approved by the operator: the cashback is in the balance. */
async function earnCashback(s) {
  const campaigns = await s.shop.api('GET', '/api/cashback/campaigns', null, s.token)
  const c = campaigns.data.find((x) => x.type === 'review' && x.state === 'buy')
  assert.ok(c, 'a seeded good-review campaign')
  const orderNo = await receivedOrder(s, c.goodsId)
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png')
  const up = await (await fetch(`${s.shop.base}/h5/api/upload?p=3`, { method: 'POST', body: form, headers: { token: s.token } })).json()
  assert.equal(up.code, 200, up.msg)
  const items = await s.shop.api('GET', `/api/review/orderItems?orderNo=${orderNo}`, null, s.token)
  const itemId = (items.data.items || items.data)[0].orderItemId ?? (items.data.items || items.data)[0].id
  const r = await s.shop.api('POST', '/api/review/submit', { orderNo, items: [{ orderItemId: itemId, rating: 5, content: '做工精致，颜色和图片一样，非常满意！', images: [up.data.url] }] }, s.token)
  assert.equal(r.code, 200, r.msg)
  const task = r.data.cashbackTasks[0]
  assert.ok(task, 'the review made a cashback task')
  assert.match(await s.shop.admin('cashback', 'approve', String(task.taskId)), /已通过/)
  return task.amount
}

/** The console's API as the demo owner (its password changed by setup). */
const consoleApi = () => ownerApi(suite.shop.base)

let order = null

test('good-review cashback is in the balance: 我的 shows it beside points and coupons, 我的余额 lists it', async () => {
  const { page } = suite
  assert.ok(state.cashback > 0)
  await page.goto(`${suite.shop.base}/pages/mine/index`)
  const asset = shown(page, '.mine__asset', { hasText: '余额(元)' })
  await asset.locator('.mine__asset-num', { hasText: yuan(state.cashback) }).waitFor()
  await asset.click()
  await page.waitForURL(/\/minePages\/balance\/index/)
  await shown(page, '.balance__amount', { hasText: yuan(state.cashback) }).waitFor()
  await shown(page, '.balance__parts', { hasText: `可提现 ¥${yuan(state.cashback)}` }).waitFor()
  await shown(page, '.ledger-list__row', { hasText: '好评返现' })
    .locator('.ledger-list__change', { hasText: `+${yuan(state.cashback)}` })
    .waitFor()
  await shown(page, '.ledger-list__tab', { hasText: '支出' }).click()
  await shown(page, '.list-footer', { hasText: '暂无余额记录' }).waitFor()
  await screenshot(page, 'balance-page')
  assert.deepEqual(suite.errors, [])
})

const PAY_PASSWORD = '258036'
/** Types the 支付密码 on the sheet's number pad (the order is submitted when the 6th digit is in). */
async function typePayPassword(page, digits = PAY_PASSWORD) {
  const sheet = shown(page, '.pay-password')
  await sheet.locator('.pay-password__title', { hasText: '请输入支付密码' }).waitFor()
  for (const d of digits) await sheet.locator('.pay-password__key', { hasText: new RegExp(`^${d}$`) }).click()
}

test("支付密码 is set on 我的余额 → 支付密码 with an SMS code to the member's phone", async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/minePages/balance/index`)
  await shown(page, '.balance__action', { hasText: '支付密码' }).click()
  await page.waitForURL(/\/minePages\/balance\/password/)
  await shown(page, '.pay-password-page__hint', { hasText: '****' }).waitFor()
  const sent = () => (suite.shop.log.join('').match(new RegExp(`sms code \\d{6} for ${MEMBER}`, 'g')) || []).length
  const before = sent()
  await shown(page, '.pay-password-page__code', { hasText: '获取验证码' }).click()
  await shown(page, '.pay-password-page__code', { hasText: '秒后重新获取' }).waitFor()
  for (let i = 0; i < 40 && sent() === before; i++) await page.waitForTimeout(100)
  const code = await suite.shop.smsCode(MEMBER)
  const inputs = shown(page, '.pay-password-page__input input')
  await inputs.nth(0).fill(code)
  await inputs.nth(1).fill(PAY_PASSWORD)
  await inputs.nth(2).fill('258037')
  await button(page, '确认设置').click()
  await toastShown(page, '两次输入的支付密码不一致')
  await inputs.nth(2).fill(PAY_PASSWORD)
  await screenshot(page, 'pay-password-page')
  await button(page, '确认设置').click()
  await page.waitForURL(/\/minePages\/balance\/index/)
  const st = await suite.shop.api('GET', '/api/balance/password', null, suite.token)
  assert.deepEqual([st.data.set, st.data.lockedUntil], [true, null])
  assert.deepEqual(suite.errors, [])
})

test('使用余额 pays part of the order, the sandbox the rest; the order shows both parts', async () => {
  const { page } = suite
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=50', null, suite.token)
  const goods = search.data.list.find((g) => g.price > state.cashback + 1000 && g.price >= 9900) || search.data.list.find((g) => g.price > state.cashback + 1000)
  assert.ok(goods, 'a goods dearer than the balance')
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, suite.token)
  const sku = d.data.skus.find((x) => x.stock > 0 && x.price > state.cashback)
  await page.goto(`${suite.shop.base}/goodsPages/placeAnOrder/index?from=buyNow&skuId=${sku.id}&quantity=1`)
  const row = shown(page, '.coupon-picker__row', { hasText: '使用余额' })
  await row.locator('.coupon-picker__text', { hasText: `可用余额¥${yuan(state.cashback)}` }).waitFor()
  const total = (await shown(page, '.place-order__sum-price').innerText()).trim()
  const totalFen = Math.round(Number(total.replace('¥', '')) * 100)
  await row.locator('.nut-switch').click()
  await row.locator('.coupon-picker__text', { hasText: `抵扣¥${yuan(state.cashback)}` }).waitFor()
  const gateway = totalFen - state.cashback
  await shown(page, '.place-order__sum', { hasText: '还需支付' })
    .locator('.place-order__sum-price', { hasText: `¥${yuan(gateway)}` })
    .waitFor()
  await screenshot(page, 'balance-checkout')
  await button(page, '提交订单').click()
  // The balance is spent with the 支付密码: a wrong one is refused (counted, no order), the right one places it.
  await typePayPassword(page, '111111')
  await toastShown(page, '支付密码错误，还可尝试4次')
  await button(page, '提交订单').click()
  await shown(page, '.pay-password__what', { hasText: `余额支付 ¥${yuan(state.cashback)}` }).waitFor()
  await screenshot(page, 'pay-password-sheet')
  await typePayPassword(page)
  // The sandbox asks only for the gateway's part.
  const modal = shown(page, '.taro-modal__content', { hasText: `模拟支付 ¥${yuan(gateway)}，确认支付？` })
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').click()
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/payStatus\?/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo')
  await shown(page, '.pay-status__title', { hasText: '支付成功' }).waitFor()
  const o = (await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, suite.token)).data
  assert.equal(o.status, 'to_ship')
  assert.equal(o.payAmount, totalFen)
  assert.equal(o.balanceAmount, state.cashback)
  order = { orderNo, total: totalFen, gateway, items: o.items }

  await page.goto(`${suite.shop.base}/minePages/myOrder/details?orderNo=${orderNo}`)
  await shown(page, '.order-detail__row', { hasText: '余额支付' })
    .filter({ hasText: `¥${yuan(state.cashback)}` })
    .waitFor()
  await shown(page, '.order-detail__row', { hasText: '沙箱支付' })
    .filter({ hasText: `¥${yuan(gateway)}` })
    .waitFor()
  await screenshot(page, 'balance-order-detail')
  const summary = await suite.shop.api('GET', '/api/balance/summary', null, suite.token)
  assert.deepEqual(summary.data, { balance: 0, withdrawable: 0, held: 0 })
  assert.deepEqual(suite.errors, [])
})

test('an after-sales refund approved by the console puts the balance part back in the balance and the rest through the sandbox', async () => {
  const { page } = suite
  assert.ok(order, 'the order of the previous test')
  const item = order.items[0]
  const items = [{ orderItemId: item.id, quantity: item.quantity }]
  const q = await suite.shop.api('POST', '/api/afterSales/quote', { orderNo: order.orderNo, items }, suite.token)
  assert.equal(q.data.maxAmount, order.total)
  const a = await suite.shop.api('POST', '/api/afterSales/apply', { orderNo: order.orderNo, type: 'refund', items, reason: '不想要了', images: [], amount: q.data.maxAmount }, suite.token)
  assert.equal(a.code, 200, a.msg)

  const c = await consoleApi()
  const list = await c.get('/after-sales?pageSize=50')
  const cs = (list.data.list || list.data).find((x) => x.afterSaleNo === a.data.afterSaleNo)
  assert.ok(cs, 'the case in the console')
  assert.equal((await c.post(`/after-sales/${cs.id}/approve`)).code, 200)
  const refund = await c.post(`/after-sales/${cs.id}/refund`)
  assert.equal(refund.data.status, 'refunded', refund.msg)

  const detail = (await suite.shop.api('GET', `/api/afterSales/detail?afterSaleNo=${a.data.afterSaleNo}`, null, suite.token)).data
  assert.ok(
    detail.logs.some((l) => l.note.includes(`退回余额 ¥${yuan(state.cashback)}`) && l.note.includes(`原路退回 ¥${yuan(order.gateway)}`)),
    JSON.stringify(detail.logs),
  )
  await page.goto(`${suite.shop.base}/minePages/balance/index`)
  await shown(page, '.balance__amount', { hasText: yuan(state.cashback) }).waitFor()
  await shown(page, '.ledger-list__row', { hasText: '售后退款' })
    .locator('.ledger-list__change', { hasText: `+${yuan(state.cashback)}` })
    .waitFor()
  await shown(page, '.ledger-list__row', { hasText: '订单支付' })
    .locator('.ledger-list__change', { hasText: `-${yuan(state.cashback)}` })
    .waitFor()
  // The cashback was withdrawable, so is its refund.
  await shown(page, '.balance__parts', { hasText: `可提现 ¥${yuan(state.cashback)}` }).waitFor()
  await screenshot(page, 'balance-refunded')
  assert.deepEqual(suite.errors, [])

  // 财务 → 余额: the shop's outstanding total and the ledger identity, this member among the balances.
  const w = await openWindow(suite.browser, { width: 1280, height: 800 })
  await consoleSignIn(w.page, suite.shop.base)
  await w.page.goto(`${suite.shop.base}/admin/finance/balance`)
  await w.page.getByText('账实核对一致').waitFor()
  await w.page.getByText('会员余额合计（元，店铺应付）').waitFor()
  const phone = (await c.get(`/balance/members?sort=balance_desc&pageSize=100`)).data.list.find((m) => m.balance === state.cashback)
  assert.ok(phone, 'the member in 财务 → 余额')
  await screenshot(w.page, 'balance-console')
  assert.deepEqual(w.errors, [])
  await w.context.close()
})
