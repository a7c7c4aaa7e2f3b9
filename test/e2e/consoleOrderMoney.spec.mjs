// Console 订单 money actions in Chromium at 1280x800 (issue 34): 改价 of an unpaid order from its details (bad input
// refused first), seen in the order's log in words and by the shopper as 原价 / 改价后; the list's 改价 row action;
// 退款 of a paid, unshipped order with a reason, which closes it. Needs the H5 build (test/e2e/run.mjs) and builds
// the console.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone } from './harness.mjs'
import { addAddress, btn, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()

/** A member with an address and an unpaid order (paid in the sandbox when `pay`): its token and order. */
async function order(pay) {
  const token = await suite.shop.apiLogin(newPhone())
  await addAddress(suite.shop, token, '改价买家')
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
  const goods = search.data.list.find((g) => g.price >= 1000) || search.data.list[0]
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0)
  const o = await suite.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `money${Date.now()}${Math.floor(Math.random() * 1000)}` }, token)
  assert.equal(o.code, 200, o.msg)
  if (pay) {
    const p = await suite.shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, token)
    const c = await suite.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)
    assert.equal(c.code, 200, c.msg)
  }
  return { token, orderNo: o.data.orderNo, payAmount: o.data.payAmount }
}

const yuan = (fen) => (fen / 100).toFixed(2)

test('1280x800: 改价 of an unpaid order (details and list), 退款 of a paid unshipped order', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)

  // 改价 from the details: ¥1 off, with a reason (required: refused first).
  const { token, orderNo, payAmount } = await order(false)
  await page.goto(`${suite.shop.base}/admin/orders/${orderNo}`)
  await btn(page, '改价').click()
  const modal = page.locator('.ant-modal-content', { hasText: '改价方式' })
  await modal.waitFor()
  await modal.getByText('在当前金额上优惠').click()
  await modal.getByLabel('优惠金额').fill('1')
  await modal.getByText(`改价后应付 ¥${yuan(payAmount - 100)}`).waitFor()
  await btn(page, '确认改价').click()
  await modal.getByText('请填写改价原因').first().waitFor()
  await screenshot(page, 'console-1280-order-price-modal')
  await modal.getByPlaceholder('如：老客户优惠').fill('老客户优惠')
  await btn(page, '确认改价').click()
  await page.getByText(`改价：¥${yuan(payAmount)} → ¥${yuan(payAmount - 100)}，原因：老客户优惠`).waitFor()
  await page.getByText('改价后实付').waitFor()
  await screenshot(page, 'console-1280-order-price-changed')
  const mine = await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, token)
  assert.equal(mine.data.payAmount, payAmount - 100)
  assert.equal(mine.data.priceAdjust, 100)
  // The prepay is for the new amount.
  const p = await suite.shop.api('POST', '/api/pay/prepay', { orderNo, channel: 'sandbox' }, token)
  assert.equal(p.data.amount, payAmount - 100)

  // The list's row action opens the same dialog.
  await page.goto(`${suite.shop.base}/admin/orders?status=unpaid`)
  const row = page.locator('tr', { hasText: orderNo })
  await row.getByText('改价', { exact: true }).click()
  await page.locator('.ant-modal-content', { hasText: '改价方式' }).getByText(`当前应付`).waitFor()
  await screenshot(page, 'console-1280-orders-price-action')
  await btn(page, '取消').first().click()

  // 退款 of a paid, unshipped order.
  const paid = await order(true)
  await page.goto(`${suite.shop.base}/admin/orders/${paid.orderNo}`)
  await btn(page, '退款').click()
  const refund = page.locator('.ant-modal-content', { hasText: '退款原因' })
  await refund.waitFor()
  await refund.getByPlaceholder('如：缺货，无法发货').fill('缺货，无法发货')
  await screenshot(page, 'console-1280-order-refund-modal')
  await btn(page, '确认退款').click()
  await page.getByText('已全额退款，交易关闭').first().waitFor()
  await screenshot(page, 'console-1280-order-refunded')
  const after = await suite.shop.api('GET', `/api/order/detail?orderNo=${paid.orderNo}`, null, paid.token)
  assert.equal(after.data.status, 'cancelled')
  const text = await page.locator('main').innerText()
  assert.doesNotMatch(text, /priceAdjust|order\.price|order\.refund|refund_close|undefined|NaN/)
  assert.deepEqual(errors, [])
})
