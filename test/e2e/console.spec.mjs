// The merchant console (/admin/) in Chromium, through its UI: sign in as the demo owner; create goods with two SKUs
// and a picture (bad input refused first), put it on the shelf, find it in the shop's search (1280x800); ship an
// order and add a trace, seen by the shopper (375x812); the picking list filled in and uploaded into 批量发货 (375x812); approve and refund an after-sales case (375x812); light and
// dark screenshots at both widths; sign out.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone } from './harness.mjs'
import { addAddress, btn, choose, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite({ picture: 'cup.png' })

/** Signs in as the demo owner, a wrong password refused first. */
async function signIn(page) {
  await page.goto(`${suite.shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码').fill('wrong-password')
  await btn(page, '登录').click()
  await page.getByRole('alert').filter({ hasText: /密码/ }).waitFor()
  await suite.signIn(page)
}

/** A member with an address and an order paid in the sandbox (`quantity` units of one SKU): its order number. */
async function paidOrder(quantity = 1) {
  const token = await suite.shop.apiLogin(newPhone())
  await addAddress(suite.shop, token, '控制台买家')
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=20', null, token)
  const goods = search.data.list.find((g) => g.price >= 1000) || search.data.list[0]
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock >= quantity)
  const o = await suite.shop.api('POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity, requestId: `console${Date.now()}${Math.floor(Math.random() * 1000)}` }, token)
  assert.equal(o.code, 200, o.msg)
  const p = await suite.shop.api('POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, token)
  const c = await suite.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)
  assert.equal(c.code, 200, c.msg)
  return { token, orderNo: o.data.orderNo }
}

test('1280x800: sign in, bad prices refused, goods with two SKUs and a picture created, put on the shelf, found in the shop search', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await signIn(page)
  await screenshot(page, 'console-1280-dashboard')

  const name = `控制台青瓷杯${Date.now() % 1000000}`
  await page.getByRole('menuitem', { name: '商品' }).click()
  await page.getByRole('menuitem', { name: '商品列表' }).click()
  await page.waitForURL(/\/admin\/goods$/)
  await btn(page, '新建商品').click()
  await page.waitForURL(/\/admin\/goods\/new/)
  await page.getByLabel('商品名称').fill(name)
  await choose(page, '分类', '茶')
  await page.locator('input[type=file]').first().setInputFiles(suite.picture)
  await page.getByTestId('image-item').first().waitFor()
  await page.getByRole('button', { name: '添加规格' }).click()
  await page.getByLabel('规格1名称').fill('颜色')
  const values = page.getByRole('combobox', { name: '规格1的值' })
  for (const v of ['天青', '月白']) {
    await values.fill(v)
    await values.press('Enter')
  }
  await page.getByLabel('月白 售价').waitFor()
  // 批量填写: Enter fills the column and stays in the form (it never submits a half-filled goods item).
  await page.getByLabel('批量库存').fill('5')
  await page.getByLabel('批量库存').press('Enter')
  assert.equal(await page.getByLabel('月白 库存').inputValue(), '5')
  assert.equal(await page.getByLabel('天青 库存').inputValue(), '5')
  assert.match(page.url(), /\/admin\/goods\/new$/)
  assert.equal(await page.getByTestId('form-error').count(), 0)
  // Bad input: three decimals. A Chinese message in the form, nothing saved.
  await page.getByLabel('天青 售价').fill('19.999')
  await page.getByLabel('月白 售价').fill('29.9')
  await page.getByLabel('月白 划线价').fill('39')
  await page.getByLabel('月白 库存').fill('7')
  await btn(page, '保存').click()
  await page.getByTestId('form-error').filter({ hasText: '规格「天青」：售价须为大于 0 的金额，最多两位小数' }).waitFor()
  await screenshot(page, 'console-1280-goods-bad-price')
  const none = await suite.shop.api('GET', `/api/goods/search?keyword=${encodeURIComponent(name)}&page=1&pageSize=20`)
  assert.equal(none.data.list.length, 0, 'nothing saved')

  await page.getByLabel('天青 售价').fill('19.99')
  await btn(page, '保存').click()
  await page.waitForURL(/\/admin\/goods\/\d+$/)
  const goodsId = Number(new URL(page.url()).pathname.split('/').pop())
  await screenshot(page, 'console-1280-goods-edit')

  // Off the shelf until put on it from the list.
  await page.goto(`${suite.shop.base}/admin/goods`)
  await page.getByPlaceholder('商品名称或编号').fill(name)
  await btn(page, '查询').click()
  const row = page.locator('tr', { hasText: name })
  await row.getByText('已下架').waitFor()
  assert.equal((await suite.shop.api('GET', `/api/goods/search?keyword=${encodeURIComponent(name)}&page=1&pageSize=20`)).data.list.length, 0)
  await row.getByText('上架', { exact: true }).click()
  await page.getByText('已上架 1 件商品').waitFor()
  await row.getByText('已上架').waitFor()
  await row.getByText('¥19.99–29.90').waitFor() // the range of its SKUs' prices
  await screenshot(page, 'console-1280-goods-list')

  // 复制: the copy opens in the form, off the shelf; 删除 takes it away (never ordered). The original stays.
  await row.getByText('复制', { exact: true }).click()
  await page.getByText('已复制为下架商品，填写库存后即可上架').waitFor()
  await page.waitForURL((u) => /\/admin\/goods\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${goodsId}`))
  const copyId = Number(new URL(page.url()).pathname.split('/').pop())
  await page.getByLabel('商品名称').waitFor()
  const copyName = page.getByLabel('商品名称')
  for (let i = 0; i < 50 && (await copyName.inputValue()) !== `${name}（副本）`; i++) await page.waitForTimeout(100)
  assert.equal(await copyName.inputValue(), `${name}（副本）`)
  await page.goto(`${suite.shop.base}/admin/goods`)
  await page.getByPlaceholder('商品名称或编号').fill(String(copyId))
  await btn(page, '查询').click()
  const copyRow = page.locator('tr', { hasText: `${name}（副本）` })
  await copyRow.getByText('已下架').waitFor()
  await copyRow.getByText('删除', { exact: true }).click()
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /删\s*除/ })
    .click()
  await page.getByText('已删除', { exact: true }).waitFor()
  await copyRow.waitFor({ state: 'detached' })
  assert.equal((await suite.shop.api('GET', `/api/goods/detail?id=${copyId}`)).code !== 200, true, 'the copy is gone')

  // 导入商品: the format is explained before the upload; a new 货号 makes a goods item off the shelf, a bad line is named.
  await btn(page, '导入商品').click()
  const importer = page.locator('.ant-modal:visible')
  await importer.getByText('必填列：商品名称、货号、售价').waitFor()
  const code = `E2E-${Date.now() % 1000000}`
  const csv = `商品名称,分类,规格,货号,售价,库存\r\n${name}导入款,茶饮冲调,颜色:青,${code},39.9,6\r\n坏行,茶饮冲调,,${code}-B,1.234,1\r\n`
  await importer.locator('input[type=file]').setInputFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await importer.getByText('更新 0 个规格，新建 1 件商品，1 行未导入').waitFor()
  await importer.getByText('售价「1.234」须为金额，最多两位小数').waitFor()
  await screenshot(page, 'console-1280-goods-import')
  await btn(page, '知道了').click()
  const imported = (await suite.shop.api('GET', `/api/goods/search?keyword=${encodeURIComponent(`${name}导入款`)}&page=1&pageSize=20`)).data.list
  assert.equal(imported.length, 0, 'imported goods wait off the shelf')

  // The shop finds it at once, at the lowest SKU price, with the uploaded picture; its details list both SKUs.
  const found = await suite.shop.api('GET', `/api/goods/search?keyword=${encodeURIComponent(name)}&page=1&pageSize=20`)
  const hit = found.data.list.find((g) => g.id === goodsId)
  assert.ok(hit, 'the new goods is in the shop search')
  assert.equal(hit.price, 1999)
  assert.match(hit.image || hit.mainImage || '', /\/uploads\//)
  const detail = await suite.shop.api('GET', `/api/goods/detail?id=${goodsId}`)
  assert.equal(detail.code, 200, detail.msg)
  assert.deepEqual(
    detail.data.skus.map((s) => [s.price, s.stock]).sort((a, b) => a[0] - b[0]),
    [
      [1999, 5],
      [2990, 7],
    ],
  )
  assert.deepEqual(errors, [])
})

test('1280x800: 批量发货 round trip: the template lists the paid order, filled with a courier name it ships', async () => {
  const { orderNo, token } = await paidOrder()
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await signIn(page)
  await page.goto(`${suite.shop.base}/admin/orders`)
  await btn(page, '批量发货').click()
  const dialog = page.locator('.ant-modal:visible')
  await dialog.getByTestId('ship-couriers').getByText('圆通速递（YTO）').waitFor()
  await screenshot(page, 'console-1280-batch-ship')
  // The template link, fetched with the page's session as the browser would download it.
  const href = await dialog.getByRole('link', { name: '发货模板' }).getAttribute('href')
  const template = await (await page.request.get(`${suite.shop.base}${href}`)).text()
  const line = template.split('\r\n').find((l) => l.startsWith(`"${orderNo}"`))
  assert.ok(line, 'the paid order is in the template')
  const csv = `${template.split('\r\n')[0]}\r\n${line.replace('"",""', '"圆通速递","YT9876543210"')}\r\n`
  await dialog.locator('input[type=file]').setInputFiles({ name: 'ship.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await dialog.getByText('已发货 1 个包裹').waitFor()
  await btn(page, '知道了').click()
  const detail = await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, token)
  assert.equal(detail.data.status, 'to_receive')

  // 打印发货单: the order's sheet with its receiver and lines; 拣货单 sums the lines.
  await page.goto(`${suite.shop.base}/admin/orders/print?orderNos=${orderNo}`)
  const sheet = page.getByTestId('delivery-sheet')
  await sheet.getByText(`订单号 ${orderNo}`, { exact: false }).waitFor()
  await sheet.getByText('控制台买家', { exact: false }).waitFor()
  await screenshot(page, 'console-1280-print-delivery')
  await page.getByText('拣货单（汇总）').click()
  await page.getByTestId('picking-sheet').getByText('1 个订单 · 共 1 件').waitFor()
  assert.deepEqual(errors, [])
})

test('375x812: 导出拣货单 round trip on the phone: the picking list, filled in with a courier and a number, ships the order through 批量发货', async () => {
  const { orderNo, token } = await paidOrder()
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await signIn(page)
  await page.goto(`${suite.shop.base}/admin/orders`)
  // The picking list, fetched with the page's session as the browser would download it: one row per goods line.
  const href = await page.getByRole('link', { name: '导出拣货单' }).getAttribute('href')
  const rows = (await (await page.request.get(`${suite.shop.base}${href}`)).text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  assert.equal(rows[0], '"订单号","行号","商品","规格","货号","数量","收货人","电话","地址","快递公司","快递单号"')
  const mine = rows.filter((r) => r.startsWith(`"${orderNo}"`))
  assert.ok(mine.length >= 1, 'the paid order is on the picking list')
  const csv = [rows[0], ...mine.map((r) => r.replace(/"",""$/, '"圆通速递","YT7654321098"'))].join('\r\n')
  await page.getByRole('button', { name: /批量发货/ }).click()
  const dialog = page.locator('.ant-modal:visible')
  await dialog.locator('input[type=file]').setInputFiles({ name: 'picking.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await dialog.getByText('已发货 1 个包裹').waitFor()
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'the dialog fits the phone')
  await screenshot(page, 'console-375-picking-list-shipped')
  await btn(page, '知道了').click()
  const detail = await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, token)
  assert.equal(detail.data.status, 'to_receive')
  assert.deepEqual(errors, [])
})

test('375x812: ship an order from the phone, add a trace; the shopper sees express, tracking number and trace', async () => {
  const { token, orderNo } = await paidOrder()
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await signIn(page)
  await page.goto(`${suite.shop.base}/admin/orders?status=to_ship`)
  const card = page.locator('.responsive-card', { hasText: orderNo })
  await card.waitFor()
  await screenshot(page, 'console-375-orders')
  await card.click()
  await page.waitForURL(new RegExp(`/admin/orders/${orderNo}$`))
  await btn(page, '发货').click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.waitFor()
  assert.equal(Math.round((await drawer.boundingBox()).width), 375, 'the drawer takes the full width')
  // Bad input first: a tracking number with spaces.
  await choose(page, '快递公司', '顺丰')
  await page.getByLabel('运单号').fill('SF 123')
  await btn(page, '确认发货').click()
  await page.getByText('运单号只能包含字母、数字和短横线').waitFor()
  await page.getByLabel('运单号').fill('SF20261124001')
  await screenshot(page, 'console-375-ship')
  await btn(page, '确认发货').click()
  await drawer.waitFor({ state: 'hidden' })
  await page.locator('.ant-tag', { hasText: '待收货' }).first().waitFor()
  await page.getByText('SF20261124001').first().waitFor()

  await page.getByRole('button', { name: '添加物流轨迹' }).click()
  await page.getByLabel('轨迹内容').fill('已到达杭州转运中心')
  await btn(page, '保存').click()
  await page.locator('.ant-timeline-item', { hasText: '已到达杭州转运中心' }).first().waitFor()
  await drawer.waitFor({ state: 'hidden' })
  await screenshot(page, 'console-375-order-detail')

  const trace = await suite.shop.api('GET', `/api/logistics/trace?orderNo=${orderNo}`, null, token)
  assert.equal(trace.code, 200, trace.msg)
  assert.equal(trace.data.trackingNo, 'SF20261124001')
  assert.match(trace.data.expressName, /顺丰/)
  assert.ok(
    trace.data.traces.some((t) => t.text.includes('已到达杭州转运中心')),
    'the added trace reaches the shopper',
  )
  assert.deepEqual(errors, [])
})

for (const [width, height] of [
  [1280, 800],
  [375, 812],
]) {
  test(`${width}x${height}: ship an order in two parcels: 部分发货 after the first, 待收货 after the second; the shopper sees 包裹1 and 包裹2`, async () => {
    const { token, orderNo } = await paidOrder(2)
    const { page, errors } = await suite.open({ width, height })
    await signIn(page)
    await page.goto(`${suite.shop.base}/admin/orders/${orderNo}`)
    // Parcel 1: one of the two units.
    await btn(page, '发货').click()
    const lines = page.getByTestId('ship-lines')
    await lines.waitFor()
    const qty = lines.getByRole('spinbutton')
    assert.equal(await qty.inputValue(), '2', 'every unit waiting is in the parcel by default')
    await qty.fill('1')
    await choose(page, '快递公司', '顺丰')
    // exact: the 更正运单号 dialog is labelled with the same word.
    await page.getByLabel('运单号', { exact: true }).fill(`SF${width}00000001`)
    await screenshot(page, `console-${width}-ship-parcel`)
    await btn(page, '确认发货').click()
    await page.locator('.ant-tag', { hasText: '部分发货' }).first().waitFor()
    assert.equal((await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, token)).data.statusText, '部分发货')
    // Parcel 2: the unit left, by default.
    await btn(page, '发货').click()
    await page.locator('.ant-modal-title, .ant-drawer-title', { hasText: '发货（包裹2）' }).first().waitFor()
    assert.equal(await page.getByTestId('ship-lines').getByRole('spinbutton').inputValue(), '1')
    await choose(page, '快递公司', '圆通')
    await page.getByLabel('运单号', { exact: true }).fill(`YT${width}00000002`)
    await btn(page, '确认发货').click()
    await page.locator('.ant-tag', { hasText: '待收货' }).first().waitFor()
    await page.getByTestId('order-parcel').nth(1).getByText(`YT${width}00000002`).waitFor()
    assert.equal(await page.getByTestId('order-parcel').count(), 2)
    await page.getByText('包裹2').first().waitFor()
    await screenshot(page, `console-${width}-parcels`)
    const wide = await page.evaluate(() => document.scrollingElement.scrollWidth)
    assert.ok(wide <= width, `no sideways scroll at ${width} (${wide})`)

    const trace = await suite.shop.api('GET', `/api/logistics/trace?orderNo=${orderNo}`, null, token)
    assert.deepEqual(
      trace.data.parcels.map((p) => [p.trackingNo, p.items.map((i) => i.quantity)]),
      [
        [`SF${width}00000001`, [1]],
        [`YT${width}00000002`, [1]],
      ],
    )
    assert.deepEqual(errors, [])
  })
}

test('375x812: approve and refund an after-sales case from the phone; the shopper sees it refunded', async () => {
  const { token, orderNo } = await paidOrder()
  const info = await suite.shop.api('GET', `/api/afterSales/applyInfo?orderNo=${orderNo}`, null, token)
  assert.equal(info.code, 200, info.msg)
  const items = info.data.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity - i.refundedQuantity }))
  const quote = await suite.shop.api('POST', '/api/afterSales/quote', { orderNo, items }, token)
  const applied = await suite.shop.api(
    'POST',
    '/api/afterSales/apply',
    { orderNo, type: 'refund', items, reason: '不想要了', description: '拍错了颜色', images: [], amount: quote.data.maxAmount },
    token,
  )
  assert.equal(applied.code, 200, applied.msg)
  const afterSaleNo = applied.data.afterSaleNo

  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await signIn(page)
  await page.goto(`${suite.shop.base}/admin/after-sales?status=applied`)
  const card = page.locator('.responsive-card', { hasText: afterSaleNo })
  await card.waitFor()
  await screenshot(page, 'console-375-after-sales')
  await card.click()
  await page.waitForURL(/\/admin\/after-sales\/\d+$/)
  await page.getByText('拍错了颜色').waitFor()
  await btn(page, '同意').click()
  // The 同意 dialog: the amount asked is filled in; approving it whole needs no reason.
  await btn(page, '同意退款').click()
  await page.locator('.ant-tag', { hasText: '已同意' }).waitFor()
  await btn(page, '退款').click()
  await btn(page, '确定').click()
  await page
    .locator('.ant-tag', { hasText: '已退款' })
    .waitFor()
    .catch(async (e) => {
      await screenshot(page, 'console-375-after-sale-refund-failed')
      throw e
    })
  await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' })
  await screenshot(page, 'console-375-after-sale-refunded')

  const detail = await suite.shop.api('GET', `/api/afterSales/detail?afterSaleNo=${afterSaleNo}`, null, token)
  assert.equal(detail.code, 200, detail.msg)
  assert.equal(detail.data.status ?? detail.data.case?.status, 'refunded')
  assert.deepEqual(errors, [])
})

test('dark theme at 1280 and 375 (following the system, and the switch kept in localStorage); sign out', async () => {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ]) {
    const { page, errors } = await suite.open({ width, height, dark: true })
    await signIn(page)
    // Following the system: dark without a choice stored.
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark')
    await page.locator('canvas').first().waitFor()
    await screenshot(page, `console-${width}-dashboard-dark`)
    await page.goto(`${suite.shop.base}/admin/orders`)
    await page
      .locator(width < 500 ? '.responsive-card' : '.ant-table-row')
      .first()
      .waitFor()
    await screenshot(page, `console-${width}-orders-dark`)
    assert.deepEqual(errors, [])
  }

  // The switch wins over the system and survives a reload; then sign out.
  const { page, errors } = await suite.open({ width: 1280, height: 800, dark: true })
  await signIn(page)
  await page.getByRole('button', { name: '主题' }).click()
  await page.getByRole('menuitem', { name: '浅色' }).click()
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light')
  await page.reload()
  await page.getByText('待办事项').waitFor()
  assert.equal(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('admin.theme')].join()), 'light,light')
  await page.getByTestId('account-menu').hover()
  await page.getByText('退出登录').click()
  await page.waitForURL(/\/admin\/login/)
  // The session is gone on the server too: the console's own API refuses it.
  const me = await page.evaluate(() => fetch('/admin/api/auth/me').then((r) => r.json()))
  assert.equal(me.code, 8001)
  await page.goto(`${suite.shop.base}/admin/orders`)
  await page.waitForURL(/\/admin\/login\?from=/)
  assert.deepEqual(errors, [])
})
