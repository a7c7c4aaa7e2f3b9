// Console 设置 → 物流跟踪 in Chromium: the 微信物流查询 switch (mini-program orders open WeChat's tracking page) is
// off at first, explained in plain words, turned on and off through the UI (each saved at once); screenshots at
// 1280x800 and 375x812. Needs the H5 build (test/e2e/run.mjs) and builds the console.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot } from './harness.mjs'
import { useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()

test('1280x800: the 微信物流查询 switch, off by default, turned on and off again', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/settings/tracking`)
  const sw = page.getByRole('switch', { name: '微信物流查询' })
  await sw.waitFor()
  assert.equal(await sw.getAttribute('aria-checked'), 'false')
  await page.getByText('「微信物流详情」入口').waitFor()
  await page.getByText('开通「物流查询」组件').waitFor()
  await sw.click()
  await page.getByText('已开启微信物流查询').waitFor()
  assert.equal(await sw.getAttribute('aria-checked'), 'true')
  await screenshot(page, 'console-tracking-1280-wechat')
  // Saved: still on after a reload.
  await page.reload()
  await page.getByRole('switch', { name: '微信物流查询' }).waitFor()
  assert.equal(await page.getByRole('switch', { name: '微信物流查询' }).getAttribute('aria-checked'), 'true')
  await page.getByRole('switch', { name: '微信物流查询' }).click()
  await page.getByText('已关闭微信物流查询').waitFor()
  // No developer text on the page.
  const text = await page.locator('main').innerText()
  assert.doesNotMatch(text, /wechatWaybill|trace_waybill|WEAPP_|logisticsPlugin/)
  assert.deepEqual(errors, [])
})

test('375x812: the switch fits a phone', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/settings/tracking`)
  await page.getByRole('switch', { name: '微信物流查询' }).scrollIntoViewIfNeeded()
  await screenshot(page, 'console-tracking-375-wechat')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px`)
  assert.deepEqual(errors, [])
})
