// 会员等级 end to end (docs/promotions.md "Member levels"): the owner (1280x800) opens 会员 → 会员等级, sees the seeded
// levels and adds one within reach of the demo shopper's growth (9折); the shopper (375x812) sees 会员折扣 at checkout
// (the amount the server priced), the level and 成长值 on mine, and the levels with their benefits on 我的等级; axe
// finds nothing serious on the console page, mine and 我的等级.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, shopAs, shot, shown } from './harness.mjs'
import { btn, useConsoleSuite } from './consoleHarness.mjs'
import { axeProblems } from './axe.mjs'

const DEMO_SHOPPER = '13800138000'
const LEVEL = '体验会员'
let token = ''
let growth = 0

const suite = useConsoleSuite({
  setup: async (s) => {
    token = await s.shop.apiLogin(DEMO_SHOPPER)
    const mine = await s.shop.api('GET', '/api/level/mine', null, token)
    assert.equal(mine.code, 200, mine.msg)
    growth = mine.data.growth
    assert.equal(mine.data.level, null, 'the demo shopper starts below the seeded levels')
  },
})

test('1280x800: the owner adds a level within the shopper’s reach in 会员 → 会员等级', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: /(^|\s)会员$/ }).click()
  await page.getByRole('menuitem', { name: '会员等级', exact: true }).click()
  await page.waitForURL(/\/admin\/member-levels$/)
  await page.locator('tr', { hasText: '黄金会员' }).getByText('9.5折 · 包邮 · 积分1.5倍').waitFor()
  await btn(page, '新建等级').click()
  const modal = page.locator('.ant-modal:visible')
  await modal.getByLabel('等级名称').fill(LEVEL)
  await modal.getByLabel('成长值门槛').fill(String(Math.min(growth, 1000)))
  await modal.getByLabel('商品折扣（折）').fill('9')
  await btn(modal, '保存').click()
  await modal.waitFor({ state: 'hidden' })
  const row = page.locator('tr', { hasText: LEVEL })
  await row.getByText('9折').waitFor()
  await screenshot(page, 'console-1280-member-levels')
  assert.deepEqual(await axeProblems(page), [])
  // The same threshold twice is refused in words.
  await btn(page, '新建等级').click()
  await modal.getByLabel('等级名称').fill('重复门槛')
  await modal.getByLabel('成长值门槛').fill(String(Math.min(growth, 1000)))
  await btn(modal, '保存').click()
  await modal.getByText(`「${LEVEL}」的成长值门槛也是`).waitFor()
  await btn(modal, '取消').click()
  assert.deepEqual(errors, [])
})

test('375x812: the shopper sees 会员折扣 at checkout, the level on mine and the levels on 我的等级', async () => {
  const { shop } = suite
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  const search = await shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
  const goods = search.data.list.find((g) => g.price >= 2000) || search.data.list[0]
  const d = await shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0)
  const preview = await shop.api('POST', '/api/order/preview', { from: 'buyNow', skuId: sku.id, quantity: 1 }, token)
  assert.equal(preview.code, 200, preview.msg)
  assert.equal(preview.data.extras.level.name, LEVEL)
  assert.equal(preview.data.levelDiscount, Math.floor((sku.price * 10) / 100))
  await shopAs(page, shop, token)
  await page.goto(`${shop.base}/goodsPages/placeAnOrder/index?from=buyNow&skuId=${sku.id}&quantity=1`)
  const row = shown(page, '.place-order__row', { hasText: `会员折扣（${LEVEL}）` })
  await row.waitFor()
  assert.equal((await row.locator('.price').innerText()).trim(), `-¥${(preview.data.levelDiscount / 100).toFixed(2)}`)
  assert.equal((await shown(page, '.place-order__sum-price').innerText()).trim(), `¥${(preview.data.payAmount / 100).toFixed(2)}`)
  await shot(page, 'member-levels-375-checkout')

  await page.goto(`${shop.base}/pages/mine/index`)
  const level = shown(page, '.mine__level')
  await level.getByText(LEVEL).waitFor()
  await level.getByText(`成长值 ${growth} / 2000`).waitFor()
  assert.deepEqual(await axeProblems(page), [], 'mine with the level card')
  await level.click()
  await page.waitForURL(/\/minePages\/myLevel\/index/)
  await shown(page, '.my-level__level--mine', { hasText: LEVEL }).getByText('商品9折').waitFor()
  await shown(page, '.my-level__level', { hasText: '黄金会员' }).getByText('积分1.5倍').waitFor()
  await shot(page, 'member-levels-375-my-level')
  assert.deepEqual(await axeProblems(page), [], '我的等级')
  assert.deepEqual(errors, [])
})
