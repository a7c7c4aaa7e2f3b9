// 到店自提 end to end (docs/orders.md "Self-pickup"): the owner adds a pickup point in 设置 → 自提点 (1280x800); a
// shopper (375x812) chooses 到店自提 at checkout (no address, freight explained), pays in the sandbox and sees the
// pickup code on the order; staff on a phone (375x812) open 自提核销, look the code up, see the lines, verify it, and
// a second verification is refused; at 1280x800 staff verify another order from 订单 → 自提核销 and it completes.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { button, newPhone, screenshot, shopAs, shown } from './harness.mjs'
import { btn, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()

async function confirmModal(page, text) {
  const modal = shown(page, '.taro-modal__content', { hasText: text })
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').click()
  await modal.waitFor({ state: 'hidden' })
}

let orderNo = ''
let code = ''

test('1280x800: the owner adds a pickup point in 设置 → 自提点', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: /(^|\s)设置$/ }).click()
  await page.getByRole('menuitem', { name: '自提点', exact: true }).click()
  await page.waitForURL(/\/admin\/settings\/pickup-points$/)
  await btn(page, '添加自提点').click()
  const modal = page.locator('.ant-modal:visible')
  await modal.getByLabel('名称').fill('西湖门店')
  await modal.getByLabel('省份').click()
  await page.keyboard.type('浙江')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '浙江省' }).click()
  await modal.getByLabel('城市').fill('杭州市')
  await modal.getByLabel('区县').fill('西湖区')
  await modal.getByLabel('详细地址').fill('文三路 200 号一楼')
  await modal.getByLabel('营业时间').fill('每天 09:00-21:00')
  await modal.getByLabel('联系电话').fill('0571-88886666')
  await btn(modal, '保存').click()
  await modal.waitFor({ state: 'hidden' })
  await page.locator('tr', { hasText: '西湖门店' }).getByText('浙江省杭州市西湖区文三路 200 号一楼').waitFor()
  await screenshot(page, 'console-1280-pickup-points')
  assert.deepEqual(errors, [])
})

test('375x812: the shopper picks up at the point: no address, no freight, pays, and sees the code', async () => {
  const { shop } = suite
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  const token = await shop.apiLogin(newPhone())
  const search = await shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
  const goods = search.data.list.find((g) => g.price < 9900) || search.data.list[0]
  const d = await shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0)
  await shopAs(page, shop, token)
  await page.goto(`${shop.base}/goodsPages/placeAnOrder/index?from=buyNow&skuId=${sku.id}&quantity=1`)
  await shown(page, '.place-order__mode', { hasText: '到店自提' }).click()
  await shown(page, '.pickup-point__name', { hasText: '西湖门店' }).waitFor()
  await shown(page, '.pickup-point__line', { hasText: '营业时间：每天 09:00-21:00' }).waitFor()
  await shown(page, '.place-order__row', { hasText: '到店自提，免运费' }).waitFor()
  assert.equal(await shown(page, '.pick-address').count(), 0)
  await page.locator('input[placeholder="请填写提货人姓名"]').fill('李四')
  // A member without an address: the phone is the member's own, prefilled.
  assert.match(await page.locator('input[placeholder="请填写提货人手机号"]').inputValue(), /^1\d{10}$/)
  await screenshot(page, 'pickup-375-checkout')
  const payText = (await shown(page, '.place-order__sum-price').innerText()).trim()
  await button(page, '提交订单').click()
  await confirmModal(page, `模拟支付 ${payText}，确认支付？`)
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/payStatus\?/)
  orderNo = new URL(page.url()).searchParams.get('orderNo')
  await page.goto(`${shop.base}/minePages/myOrder/details?orderNo=${orderNo}`)
  await shown(page, '.order-detail__status-text', { hasText: '待自提' }).waitFor()
  code = (await shown(page, '.pickup-code__digits').innerText()).replace(/\s/g, '')
  assert.match(code, /^\d{8}$/)
  assert.ok((await page.locator('.pickup-code__qr-cell.is-dark').count()) > 50, 'the QR code is drawn')
  assert.equal(await shown(page, 'button, taro-button-core', { hasText: '查看物流' }).count(), 0)
  await screenshot(page, 'pickup-375-order-code')
  assert.deepEqual(errors, [])
})

test('375x812: staff verify the code on a phone: lines first, then 确认核销; a second time is refused', async () => {
  assert.ok(code, 'the previous test placed the order')
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/pickup-verify`)
  const field = page.getByLabel('提货码')
  await field.fill(`${code.slice(0, 4)} ${code.slice(4)}`)
  await field.press('Enter')
  await page.locator('.ant-card', { hasText: '商品' }).locator('.ant-list-item').first().waitFor()
  await page.getByText(orderNo).waitFor()
  // Nothing wider than the phone.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 375')
  await screenshot(page, 'console-375-pickup-verify')
  await btn(page, '确认核销').click()
  await btn(page, '确定').click()
  await page.getByText(`订单 ${orderNo} 已核销`).waitFor()
  await field.fill(code)
  await field.press('Enter')
  await page.locator('.ant-alert', { hasText: '该提货码已核销' }).waitFor()
  assert.equal(await btn(page, '确认核销').count(), 0)
  assert.deepEqual(errors, [])
})

test('1280x800: staff verify a code from the desk: 订单 → 自提核销, the order completes for the shopper', async () => {
  const { shop } = suite
  const token = await shop.apiLogin(newPhone())
  const search = await shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
  const goods = search.data.list.find((g) => g.price < 9900) || search.data.list[0]
  const d = await shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0)
  // The point the checkout offers first (added by the first test).
  const preview = await shop.api('POST', '/api/order/preview', { from: 'buyNow', skuId: sku.id, quantity: 1, deliveryType: 'pickup' }, token)
  const pickupPointId = preview.data.pickup.point.id
  const o = await shop.api(
    'POST',
    '/api/order/submit',
    { from: 'buyNow', skuId: sku.id, quantity: 1, deliveryType: 'pickup', pickupPointId, receiverName: '王五', receiverPhone: '13912345678', requestId: `pick${Date.now()}` },
    token,
  )
  assert.equal(o.code, 200, o.msg)
  const p = await shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, token)
  assert.equal((await shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)).code, 200)
  const pickupCode = (await shop.api('GET', `/api/order/detail?orderNo=${o.data.orderNo}`, null, token)).data.pickup.code
  assert.match(pickupCode, /^\d{8}$/)

  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: '订单' }).click()
  await page.getByRole('menuitem', { name: '自提核销' }).click()
  await page.waitForURL(/\/admin\/pickup-verify$/)
  await page.getByLabel('提货码').fill(pickupCode)
  await page.getByLabel('提货码').press('Enter')
  await page.getByText(o.data.orderNo).waitFor()
  await screenshot(page, 'console-1280-pickup-verify')
  await btn(page, '确认核销').click()
  await btn(page, '确定').click()
  await page.getByText(`订单 ${o.data.orderNo} 已核销`).waitFor()
  const after = await shop.api('GET', `/api/order/detail?orderNo=${o.data.orderNo}`, null, token)
  assert.equal(after.data.status, 'to_review')
  assert.ok(after.data.pickup.verifiedAt)
  assert.deepEqual(errors, [])
})
