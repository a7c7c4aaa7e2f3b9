// After the purchase in Chromium: review with photos → cashback task → operator approval → balance;
// return and refund → approval → tracking number → receipt → refund → the order shows it refunded.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useShopSuite, screenshot, fill, newPhone } from './harness.mjs'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const yuan = (fen) => (fen / 100).toFixed(2)

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'as-e2e-'))
for (const n of ['a', 'b']) fs.writeFileSync(path.join(tmp, `${n}.png`), PNG)
after(() => fs.rmSync(tmp, { recursive: true, force: true }))
const suite = useShopSuite({
  member: newPhone(),
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

/** Buys one unit of a goods through the API and the sandbox, the operator ships it, and the member confirms receipt. */
async function receivedOrder(goodsId) {
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${goodsId}`, null, suite.token)
  assert.equal(d.code, 200, d.msg)
  const sku = d.data.skus.find((s) => s.stock > 0)
  const o = await suite.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `e2e${Date.now()}${Math.floor(Math.random() * 1000)}` }, suite.token)
  assert.equal(o.code, 200, o.msg)
  const p = await suite.shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, suite.token)
  assert.equal(p.code, 200, p.msg)
  const c = await suite.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, suite.token)
  assert.equal(c.code, 200, c.msg)
  await suite.shop.admin('ship', o.data.orderNo, 'SF', `SF${Date.now()}`)
  const r = await suite.shop.api('POST', '/api/order/confirmReceipt', { orderNo: o.data.orderNo }, suite.token)
  assert.equal(r.code, 200, r.msg)
  return { orderNo: o.data.orderNo, payAmount: o.data.payAmount }
}

/** Picks the first option of the open NutUI picker. */
async function confirmPicker(page) {
  const ok = page.locator('.nut-picker-confirm-btn').last()
  await ok.waitFor()
  await page.waitForTimeout(400)
  await ok.click()
  await page.waitForTimeout(300)
}

test('a review with photos earns cashback: task submitted, approved by the operator, balance shows it', async () => {
  const { page } = suite
  const campaigns = await suite.shop.api('GET', '/api/cashback/campaigns', null, suite.token)
  const campaign = campaigns.data.find((c) => c.type === 'review' && c.state === 'buy')
  assert.ok(campaign, 'a seeded good-review campaign')
  const { orderNo } = await receivedOrder(campaign.goodsId)

  await page.goto(`${suite.shop.base}/minePages/myOrder/evaluate?orderNo=${orderNo}`)
  await page.getByText('商品评分').waitFor()
  await page.getByText(`好评审核通过后可得 ¥${yuan(campaign.amount)}`).waitFor()
  await fill(page, '宝贝满足你的期待吗？说说它的优点和美中不足吧', '做工精致，颜色和图片一样，物流也很快，非常满意！')
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.photo-uploader__add').first().click()])
  await chooser.setFiles([path.join(tmp, 'a.png'), path.join(tmp, 'b.png')])
  await page.locator('.photo-uploader__item').nth(1).waitFor()
  assert.equal(await page.locator('.photo-uploader__item').count(), 2)
  await page.getByText('匿名评价').click()
  await screenshot(page, 'aftersales-evaluate')
  await page.locator('.review-page__submit').click()
  await page.getByText('评价成功').first().waitFor()
  await page.getByText(`好评返现 ¥${yuan(campaign.amount)} 已提交审核`, { exact: false }).waitFor()

  // The review is on the goods' comment list with its photos, anonymous; the order is completed.
  const list = await suite.shop.api('GET', `/api/goods/commentList?goodsId=${campaign.goodsId}`, null, suite.token)
  const mine = list.data.list.find((c) => c.content.startsWith('做工精致'))
  assert.ok(mine)
  assert.equal(mine.images.length, 2)
  assert.equal(mine.anonymous, true)
  assert.equal((await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, suite.token)).data.status, 'completed')

  const tasks = await suite.shop.api('GET', '/api/cashback/tasks', null, suite.token)
  const task = tasks.data.list.find((t) => t.orderNo === orderNo)
  assert.equal(task.status, 'submitted')
  await page.locator('.nut-button').filter({ hasText: '查看返现进度' }).click()
  await page.waitForURL(/\/minePages\/cashback\/index/)
  await page.locator('.cb-task').filter({ hasText: '审核中' }).first().waitFor()

  const out = await suite.shop.admin('cashback', 'approve', String(task.id))
  assert.match(out, /已通过/)
  // Approving again pays nothing more.
  await assert.rejects(suite.shop.admin('cashback', 'approve', String(task.id)))

  await page.reload()
  await page
    .locator('.cb-head__balance')
    .filter({ hasText: yuan(campaign.amount) })
    .waitFor()
  await page.locator('.cb-task').filter({ hasText: '已到账' }).first().waitFor()
  await screenshot(page, 'aftersales-cashback-paid')
  await page.locator('.cb-task').first().click()
  await page.waitForURL(/\/minePages\/cashback\/details/)
  await page.getByText('返现已存入您的余额').waitFor()
  const bal = await suite.shop.api('GET', '/api/cashback/balance', null, suite.token)
  assert.equal(bal.data.balance, campaign.amount)
  assert.deepEqual(suite.errors, [])
})

test('return and refund: apply, operator approves, member fills the tracking number, operator receives and refunds, the order shows refunded', async () => {
  const { page } = suite
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, suite.token)
  const goods = (search.data.list || []).find((g) => g.price >= 1000) || search.data.list[0]
  const { orderNo, payAmount } = await receivedOrder(goods.id)

  await page.goto(`${suite.shop.base}/minePages/afterSales/apply?orderNo=${orderNo}`)
  await page.getByText('选择商品', { exact: true }).waitFor()
  await page.locator('.as-type').filter({ hasText: '退货退款' }).click()
  await page.locator('.as-row').filter({ hasText: '售后原因' }).click()
  await confirmPicker(page)
  await page.locator('.as-row').filter({ hasText: '七天无理由退货' }).waitFor()
  await page.locator('.as-limit').filter({ hasText: '最多可退' }).waitFor()
  const limit = await page.locator('.as-limit').innerText()
  await fill(page, '请描述具体问题，便于商家更快处理（选填）', '尺码不合适，申请退货')
  await screenshot(page, 'aftersales-apply')
  await page.locator('.nut-button').filter({ hasText: '提交申请' }).click()
  await page.waitForURL(/\/minePages\/afterSales\/returnGoodsConfirm\?afterSaleNo=/)
  await page.getByText('退货申请已提交，商家同意后将在此显示退货地址').waitFor()
  const afterSaleNo = new URL(page.url()).searchParams.get('afterSaleNo')

  await suite.shop.admin('aftersale', 'approve', afterSaleNo)
  await page.reload()
  await page.getByText('商家已同意，请寄回商品').waitFor()
  await page.locator('.as-addr').waitFor()
  await page.locator('.as-row').filter({ hasText: '快递公司' }).click()
  await confirmPicker(page)
  await page.locator('.as-row').filter({ hasText: '顺丰速运' }).waitFor()
  await fill(page, '请填写快递单号', 'SF1234567890')
  await screenshot(page, 'aftersales-return-ship')
  await page.locator('.nut-button').filter({ hasText: '提交退货物流' }).click()
  await page.waitForURL(/\/minePages\/afterSales\/details\?afterSaleNo=/)
  await page.locator('.as-head__status').filter({ hasText: '待商家收货' }).waitFor()

  // The refund refused before the shop has the goods back, then done.
  await assert.rejects(suite.shop.admin('aftersale', 'refund', afterSaleNo), /收到退货后才能退款/)
  await suite.shop.admin('aftersale', 'received', afterSaleNo)
  const out = await suite.shop.admin('aftersale', 'refund', afterSaleNo)
  assert.match(out, /已退款/)
  await page.reload()
  await page.locator('.as-head__status').filter({ hasText: '退款成功' }).waitFor()
  await page.getByText('退款金额 ¥').waitFor()
  await screenshot(page, 'aftersales-refunded')

  const order = await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, suite.token)
  assert.equal(order.data.items[0].refundedQuantity, 1)
  assert.ok(order.data.items[0].refundedAmount > 0 && order.data.items[0].refundedAmount <= payAmount)
  assert.match(limit, new RegExp(yuan(order.data.items[0].refundedAmount)))
  await page.goto(`${suite.shop.base}/minePages/myOrder/details?orderNo=${orderNo}`)
  await page.getByText(/已退款 1 件/).waitFor()
  await screenshot(page, 'aftersales-order-refunded')
  assert.deepEqual(suite.errors, [])
})
