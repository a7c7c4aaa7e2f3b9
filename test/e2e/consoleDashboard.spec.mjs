// 工作台 in Chromium (no H5 build needed: the shop is called through its API). Two devices open the shop without
// signing in and a member pays an order; the dashboard counts the visitors, shows each figure with its 环比 and
// opens the to-do's list filtered: 待发货 at 1280x800 light (the order list on its 待发货 tab, every row 待发货, the
// query in the address), 待处理售后 at 375x812 dark (the after-sales list on its 待处理 tab).
// Screenshots: test/e2e/screens/console-dashboard-*.png.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { newPhone, screenshot, SHOTS } from './harness.mjs'
import { addAddress, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite({
  setup: async (s) => {
    // Two anonymous devices (one of them twice) call the shop.
    for (const device of ['e2e-dash-device-a-0001', 'e2e-dash-device-a-0001', 'e2e-dash-device-b-0002']) {
      const r = await fetch(`${s.shop.base}/h5/api/home/selfList?p=4`, { headers: { 'x-device-id': device } })
      assert.equal(r.status, 200)
    }
    // A member pays an order: it waits to be shipped.
    const token = await s.shop.apiLogin(newPhone())
    await addAddress(s.shop, token, '看板买家')
    const search = await s.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
    const goods = search.data.list.find((g) => g.price >= 1000) || search.data.list[0]
    const d = await s.shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
    const sku = d.data.skus.find((x) => x.stock > 0)
    const o = await s.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `dash${Date.now()}` }, token)
    assert.equal(o.code, 200, o.msg)
    const p = await s.shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, token)
    const c = await s.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)
    assert.equal(c.code, 200, c.msg)
  },
})

/** The number a figure card of a period shows. */
/** The whole page, below the window's fold too. */
const fullShot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
const figure = (page, period, title) => page.getByTestId(`figures-${period}`).locator('.ant-pro-card-statistic', { hasText: title }).first()

test('1280x800 light: visitors and sales with their 环比; 待发货 opens the order list filtered to 待发货', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  const visitors = figure(page, '今日', '访客')
  await visitors.waitFor()
  assert.ok(Number((await visitors.locator('.ant-statistic-content-value').first().innerText()).trim()) >= 2, 'both anonymous devices counted')
  await figure(page, '今日', '销售额（含退款）').getByText('较昨日同时段').waitFor()
  await figure(page, '本月', '净销售额').getByText('较上月同期').waitFor()
  await page.getByText('热销商品（近 30 天，按支付金额）').waitFor()
  await screenshot(page, 'console-dashboard-1280')
  await fullShot(page, 'console-dashboard-1280-full')
  const tile = page.getByTestId('todo-toShip')
  const count = Number((await tile.locator('span').first().innerText()).trim())
  assert.ok(count >= 1)
  await tile.click()
  await page.waitForURL(/\/admin\/orders\?status=to_ship$/)
  await page.getByRole('tab', { name: '待发货', selected: true }).waitFor()
  await page.locator('tr.ant-table-row').first().waitFor()
  const tags = await page.locator('tr.ant-table-row td .ant-tag').allInnerTexts()
  assert.ok(tags.length >= 1 && tags.filter((t) => t === '待发货').length === (await page.locator('tr.ant-table-row').count()), `every row is 待发货: ${tags}`)
  await screenshot(page, 'console-dashboard-1280-to-ship')
  // Another tab rewrites the query; a reload keeps it.
  await page.getByRole('tab', { name: '全部' }).click()
  await page.waitForURL(/\/admin\/orders\?status=all$/)
  await page.reload()
  await page.getByRole('tab', { name: '全部', selected: true }).waitFor()
  assert.deepEqual(errors, [])
})

test('375x812 dark: 待处理售后 opens the after-sales list on its 待处理 tab', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  await figure(page, '今日', '转化率').waitFor()
  await screenshot(page, 'console-dashboard-375-dark')
  await fullShot(page, 'console-dashboard-375-dark-full')
  await page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-segmented') })
    .screenshot({ path: path.join(SHOTS, 'console-dashboard-375-dark-trend.png') })
  await page.getByTestId('todo-afterSales').click()
  await page.waitForURL(/\/admin\/after-sales\?status=waiting$/)
  await page.getByRole('tab', { name: '待处理', selected: true }).waitFor()
  await screenshot(page, 'console-dashboard-375-dark-after-sales')
  assert.deepEqual(errors, [])
})
