// The console's pickers in Chromium (issue 33): a banner's link set to a goods through the link picker (shown as
// 「商品：…」, tapped in the shop at 375x812 → that goods' page), goods for a flash sale picked by name (with picture and
// price), a coupon issued to a member found by phone (375x812 dark).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone, shopAs } from './harness.mjs'
import { btn, useConsoleSuite } from './consoleHarness.mjs'

let goods // an on-shelf goods of the demo catalogue: { id, name }
const suite = useConsoleSuite({
  async setup(suite) {
    const r = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20')
    // One with several specs where the demo has it (the flash sale offers its other specs in one click).
    const named = r.data.list.filter((g) => [...g.name].length >= 4)
    for (const g of named.slice(0, 10)) if (!goods && (await suite.shop.api('GET', `/api/goods/detail?id=${g.id}`)).data.skus.length > 1) goods = g
    goods ||= named[0]
    assert.ok(goods, 'a goods in the demo catalogue')
  },
})

/** Four characters of the goods' name: what a merchant types to find it. */
const part = (name) => [...name].slice(0, 4).join('')

test('1280x800: a banner set to open a goods through the link picker shows 「商品：…」 and opens that goods in the shop', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/storefront`)
  // The first banner (the demo's opens a search word): the table says so in words, not as a path.
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first()
  await firstRow.waitFor()
  await page
    .getByText(/^搜索：/)
    .first()
    .waitFor()
  const title = (await firstRow.locator('td').nth(1).innerText()).trim()
  await firstRow.getByText('编辑').click()
  const form = page.locator('.ant-modal-content', { hasText: '编辑轮播图' })
  await form.getByLabel('跳转到').waitFor()
  assert.match(await form.getByLabel('跳转到').inputValue(), /^搜索：/)
  await btn(form, '选择').click()

  const dialog = page.locator('.ant-modal-content', { hasText: '选择跳转' })
  await dialog.getByText('商品', { exact: true }).click()
  await dialog.getByLabel('搜索商品').fill(part(goods.name))
  await dialog.getByLabel('搜索商品').press('Enter')
  const option = dialog.getByRole('option').filter({ hasText: goods.name }).first()
  await option.waitFor()
  // Each goods with its picture and price.
  assert.ok(await option.locator('img').count(), 'the goods picture')
  assert.match(await option.innerText(), /¥\d+\.\d{2}/)
  await option.click()
  await dialog.locator('strong', { hasText: `商品：${goods.name}` }).waitFor()
  await screenshot(page, 'console-1280-link-picker')
  await btn(dialog, '确定').click()
  assert.equal(await form.getByLabel('跳转到').inputValue(), `商品：${goods.name}`)
  await btn(form, '保存').click()
  await form.waitFor({ state: 'hidden' })
  await firstRow.getByText(`商品：${goods.name}`).waitFor()
  await screenshot(page, 'console-1280-banners-links')

  // Stored as the shop's own path.
  const home = await suite.shop.api('GET', '/api/home/selfList')
  const banner = home.data.banners.find((b) => b.title === title)
  assert.equal(banner.link, `/goodsPages/details/details?id=${goods.id}`)

  // The shop: tap that banner on the home page → the goods' page.
  const phone = await suite.open({ width: 375, height: 812, scale: 2 })
  await shopAs(phone.page, suite.shop, await suite.shop.apiLogin(newPhone()))
  await phone.page.goto(`${suite.shop.base}/pages/home/index`)
  const image = phone.page.locator(`.home-banner [aria-label="${title}"]`)
  await image.first().waitFor()
  // The carousel draws copies of its slides: tap the one in view.
  let tapped = false
  for (let i = 0; i < 20 && !tapped; i++) {
    for (const img of await image.all()) {
      const box = await img.boundingBox()
      if (box && box.x >= -1 && box.x + box.width <= 376 && box.width > 300) {
        // A click event as a tap gives it (the carousel's own touch handling takes a synthetic touch for a swipe).
        await img.dispatchEvent('click')
        tapped = true
        break
      }
    }
    if (!tapped) await phone.page.waitForTimeout(250)
  }
  assert.ok(tapped, 'the banner in view')
  await phone.page.waitForURL(new RegExp(`/goodsPages/details/details\\?id=${goods.id}(&|$)`))
  await phone.page.getByText(goods.name).first().waitFor()
  await screenshot(phone.page, 'shop-375-banner-opens-goods')
  assert.deepEqual(errors, [])
  assert.deepEqual(phone.errors, [])
})

test('1280x800: goods for a flash sale are picked by name, shown with picture and price', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/marketing/seckill/new`)
  const box = page.getByRole('combobox', { name: '秒杀商品' })
  await box.click()
  await box.fill(part(goods.name))
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: goods.name }).first()
  await option.waitFor()
  assert.ok(await option.locator('img').count(), 'the goods picture')
  assert.match(await option.innerText(), /¥\d+\.\d{2}/)
  await screenshot(page, 'console-1280-seckill-goods-by-name')
  await option.click()
  await page.locator('.ant-select-selection-item', { hasText: goods.name }).waitFor()
  // Its other specs join in one click, each on a row of its own (a goods on sale in all its specs).
  const detail = await suite.shop.api('GET', `/api/goods/detail?id=${goods.id}`)
  const others = detail.data.skus.length - 1
  if (others > 0) {
    await page.getByText(`加入该商品的其他 ${others} 个规格`).click()
    await page.locator('.ant-select-selection-item', { hasText: goods.name }).nth(others).waitFor()
    assert.equal(await page.getByRole('combobox', { name: '秒杀商品' }).count(), others + 1)
    await screenshot(page, 'console-1280-seckill-all-specs')
  }
  assert.deepEqual(errors, [])
})

test('375x812 dark: a coupon is issued to a member found by phone; the member has it', async () => {
  const phoneNo = newPhone()
  const token = await suite.shop.apiLogin(phoneNo)
  const before = await suite.shop.api('GET', '/api/coupons/mine?status=unused&page=1&pageSize=50', undefined, token)
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/marketing/coupons`)
  const card = page.locator('.responsive-card', { hasText: '发放' }).first()
  await card.waitFor()
  await card.getByText('发放', { exact: true }).click()
  const dialog = page.locator('.ant-modal-content', { hasText: '发给这些会员' })
  const picker = dialog.getByRole('combobox', { name: '选择会员' })
  await picker.click()
  // A part of a phone asks for the rest; the whole phone finds the member.
  await picker.fill(phoneNo.slice(0, 7))
  await page.getByText('请输入完整的 11 位手机号').waitFor()
  await picker.fill(phoneNo)
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: phoneNo })
  await option.waitFor()
  await screenshot(page, 'console-375-dark-member-picker')
  await option.click()
  await dialog.locator('.ant-select-selection-item', { hasText: phoneNo }).waitFor()
  await dialog.getByText('发给这些会员').click() // closes the list
  await btn(dialog, '发放').click()
  await page.locator('.ant-modal-content').getByText('已发放 1 人').waitFor()
  await screenshot(page, 'console-375-dark-coupon-issued')
  const after = await suite.shop.api('GET', '/api/coupons/mine?status=unused&page=1&pageSize=50', undefined, token)
  assert.equal(after.data.total ?? after.data.list.length, (before.data.total ?? before.data.list.length) + 1)
  assert.deepEqual(errors, [])
})
