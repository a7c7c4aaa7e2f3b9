// 营销 part B through the console in Chromium: change the odds of a blind-box prize (a pool that does not add up
// to 100 % refused first, nothing saved) and see the new odds on the shop's blind-box page; approve a review
// cashback task and see the member's cashback balance grow once.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone } from './harness.mjs'
import { PNG, addAddress, btn, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()

test('1280x800: the blind-box odds changed in the console are the odds the shop shows', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: '营销' }).click()
  await page.getByRole('menuitem', { name: '盲盒奖池' }).click()
  await page.waitForURL(/\/admin\/marketing\/blind-box$/)
  const first = page.getByLabel('10积分 中奖率')
  await first.waitFor()
  assert.equal(await first.inputValue(), '30.00')
  await page.getByTestId('odds-total').filter({ hasText: '100.00%' }).waitFor()

  // 10积分 from 30 % to 25 %: the total shows 95 % and saving is refused; nothing saved.
  await first.fill('25')
  await page.getByTestId('odds-total').filter({ hasText: '95.00%' }).waitFor()
  await page.getByTestId('save-pool').click()
  await page.getByTestId('form-error').filter({ hasText: '上架奖品的中奖率合计须为 100.00%，当前为 95.00%' }).waitFor()
  const unchanged = await suite.shop.api('GET', '/api/turntable/prizes')
  assert.equal(unchanged.data.prizes.find((p) => p.name === '10积分').probability, 30)
  await screenshot(page, 'console-1280-blind-box-refused')

  // The 5 points go to 谢谢参与: 100 %, saved.
  const none = page.getByLabel('谢谢参与 中奖率')
  const was = Number(await none.inputValue())
  await none.fill((was + 5).toFixed(2))
  await page.getByTestId('odds-total').filter({ hasText: '100.00%' }).waitFor()
  await page.getByTestId('save-pool').click()
  await page.getByText('奖池已保存').waitFor()
  await screenshot(page, 'console-1280-blind-box')

  const pool = await suite.shop.api('GET', '/api/turntable/prizes')
  assert.equal(pool.data.prizes.find((p) => p.name === '10积分').probability, 25)
  assert.equal(pool.data.prizes.find((p) => p.kind === 'none').probability, Math.round((was + 5) * 100) / 100)

  // The shopper's blind-box page (a phone) shows the same odds.
  const phone = await suite.open({ width: 375, height: 812 })
  await phone.page.goto(`${suite.shop.base}/minePages/blindBox/index`)
  const prize = phone.page.locator('.blind-box__prize:visible', { hasText: '10积分' })
  await prize.locator('.blind-box__prize-odds', { hasText: '25.00%' }).waitFor()
  await phone.page.locator('.blind-box__no-prize:visible', { hasText: `未中奖概率 ${(was + 5).toFixed(2)}%` }).waitFor()
  await prize.scrollIntoViewIfNeeded()
  await screenshot(phone.page, 'console-rewards-shop-blind-box')
  await phone.context.close()
  assert.deepEqual(errors, [])
  assert.deepEqual(phone.errors, [])
})

test('1280x800: approve a review cashback task once; the member is paid once', async () => {
  // A member buys goods with a live review cashback, receives them and writes a qualifying review (a task).
  const phone = newPhone()
  const token = await suite.shop.apiLogin(phone)
  const campaigns = await suite.shop.api('GET', '/api/cashback/campaigns', null, token)
  const campaign = campaigns.data.find((c) => c.type === 'review')
  assert.ok(campaign, 'a seeded review cashback campaign')
  await addAddress(suite.shop, token, '返现买家')
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${campaign.goodsId}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0)
  const o = await suite.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `rewards${Date.now()}` }, token)
  assert.equal(o.code, 200, o.msg)
  const orderNo = o.data.orderNo
  const p = await suite.shop.api('POST', '/api/pay/prepay', { orderNo, channel: 'sandbox' }, token)
  assert.equal((await suite.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)).code, 200)
  await suite.shop.admin('ship', orderNo, 'SF', `SF${Date.now()}`)
  assert.equal((await suite.shop.api('POST', '/api/order/confirmReceipt', { orderNo }, token)).code, 200)
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png')
  const up = await (await fetch(`${suite.shop.base}/h5/api/upload?p=3`, { method: 'POST', headers: { token }, body: form })).json()
  assert.equal(up.code, 200, up.msg)
  const detail = await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, token)
  const review = await suite.shop.api(
    'POST',
    '/api/review/submit',
    { orderNo, items: [{ orderItemId: detail.data.items[0].id, rating: 5, content: '质量很好，包装完整，推荐购买', images: [up.data.url] }] },
    token,
  )
  assert.equal(review.code, 200, review.msg)
  const taskId = review.data.cashbackTasks[0].taskId

  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/marketing/cashback-tasks`)
  const row = page.locator('tr', { hasText: phone })
  await row.getByRole('cell', { name: `#${taskId}`, exact: true }).waitFor()
  await row.getByText('质量很好，包装完整，推荐购买').waitFor()
  await screenshot(page, 'console-1280-cashback-tasks')
  await row.getByText('通过', { exact: true }).click()
  await btn(page, '确定').click()
  await page.getByText('已通过，返现已到账').waitFor()
  await row.waitFor({ state: 'detached' })

  const balance = await suite.shop.api('GET', '/api/cashback/balance', null, token)
  assert.equal(balance.data.balance, campaign.amount)
  const task = await suite.shop.api('GET', `/api/cashback/taskDetail?id=${taskId}`, null, token)
  assert.equal(task.data.status, 'paid')
  // Paid tasks leave the review queue: a second approval is not offered; the 已返现 tab lists it.
  await page.getByRole('tab', { name: '已返现' }).click()
  await page.locator('tr', { hasText: phone }).getByText('已到账').waitFor()
  assert.equal(await page.locator('tr', { hasText: phone }).getByText('通过', { exact: true }).count(), 0)
  assert.equal((await suite.shop.api('GET', '/api/cashback/ledger', null, token)).data.list.length, 1)
  assert.deepEqual(errors, [])
})

test('every 营销 page of this part draws from the real API without errors (1280 light, 375 dark)', async () => {
  const pages = [
    ['/admin/marketing/points-rules', '第1天签到积分', 'points-rules'],
    ['/admin/marketing/points-goods', '新建兑换商品', 'points-goods'],
    ['/admin/marketing/missions', '完成首次下单', 'missions'],
    ['/admin/marketing/blind-box-shipping', '全部记录', 'blind-box-shipping'],
    ['/admin/marketing/cashback', '新建返现规则', 'cashback-campaigns'],
    ['/admin/marketing/cashback-tasks', '待审核', 'cashback-tasks'],
  ]
  for (const [width, height, dark] of [
    [1280, 800, false],
    [375, 812, true],
  ]) {
    const { page, errors, context } = await suite.open({ width, height, dark })
    await suite.signIn(page)
    for (const [url, marker, name] of pages) {
      await page.goto(`${suite.shop.base}${url}`)
      await (marker.startsWith('第') ? page.getByLabel(marker) : page.getByText(marker).first()).waitFor()
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {})
      await screenshot(page, `console-${width}${dark ? '-dark' : ''}-${name}`)
    }
    // The seeded points mall is listed (points, stock) and the seeded cashback rules name their goods.
    if (width === 1280) {
      await page.goto(`${suite.shop.base}/admin/marketing/points-goods`)
      await page.locator('.ant-table-row').first().waitFor()
    }
    await context.close()
    assert.deepEqual(errors, [])
  }
})

test('1280x800: a points-mall item created from a catalogue SKU in the console is redeemable in the shop once on the shelf', async () => {
  const { page, errors, context } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/marketing/points-goods`)
  await btn(page, '新建兑换商品').click()
  const dialog = page.locator('.ant-modal-content')
  await page.getByTestId('goods-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click()
  await page
    .locator('.ant-select-dropdown:visible')
    .waitFor({ state: 'detached' })
    .catch(() => {})
  await page.getByTestId('sku-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '库存' }).first().click()
  const name = `控制台兑换好礼${Date.now() % 100000}`
  await dialog.getByLabel('名称', { exact: true }).fill(name)
  await dialog.getByLabel('所需积分').fill('999')
  await dialog.getByLabel('库存').fill('5')
  // A three-decimal cash part is refused in the form, nothing saved.
  await dialog.getByLabel('另需现金（元，0 为纯积分）').fill('1.005')
  await btn(page, '保存').click()
  await page.getByText('现金须为金额，最多两位小数').waitFor()
  await dialog.getByLabel('另需现金（元，0 为纯积分）').fill('0')
  await btn(page, '保存').click()
  await dialog.waitFor({ state: 'hidden' })
  const row = page.locator('tr', { hasText: name })
  await row.waitFor()
  const listed = async () => (await suite.shop.api('GET', '/api/integral/goodsList?page=1&pageSize=100')).data.list.find((g) => g.name === name)
  assert.equal(await listed(), undefined, 'created off the shelf')
  await row.getByRole('switch').click()
  await page.getByText('已上架').waitFor()
  const item = await listed()
  assert.ok(item, 'on the shelf: in the shop')
  assert.equal(item.points, 999)
  assert.equal(item.stock, 5)
  await screenshot(page, 'console-1280-points-goods-created')
  await context.close()
  assert.deepEqual(errors, [])
})
