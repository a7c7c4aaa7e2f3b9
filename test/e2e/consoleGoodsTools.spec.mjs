// The goods list's daily tools in Chromium (issue 34): at 375x812 a CSV import (new 货号 create goods off the shelf,
// a bad line reported with its number and why, the rest goes in), then 复制 of the imported goods and 删除 of the
// copy (never ordered); at 1280x800 导出商品 downloads the same columns the import reads, and the goods form shows
// the imported SKU's 货号, 条码 and 成本价. Needs the H5 build (test/e2e/run.mjs) and builds the console.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot } from './harness.mjs'
import { btn, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()
const NAME = `导入测试钢笔${Date.now() % 100000}`
const CODE = `PEN-${Date.now() % 100000}`

test('375x812: 导入商品 from a CSV with a bad line; 复制 the imported goods and 删除 the copy', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/goods`)
  await page.locator('.ant-table-row').first().waitFor()
  await page.getByRole('button', { name: '导入商品' }).click()
  const dialog = page.getByRole('dialog', { name: '导入商品' })
  await dialog.waitFor()
  const csv = [
    '商品名称,分类,规格,货号,条码,售价,成本价,库存',
    `${NAME},收纳,颜色:黑,${CODE}-B,6901234567892,25,12.5,30`,
    `${NAME},收纳,颜色:红,${CODE}-R,,25,12.5,20`,
    `坏行商品,收纳,,${CODE}-X,,不是价格,,1`,
  ].join('\n')
  await dialog.locator('input[type=file]').setInputFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) })
  await dialog.getByText('新建 1 件商品，1 行未导入').waitFor()
  await dialog.getByText(/第 4 行/).waitFor()
  await screenshot(page, 'console-375-goods-import')
  await btn(dialog, '知道了').click()

  // The imported goods, off the shelf, in the form on the phone: its SKUs with their 货号, nothing wider than the screen.
  const search = async () => {
    await page.goto(`${suite.shop.base}/admin/goods`)
    await page.getByPlaceholder('商品名称或编号').first().fill(NAME)
    await btn(page, '查询').click()
    await page.locator('.ant-table-row', { hasText: NAME }).first().waitFor()
  }
  await search()
  assert.equal(await page.locator('.ant-table-row', { hasText: NAME }).count(), 1)
  await page.locator('.ant-table-row', { hasText: NAME }).first().getByText('编辑', { exact: true }).click()
  await page.waitForURL(/\/admin\/goods\/\d+$/)
  await page.locator(`input[value="${CODE}-R"]`).waitFor()
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'the goods form does not scroll sideways at 375')
  await screenshot(page, 'console-375-goods-form-codes')

  // 复制 opens the copy's form; the copy (never ordered) can be deleted, the original stays.
  await search()
  await page.locator('.ant-table-row', { hasText: NAME }).first().getByText('复制', { exact: true }).click()
  await page.getByText('已复制为下架商品').waitFor()
  await page.locator(`input[value="${NAME}（副本）"]`).waitFor()
  await search()
  const copy = page.locator('.ant-table-row', { hasText: `${NAME}（副本）` }).first()
  await copy.waitFor()
  await copy.getByText('删除', { exact: true }).click()
  await btn(page, '删除').click()
  await copy.waitFor({ state: 'detached' })
  assert.equal(await page.locator('.ant-table-row', { hasText: NAME }).count(), 1)
  assert.deepEqual(errors, [])
})

test('1280x800: 导出商品 has the columns the import reads; the goods form shows the imported 货号, 条码 and 成本价', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/goods`)
  await page.locator('.ant-table-row').first().waitFor()
  // The export link, fetched with the page's session as the browser would download it.
  const href = await page.getByRole('link', { name: /导出商品/ }).getAttribute('href')
  const text = await (await page.request.get(`${suite.shop.base}${href}`)).text()
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]
  for (const col of ['商品名称', '规格', '货号', '条码', '售价', '成本价', '库存']) assert.ok(header.includes(col), `${col} in ${header}`)
  assert.ok(text.includes(`${CODE}-B`), 'the imported SKU is exported')

  await page.getByPlaceholder('商品名称或编号').first().fill(NAME)
  await btn(page, '查询').click()
  const row = page.locator('tr', { hasText: NAME }).first()
  await row.waitFor()
  await row.getByText('编辑', { exact: true }).click()
  await page.waitForURL(/\/admin\/goods\/\d+$/)
  const code = page.locator(`input[value="${CODE}-B"]`)
  await code.waitFor()
  await page.locator('input[value="6901234567892"]').waitFor()
  await screenshot(page, 'console-1280-goods-form-codes')
  assert.deepEqual(errors, [])
})
