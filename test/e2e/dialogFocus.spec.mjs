// Issue 23: dialogs on the H5 work from the keyboard. A confirm (Taro's modal through confirm()) and a sheet of
// ours (the goods share sheet, useDialogFocus): opened with the keyboard, the focus moves in, Tab stays inside,
// Escape closes, and the focus is back on the control that opened it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, pageQueries, shown, button } from './harness.mjs'

const suite = useShopSuite({ member: '13800138000', setup: (s) => s.signIn() })

/** Presses Tab `n` times and says whether the focus stayed inside `selector` each time. */
async function tabStaysIn(page, selector, n = 6) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab')
    const inside = await page.evaluate((sel) => !!document.activeElement?.closest(sel), selector)
    if (!inside) return false
  }
  return true
}

test('a confirm is an alertdialog the keyboard can answer: focus in, Tab kept inside, Escape cancels, focus back', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/minePages/setting/index`)
  const logout = button(page, '退出登录')
  await logout.focus()
  await page.keyboard.press('Enter')
  const dialog = shown(page, '[role="alertdialog"]')
  await dialog.waitFor()
  assert.equal(await dialog.getAttribute('aria-modal'), 'true')
  assert.equal(await page.evaluate(() => document.getElementById(document.querySelector('[role="alertdialog"]').getAttribute('aria-labelledby')).textContent), '退出登录')
  assert.equal(await page.evaluate(() => document.activeElement.textContent), '确定')
  assert.ok(await tabStaysIn(page, '[role="alertdialog"]'), 'Tab left the confirm')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.set-logout')), 'the focus is back on 退出登录')
  assert.ok(await page.evaluate(() => !!localStorage.getItem('user')), 'Escape cancelled: still logged in')
})

test('the share sheet of goods details: focus in, Tab kept inside, Escape closes, focus back on 分享', async () => {
  const { page } = suite
  const query = await pageQueries(suite.shop, suite.token)
  await page.goto(`${suite.shop.base}/goodsPages/details/details${query('goodsPages/details/details')}`)
  const share = shown(page, '[role="button"][aria-label="分享"]').first()
  await share.focus()
  await page.keyboard.press('Enter')
  const dialog = shown(page, '[role="dialog"][aria-label="分享给好友"]')
  await dialog.waitFor()
  await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'))
  assert.ok(await tabStaysIn(page, '[role="dialog"]'), 'Tab left the share sheet')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '分享')
})
