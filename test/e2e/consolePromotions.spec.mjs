// The console's 营销 part A in Chromium, through its UI (1280x800) and the shop (H5 at 375x812): create a flash-sale
// session running now (a price above the goods' own refused first), buy in it from the shop, see sold / quota move on
// the console's session page; create a claimable coupon, link it to a new activity, claim it from the activity page.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone } from './harness.mjs'
import { addAddress, btn, shopAs, useConsoleSuite } from './consoleHarness.mjs'

// The console signed in at 1280x800 and a member's phone with an address, shared by the tests.
let console1280, phone375, token
const suite = useConsoleSuite({
  picture: 'banner.png',
  async setup(suite) {
    console1280 = await suite.open({ width: 1280, height: 800 })
    await suite.signIn(console1280.page)
    phone375 = await suite.open({ width: 375, height: 812, scale: 2 })
    token = await suite.shop.apiLogin(newPhone())
    await addAddress(suite.shop, token, '秒杀买家')
    await shopAs(phone375.page, suite.shop, token)
  },
})

/** Types into an antd picker's input and confirms with Enter. */
async function typeInto(locator, text) {
  await locator.click()
  await locator.fill(text)
  await locator.press('Enter')
}

const chinaNow = () => new Date(Date.now() + 8 * 3600_000).toISOString()

test('1280x800 + 375x812: a flash-sale session created in the console sells in the shop; the console shows sold / quota', async () => {
  const { page, errors } = console1280
  // Goods for the session: a catalogue SKU with stock, priced at 10 yuan or more.
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=40')
  let sku, goods
  for (const g of search.data.list) {
    const d = await suite.shop.api('GET', `/api/goods/detail?id=${g.id}`)
    sku = d.data.skus.find((s) => s.stock > 10 && s.price >= 1000)
    if (sku) {
      goods = d.data
      break
    }
  }
  assert.ok(sku, 'a goods with stock')

  await page.getByRole('menuitem', { name: '营销' }).click()
  await page.getByRole('menuitem', { name: '秒杀' }).click()
  await page.waitForURL(/\/admin\/marketing\/seckill$/)
  await btn(page, '新建场次').click()
  await page.waitForURL(/\/admin\/marketing\/seckill\/new$/)
  // Today, from the current minute (China time) to 23:59.
  const now = chinaNow()
  await typeInto(page.getByPlaceholder('请选择日期'), now.slice(0, 10))
  await typeInto(page.locator('#start'), now.slice(11, 16))
  await typeInto(page.locator('#end'), '23:59')
  const skuBox = page.getByRole('combobox', { name: '秒杀商品' })
  await skuBox.click()
  await skuBox.fill(String(goods.id))
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click()
  // Bad input first: a flash price above the goods' own price. The server's message in the page, nothing saved.
  await page.getByLabel('秒杀价').fill(((sku.price + 100) / 100).toFixed(2))
  await page.getByLabel('限量').fill('5')
  await btn(page, '保存').click()
  await page.getByTestId('form-error').filter({ hasText: '秒杀价须低于原价' }).waitFor()
  await screenshot(page, 'console-promo-1280-seckill-refused')
  await page.getByLabel('秒杀价').fill('9.90')
  await btn(page, '保存').click()
  await page.waitForURL(/\/admin\/marketing\/seckill\/\d+$/)
  const sessionId = Number(new URL(page.url()).pathname.split('/').pop())
  await page.locator('.ant-tag', { hasText: '进行中' }).first().waitFor()
  await page.getByTestId('seckill-sold').filter({ hasText: '0 / 5' }).waitFor()
  await screenshot(page, 'console-promo-1280-seckill-session')

  // The shop: the session's item, bought from its page.
  const items = await suite.shop.api('GET', `/api/seckill/items?sessionId=${sessionId}`)
  const item = items.data.items[0]
  assert.deepEqual([item.price, item.quota, item.sold], [990, 5, 0])
  const shopPage = phone375.page
  await shopPage.goto(`${suite.shop.base}/goodsPages/flashSale/details?itemId=${item.id}`)
  await shopPage.getByText('秒杀规则').waitFor()
  await screenshot(shopPage, 'console-promo-375-flash-detail')
  await shopPage.locator('.flash-detail__buy').click()
  await shopPage.waitForURL(/\/goodsPages\/placeAnOrder\/seckill/)
  await shopPage.getByText('立即抢购').waitFor()
  await shopPage.locator('.seckill-order__submit').click()
  await shopPage.locator('.taro-model__confirm').filter({ hasText: '确认支付' }).click()
  await shopPage.waitForURL(/\/goodsPages\/placeAnOrder\/payStatus/)
  const orders = await suite.shop.api('GET', '/api/order/list?status=all', null, token)
  const o = orders.data.list.find((x) => x.orderType === 'seckill')
  assert.ok(o, 'the flash-sale order')
  assert.deepEqual([o.status, o.payAmount], ['to_ship', 990])

  // The console's running session follows by itself (polled): 1 / 5.
  await page.getByTestId('seckill-sold').filter({ hasText: '1 / 5' }).waitFor({ timeout: 10_000 })
  await screenshot(page, 'console-promo-1280-seckill-live')
  assert.deepEqual(errors, [])
  assert.deepEqual(phone375.errors, [])
})

test('1280x800 + 375x812: a claimable coupon linked to an activity is claimed from the activity page', async () => {
  const { page, errors } = console1280
  const name = `活动满50减5-${Date.now() % 100000}`
  await page.goto(`${suite.shop.base}/admin/marketing/coupons`)
  await btn(page, '新建优惠券').click()
  const modal = page.locator('.ant-modal-content:visible')
  await modal.getByLabel('名称').fill(name)
  // Bad input first: an amount not below the threshold.
  await modal.getByLabel('使用门槛（元，满多少可用）').fill('5')
  await modal.getByLabel('面额（元）').fill('5')
  await btn(page, '保存').click()
  await modal.getByTestId('form-error').filter({ hasText: '使用门槛须大于面额' }).waitFor()
  await screenshot(page, 'console-promo-1280-coupon-refused')
  await modal.getByLabel('使用门槛（元，满多少可用）').fill('50')
  await btn(page, '保存').click()
  const row = page.locator('tr', { hasText: name })
  await row.getByText('满50减5', { exact: true }).waitFor()
  await screenshot(page, 'console-promo-1280-coupons')

  // 内容 is one entry while 活动 is its only page, a group once it has more.
  await page.getByRole('menuitem', { name: '内容' }).click()
  const entry = page.getByRole('menuitem', { name: '活动', exact: true })
  if (!/\/admin\/content\/activities$/.test(page.url())) await entry.click()
  await page.waitForURL(/\/admin\/content\/activities$/)
  await btn(page, '新建活动').click()
  const title = `控制台活动${Date.now() % 100000}`
  await modal.getByLabel('标题').fill(title)
  await modal.locator('input[type=file]').first().setInputFiles(suite.picture)
  await modal.getByTestId('image-item').first().waitFor()
  // The console's pickers are in the browser's time zone: an hour ago to a week ahead, written as it writes them.
  const [start, end] = await page.evaluate(() => {
    const f = (t) => {
      const d = new Date(t)
      const p = (n) => String(n).padStart(2, '0')
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`
    }
    return [f(Date.now() - 3600_000), f(Date.now() + 7 * 86400_000)]
  })
  const range = modal.locator('.ant-picker-range input')
  // Typed, then confirmed with the panel's 确定 (Enter would submit the form).
  const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button')
  await range.nth(0).click()
  await range.nth(0).fill(start)
  await ok.click()
  await range.nth(1).fill(end)
  await ok.click()
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' })
  const coupons = modal.getByRole('combobox', { name: '可领优惠券' })
  await coupons.click()
  await coupons.fill(name)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click()
  await modal.getByLabel('标题').click() // closes the dropdown
  await screenshot(page, 'console-promo-1280-activity-form')
  await btn(page, '保存').click()
  await page.locator('tr', { hasText: title }).getByText(name).waitFor()
  await screenshot(page, 'console-promo-1280-activities')
  const list = await suite.shop.api('GET', '/api/content/activityList?status=ongoing&page=1&pageSize=50')
  const activity = list.data.list.find((a) => a.title === title)
  assert.ok(activity, 'the activity is in the shop, ongoing')

  // The shop's activity page: the coupon, claimed with one tap, then shown as taken.
  const shopPage = phone375.page
  const couponsOf = async () => (await suite.shop.api('GET', '/api/coupons/mine?status=unused&page=1&pageSize=50', null, token)).data.list.filter((c) => c.name === name).length
  assert.equal(await couponsOf(), 0)
  await shopPage.goto(`${suite.shop.base}/commonPages/activity/details?id=${activity.id}`)
  const card = shopPage.locator('.activity-coupon:visible', { hasText: name })
  await card.waitFor()
  await screenshot(shopPage, 'console-promo-375-activity')
  await card.locator('.activity-coupon__btn', { hasText: '立即领取' }).click()
  await card.locator('.activity-coupon__btn', { hasText: '已领取' }).waitFor()
  assert.equal(await couponsOf(), 1)
  await screenshot(shopPage, 'console-promo-375-activity-claimed')

  // The console's records list the claim.
  await page.goto(`${suite.shop.base}/admin/marketing/coupon-records`)
  await page.locator('tr', { hasText: name }).first().waitFor()
  assert.deepEqual(errors, [])
  assert.deepEqual(phone375.errors, [])
})

test('375x812 dark: the 营销 lists read as cards on a phone', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/marketing/seckill`)
  await page.locator('.responsive-card').first().waitFor()
  await page.locator('.responsive-card', { hasText: '进行中' }).first().waitFor()
  await screenshot(page, 'console-promo-375-dark-seckill')
  await page.goto(`${suite.shop.base}/admin/marketing/coupons`)
  await page.locator('.responsive-card').first().waitFor()
  await screenshot(page, 'console-promo-375-dark-coupons')
  await page.goto(`${suite.shop.base}/admin/marketing/new-member-package`)
  await page.getByText('新人专享无门槛券').first().waitFor()
  await screenshot(page, 'console-promo-375-dark-package')
  assert.deepEqual(errors, [])
})
