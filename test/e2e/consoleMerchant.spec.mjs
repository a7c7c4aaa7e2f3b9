// The merchant's own details through the console (docs/console.md "设置", "代理"): at 1280x800 the owner adds the
// shop's own return address as the default (a bad phone refused first), approves a shopper's return choosing it, and
// the case and the shopper's after-sales detail show that address. At 375x812 (dark) the staff member paying the demo
// agent's withdrawal by hand reveals its whole bank account in 确认打款 (masked in the list before).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone } from './harness.mjs'
import { addAddress, btn, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()
const DEMO_CARD = '6222 0212 0204 1234 567' // the demo agent's card (server/src/demo/agent.ts)

/** A shopper buys, receives, and asks to return one unit (the shop's API and the sandbox). */
async function returnRequest() {
  const { shop } = suite
  const token = await shop.apiLogin(newPhone())
  await addAddress(shop, token, '退货买家')
  const search = await shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
  const goods = search.data.list.find((g) => g.price >= 1000) || search.data.list[0]
  const d = await shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0)
  const o = await shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `e2e${Date.now()}${Math.floor(Math.random() * 1000)}` }, token)
  assert.equal(o.code, 200, o.msg)
  const p = await shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, token)
  assert.equal((await shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)).code, 200)
  await shop.admin('ship', o.data.orderNo, 'SF', `SF${Date.now()}`)
  assert.equal((await shop.api('POST', '/api/order/confirmReceipt', { orderNo: o.data.orderNo }, token)).code, 200)
  const info = await shop.api('GET', `/api/afterSales/applyInfo?orderNo=${o.data.orderNo}`, null, token)
  const items = [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }]
  const q = await shop.api('POST', '/api/afterSales/quote', { orderNo: o.data.orderNo, items }, token)
  const ap = await shop.api('POST', '/api/afterSales/apply', { orderNo: o.data.orderNo, type: 'return_refund', items, reason: '商品质量问题', images: [], amount: q.data.maxAmount }, token)
  assert.equal(ap.code, 200, ap.msg)
  return { token, afterSaleNo: ap.data.afterSaleNo }
}

test('1280x800: the shop adds its own return address as the default, and a return approved with it stores and shows it', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: /(^|\s)设置$/ }).click()
  await page.getByRole('menuitem', { name: '退货地址', exact: true }).click()
  await page.waitForURL(/\/admin\/settings\/return-addresses$/)
  // The demo shop's address (its seed) is the default until the merchant sets their own.
  const defaultTag = (row) => row.locator('.ant-tag', { hasText: '默认' })
  await defaultTag(page.locator('tr', { hasText: '花语商城售后部' })).waitFor()

  await btn(page, '添加地址').click()
  const modal = page.locator('.ant-modal:visible')
  await modal.getByLabel('收件人').fill('济南售后仓 王五')
  await modal.getByLabel('联系电话').fill('12345')
  await modal.getByLabel('省份').click()
  await page.keyboard.type('山东') // the option list is virtual: search brings it in
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '山东省' }).click()
  await modal.getByLabel('城市').fill('济南市')
  await modal.getByLabel('区县').fill('历下区')
  await modal.getByLabel('详细地址').fill('经十路 88 号 2 号库')
  await modal.getByLabel('设为默认').click()
  await btn(modal, '保存').click()
  await modal.getByText('请填写手机号，或带区号的座机号').first().waitFor()
  await screenshot(page, 'console-1280-return-address-form')
  await modal.getByLabel('联系电话').fill('0531-87654321')
  await btn(modal, '保存').click()
  await modal.waitFor({ state: 'hidden' })
  const mine = page.locator('tr', { hasText: '济南售后仓 王五' })
  await defaultTag(mine).waitFor()
  await mine.getByText('山东省济南市历下区经十路 88 号 2 号库').waitFor()
  assert.equal(await defaultTag(page.locator('tr', { hasText: '花语商城售后部' })).count(), 0)
  await screenshot(page, 'console-1280-return-addresses')

  // A return: 同意 offers the addresses, the new default chosen; the case stores it and the shopper sees it.
  const { token, afterSaleNo } = await returnRequest()
  await page.goto(`${suite.shop.base}/admin/after-sales`)
  await page.getByText(afterSaleNo).click()
  await page.waitForURL(/\/admin\/after-sales\/\d+$/)
  await btn(page, '同意').click()
  const approve = page.locator('.ant-modal:visible')
  await approve.getByText('【默认】济南售后仓 王五 0531-87654321 山东省济南市历下区经十路 88 号 2 号库').waitFor()
  await page.waitForTimeout(400) // the modal's opening animation
  await screenshot(page, 'console-1280-approve-return')
  await btn(approve, '同意退货').click()
  await approve.waitFor({ state: 'hidden' })
  await page.locator('.ant-descriptions-item', { hasText: '退货地址' }).getByText('济南售后仓 王五 0531-87654321 山东省济南市历下区经十路 88 号 2 号库', { exact: true }).waitFor()
  await screenshot(page, 'console-1280-return-approved')
  const detail = await suite.shop.api('GET', `/api/afterSales/detail?afterSaleNo=${afterSaleNo}`, null, token)
  assert.deepEqual(detail.data.returnAddress, { name: '济南售后仓 王五', phone: '0531-87654321', address: '山东省济南市历下区经十路 88 号 2 号库' })
  assert.deepEqual(errors, [])
})

test('375x812 dark: the staff paying a withdrawal by hand reveal the whole bank account, masked everywhere else', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/settings/return-addresses`)
  await page.getByText('花语商城售后部').first().waitFor()
  await screenshot(page, 'console-375-return-addresses-dark')

  await page.goto(`${suite.shop.base}/admin/agents/withdrawals?status=pending`)
  const card = page.locator('.responsive-card', { hasText: '花语小店' }).filter({ hasText: '银行卡' }).first()
  await card.waitFor()
  await card.getByText('**** 4567').waitFor()
  assert.equal(await page.getByText(DEMO_CARD).count(), 0)
  await card.getByText('确认打款').click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.waitFor()
  await btn(drawer, '查看完整收款账户').click()
  await drawer.getByText(DEMO_CARD).waitFor()
  const account = drawer.locator('.ant-descriptions')
  await account.getByText('林花语').waitFor()
  await account.getByText('中国工商银行').waitFor()
  await account.getByText('杭州西湖支行').waitFor()
  await drawer.getByText('本次查看已记入操作日志').waitFor()
  await screenshot(page, 'console-375-withdrawal-account-dark')
  await btn(drawer, '取消').click()
  await drawer.waitFor({ state: 'hidden' })
  // Closed again: the list still shows the masked account only.
  assert.equal(await page.getByText(DEMO_CARD).count(), 0)
  assert.deepEqual(errors, [])
})
