// The console's 营销 → 拼团 in Chromium (1280x800, then 375x812 light and dark): staff create a group-buy activity on a
// goods (a group price not below the single price refused first, beside that price), see it in the list with its
// state and figures, edit it, turn it off with its switch; 查看团 shows the demo shop's open group with its leader; the
// 操作日志 names the three writes in Chinese with no developer text. Screenshots of the list, the form and the drawer.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { btn, useConsoleSuite } from './consoleHarness.mjs'
import { screenshot } from './harness.mjs'
import { describeTokens, devTokens } from './devText.mjs'

const suite = useConsoleSuite()
const DATA = { data: ['admin'] }
const visibleText = (page) => page.evaluate(() => document.body.innerText)

/** A goods on sale with a SKU of ¥10 or more in stock, and no group-buy activity: the one the staff picks. */
async function freeGoods() {
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=40')
  for (const g of search.data.list) {
    const d = await suite.shop.api('GET', `/api/goods/detail?id=${g.id}`)
    const sku = d.data.skus.find((s) => s.stock > 0 && s.price >= 1000)
    const live = await suite.shop.api('GET', `/api/groupBuy/goods?goodsId=${g.id}`)
    if (sku && !live.data.activity) return { goods: d.data, sku }
  }
  throw new Error('no goods without a group-buy activity')
}

test('1280x800: staff create, list, edit and turn off a group-buy activity; 查看团 and the 操作日志', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  const { goods, sku } = await freeGoods()
  const title = `三人团${Date.now() % 100000}`

  await page.getByRole('menuitem', { name: '营销' }).click()
  await page.getByRole('menuitem', { name: '拼团' }).click()
  await page.waitForURL(/\/admin\/marketing\/group-buy$/)
  // The demo seed's activity, with its open group among the figures.
  const seeded = page.locator('tr', { hasText: '两人拼团' })
  await seeded.getByText('进行中').waitFor()
  await screenshot(page, 'console-groupbuy-1280-list')

  // 查看团: the demo group, its leader paid.
  await seeded.getByText('查看团').click()
  const drawer = page.locator('.ant-drawer-content:visible')
  await drawer.getByText('拼团中').first().waitFor()
  await drawer.getByText('团长').first().waitFor()
  await drawer.getByText('已付款').first().waitFor()
  assert.deepEqual(describeTokens(devTokens(await drawer.innerText(), DATA)), [])
  await screenshot(page, 'console-groupbuy-1280-groups')
  await page.locator('.ant-drawer-close:visible').click()
  await drawer.waitFor({ state: 'hidden' })

  await btn(page, '新建拼团').click()
  await page.waitForURL(/\/admin\/marketing\/group-buy\/new$/)
  const goodsBox = page.getByRole('combobox', { name: '选择商品' })
  await goodsBox.click()
  await goodsBox.fill(goods.name)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: goods.name }).first().click()
  await page.getByLabel('活动名称').fill(title)
  await page.getByLabel('成团人数').fill('3')
  await page.getByLabel('团长优惠（元）').fill('1')
  await page.getByRole('switch', { name: '模拟成团' }).click()
  // Every SKU of the goods is a row with its single price; only the one chosen gets a group price.
  const spec = sku.specText || '默认规格'
  const price = page.getByLabel(`${spec}的拼团价`)
  await price.waitFor()
  const single = (sku.price / 100).toFixed(2)
  await page.locator('tr', { has: price }).getByText(`¥${single}`).waitFor()
  // Bad input first: the single price itself. Said beside the price and when saving; nothing saved.
  await price.fill(single)
  await page.getByText(`拼团价需低于单买价 ¥${single}`).first().waitFor()
  await btn(page, '保存').click()
  await page
    .getByTestId('form-error')
    .filter({ hasText: `「${spec}」的拼团价需低于单买价 ¥${single}` })
    .waitFor()
  await price.fill('0.001')
  await page.getByText('拼团价须为金额，最多两位小数').first().waitFor()
  const groupPrice = ((sku.price - 100) / 100).toFixed(2)
  await price.fill(groupPrice)
  await screenshot(page, 'console-groupbuy-1280-form')
  await btn(page, '保存').click()
  await page.waitForURL(/\/admin\/marketing\/group-buy\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await page.locator('.ant-tag', { hasText: '未开始' }).first().waitFor()

  // In the list: goods, size, state, figures at zero.
  await page.goto(`${suite.shop.base}/admin/marketing/group-buy`)
  const row = page.locator('tr', { hasText: title })
  await row.getByText(goods.name).waitFor()
  await row.getByText('3 人团').waitFor()
  await row.getByText('未开始').waitFor()
  await row.getByText('¥0.00').waitFor()

  // Edit: two-person groups now; the page reads back what was saved (prices in yuan, 模拟成团 on).
  await row.getByText('编辑').click()
  await page.waitForURL(new RegExp(`/admin/marketing/group-buy/${id}$`))
  await assert.doesNotReject(
    page
      .getByLabel(`${spec}的拼团价`)
      .and(page.locator(`[value="${groupPrice}"]`))
      .waitFor(),
  )
  assert.equal(await page.getByRole('switch', { name: '模拟成团' }).getAttribute('aria-checked'), 'true')
  assert.equal(await page.getByLabel('团长优惠（元）').inputValue(), '1.00')
  await page.getByLabel('成团人数').fill('2')
  await btn(page, '保存').click()
  await page.getByText('已保存').waitFor()
  await page.goto(`${suite.shop.base}/admin/marketing/group-buy`)
  await row.getByText('2 人团').waitFor()

  // Off with its switch: 已关闭.
  await row.getByRole('switch', { name: `开启「${title}」` }).click()
  await row.getByText('已关闭').waitFor()
  const saved = await suite.shop.api('GET', `/api/groupBuy/goods?goodsId=${goods.id}`)
  assert.equal(saved.data.activity, null)

  // 操作日志: the three writes, in Chinese, their changes readable.
  await page.goto(`${suite.shop.base}/admin/system/audit`)
  const log = page.locator('.ant-table').first()
  for (const words of ['新建拼团活动', '编辑拼团活动', '关闭拼团活动']) await log.getByText(words).first().waitFor()
  const rows = page.locator('tr.ant-table-row', { hasText: '拼团活动' })
  for (let i = 0; i < 3; i++) await rows.nth(i).locator('.ant-table-row-expand-icon-collapsed').click()
  const text = await log.innerText()
  assert.match(text, /成团人数\s+3\s+2/)
  assert.match(text, /团长优惠\s+—\s+¥1\.00/)
  assert.deepEqual(describeTokens(devTokens(await visibleText(page), DATA)), [])
  await screenshot(page, 'console-groupbuy-1280-audit')
  assert.deepEqual(errors, [])
})

for (const dark of [false, true]) {
  test(`375x812 ${dark ? 'dark' : 'light'}: the activities read as cards, the form fits the phone`, async () => {
    const { page, errors } = await suite.open({ width: 375, height: 812, dark })
    await suite.signIn(page)
    await page.goto(`${suite.shop.base}/admin/marketing/group-buy`)
    const card = page.locator('.responsive-card', { hasText: '两人拼团' })
    await card.getByText('进行中').first().waitFor()
    await screenshot(page, `console-groupbuy-375-${dark ? 'dark' : 'light'}-list`)
    await card.getByText('编辑').click()
    await page.waitForURL(/\/admin\/marketing\/group-buy\/\d+$/)
    await page.getByRole('columnheader', { name: '拼团价（元）' }).waitFor()
    await page
      .getByLabel(/的拼团价$/)
      .first()
      .waitFor()
    await screenshot(page, `console-groupbuy-375-${dark ? 'dark' : 'light'}-form`)
    assert.deepEqual(describeTokens(devTokens(await visibleText(page), DATA)), [])
    assert.deepEqual(errors, [])
  })
}

test('1280x800 dark: the list and the form', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800, dark: true })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/marketing/group-buy`)
  await page.locator('tr', { hasText: '两人拼团' }).getByText('进行中').waitFor()
  await screenshot(page, 'console-groupbuy-1280-dark-list')
  await page.locator('tr', { hasText: '两人拼团' }).getByText('编辑').click()
  await page.getByRole('columnheader', { name: '拼团价（元）' }).waitFor()
  await page
    .getByLabel(/的拼团价$/)
    .first()
    .waitFor()
  await screenshot(page, 'console-groupbuy-1280-dark-form')
  assert.deepEqual(errors, [])
})
